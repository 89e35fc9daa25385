import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { ApiError, parseId } from '../http-errors';
import { readableFile } from '../files/files.service';
import { findFileRecording } from '../files/peaks/peaks.repository';
import type { PeaksMaker } from '../files/peaks/peaks-maker';
import { RETRY_AFTER_SECONDS } from '../plugins/costly-work';
import { FileParams, PeaksDownload, PeaksPending } from '../../src/shared/api-contract/files';
import { PEAKS_MEDIA_TYPE } from '../../src/shared/waveform/peaks';

export const NO_RECORDING = 'This file has no recording.';
export const PEAKS_COMING = 'The waveform is being computed. Try again in a few seconds.';

/**
 * A file's waveform peaks, computed from its recording once it is stored (peaks-maker.ts). The
 * same access as the file: a private file's peaks go to its owner only.
 */
export const peaksRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  peaks: PeaksMaker;
}> = async (app, options) => {
  const { db } = options.database;
  app.get<{ Params: FileParams }>(
    '/files/:id/peaks',
    {
      schema: {
        summary: "The waveform peaks of a file's recording",
        tags: ['files'],
        params: FileParams,
        response: { 200: PeaksDownload, 202: PeaksPending, 404: PeaksPending, 422: PeaksPending },
      },
    },
    async (request, reply) => {
      const fileId = parseId(request.params.id);
      const file = await readableFile(db, fileId, request.userId);
      const recording = await findFileRecording(db, fileId);
      if (!recording) throw new ApiError(404, { detail: NO_RECORDING });
      const { stored } = recording;
      if (!stored) {
        options.peaks.want([fileId]);
        return reply
          .code(202)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .send({ detail: PEAKS_COMING });
      }
      if ('note' in stored) throw new ApiError(422, { detail: stored.note });
      // Peaks of a recording never change: they are named by its content.
      const etag = `"${recording.sha256}"`;
      reply.header('etag', etag);
      // A private file's answer is not kept anywhere (the app marks it no-store).
      if (file.isPublic) reply.header('cache-control', 'public, max-age=86400');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(PEAKS_MEDIA_TYPE).send(Buffer.from(stored.peaks));
    },
  );
};
