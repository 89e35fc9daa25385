import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { attachment } from '../http-attachment';
import { CostlyWork } from '../plugins/costly-work';
import { workTasks } from '../work/work-pool';
import { parseId } from '../http-errors';
import { exportFile } from '../files/exports/exports.service';
import {
  ExportDownload,
  ExportParams,
  ExportQueryString,
} from '../../src/shared/api-contract/exports';

/**
 * A file's timelines exported to JAMS, Audacity labels, Sonic Visualiser layers or W3C Web
 * Annotation (docs/exports.md). Links inside start with PUBLIC_URL (`publicUrl`), never with the
 * request's Host header. An export is read and formatted on the work pool; two run at once, a few
 * wait their turn, and past those a client is told to come back (503, Retry-After).
 */
export const exportsRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  publicUrl: string;
  mediaBaseUrl: string;
}> = async (app, options) => {
  const exports = new CostlyWork(2, 8, 'exports');
  app.get<{ Params: ExportParams; Querystring: ExportQueryString; Reply: Readable }>(
    '/files/:id/export/:format',
    {
      schema: {
        summary:
          "A file's timelines as JAMS, Audacity labels, Sonic Visualiser layers or W3C Web Annotation",
        tags: ['files'],
        params: ExportParams,
        querystring: ExportQueryString,
        response: { 200: ExportDownload },
      },
    },
    async (request, reply) => {
      const exported = await exports.run(() =>
        exportFile(options.database.db, {
          fileId: parseId(request.params.id),
          viewer: request.userId,
          format: request.params.format,
          timeline: request.query.timeline,
          publicUrl: options.publicUrl,
          mediaBaseUrl: options.mediaBaseUrl,
          tasks: workTasks(),
        }),
      );
      return reply
        .type(exported.mediaType)
        .header('content-disposition', attachment(exported.fileName))
        .header('cache-control', 'no-store')
        .send(exported.stream);
    },
  );
};
