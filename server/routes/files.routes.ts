import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { parseId } from '../http-errors';
import { tlaDownload, viewerPayload } from '../files/files.service';
import type { ViewerCache } from '../files/viewer-cache';
import { FileParams, TlaDownload } from '../../src/shared/api-contract/files';
import { ViewerFileJson } from '../../src/shared/api-contract/viewer-json';

/** Whether an Accept-Encoding header takes gzip (present, and not with q=0). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== 'x-gzip') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const filesRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  viewerCache: ViewerCache;
}> = async (app, options) => {
  const { db } = options.database;

  // The reply is the stored JSON's bytes, gzipped or plain: a Buffer is sent as it is, never
  // through the response schema's serializer, which documents the JSON for OpenAPI and the client.
  app.get<{ Params: FileParams; Reply: Buffer }>(
    '/files/:id/json',
    {
      schema: {
        summary: 'The viewer JSON of a file: its works and its timelines with their components',
        tags: ['files'],
        params: FileParams,
        response: { 200: ViewerFileJson },
      },
    },
    async (request, reply) => {
      const fileId = parseId(request.params.id);
      const body = await viewerPayload(db, options.viewerCache, fileId, request.userId);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (acceptsGzip(request.headers['accept-encoding'])) {
        return reply.header('content-encoding', 'gzip').send(body.gzip);
      }
      return reply.send(await options.viewerCache.plainJson(fileId, body));
    },
  );

  app.get<{ Params: FileParams; Reply: Buffer }>(
    '/files/:id/tla',
    {
      schema: {
        summary:
          'The file as uploaded, byte for byte, named after the work title (or the upload, untitled)',
        tags: ['files'],
        params: FileParams,
        response: { 200: TlaDownload },
      },
    },
    async (request, reply) => {
      const download = await tlaDownload(db, parseId(request.params.id), request.userId);
      return reply
        .type(download.mediaType)
        .header('content-disposition', attachment(download.fileName))
        .send(Buffer.from(download.bytes));
    },
  );
};
