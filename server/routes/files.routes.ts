import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Database } from '../db/database';
import { parseId } from '../http-errors';
import { tlaDownload, viewerPayload } from '../files/files.service';
import type { ViewerCache } from '../files/viewer-cache';

const FileParams = Type.Object({ id: Type.String({ description: 'File id' }) });

/** Ids arrive as path text; anything but a positive whole number is an unknown file. */
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

export async function filesRoutes(
  app: FastifyInstance,
  options: { database: Database; viewerCache: ViewerCache },
) {
  const { db } = options.database;

  app.get(
    '/files/:id/json',
    {
      schema: {
        summary: 'The viewer JSON of a file: its works and its timelines with their components',
        tags: ['files'],
        params: FileParams,
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const fileId = parseId(id);
      const body = await viewerPayload(db, options.viewerCache, fileId, request.userId);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (acceptsGzip(request.headers['accept-encoding'])) {
        return reply.header('content-encoding', 'gzip').send(body.gzip);
      }
      return reply.send(await options.viewerCache.plainJson(fileId, body));
    },
  );

  app.get(
    '/files/:id/tla',
    {
      schema: {
        summary:
          'The file as uploaded, byte for byte, named after the work title (or the upload, untitled)',
        tags: ['files'],
        params: FileParams,
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const download = await tlaDownload(db, parseId(id), request.userId);
      return reply
        .type(download.mediaType)
        .header('content-disposition', attachment(download.fileName))
        .send(Buffer.from(download.bytes));
    },
  );
}
