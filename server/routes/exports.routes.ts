import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import type { RequestLoad } from '../plugins/request-load';
import { parseId } from '../http-errors';
import { attachment, exportFile } from '../files/exports/exports.service';
import {
  ExportDownload,
  ExportParams,
  ExportQueryString,
} from '../../src/shared/api-contract/exports';

/**
 * A file's timelines exported to JAMS, Audacity labels, Sonic Visualiser layers or W3C Web
 * Annotation (docs/exports.md). Links inside start with PUBLIC_URL (`publicUrl`), never with the
 * request's Host header. The export streams, stepping aside for other clients between pieces.
 */
export const exportsRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  publicUrl: string;
  mediaBaseUrl: string;
  load: RequestLoad;
}> = async (app, options) => {
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
      const exported = await exportFile(options.database.db, {
        fileId: parseId(request.params.id),
        viewer: request.userId,
        format: request.params.format,
        timeline: request.query.timeline,
        publicUrl: options.publicUrl,
        mediaBaseUrl: options.mediaBaseUrl,
        stepAside: (workedMs) => options.load.stepAside(workedMs, request.ip),
      });
      return reply
        .type(exported.mediaType)
        .header('content-disposition', attachment(exported.fileName))
        .header('cache-control', 'no-store')
        .send(exported.stream);
    },
  );
};
