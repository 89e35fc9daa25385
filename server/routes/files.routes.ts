import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/database';
import { attachment } from '../http-attachment';
import { mediaCookie } from '../files/media-access';
import { parseId } from '../http-errors';
import { tlaDownload, viewerPayload } from '../files/files.service';
import type { ViewerCache } from '../files/viewer-cache';
import { FileParams, TlaDownload } from '../../src/shared/api-contract/files';
import { ViewerFileReply } from '../../src/shared/api-contract/viewer-json';
import { preparedPayload } from '../files/prepared/prepared-payloads';
import { PREPARED_PAYLOAD_TYPE } from '../../src/shared/viewer-payload/prepared-payload-type';

const gunzipAsync = promisify(gunzip);

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

/** Whether an Accept header names the prepared payload's media type. */
function asksForPrepared(header: string | undefined): boolean {
  return (
    header?.split(',').some((part) => part.split(';')[0]?.trim() === PREPARED_PAYLOAD_TYPE) ?? false
  );
}

export const filesRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  viewerCache: ViewerCache;
  /** SECRET_KEY and where the media cookie applies (media-access.ts). */
  mediaCookie: { secret: string; path: string; secure: boolean };
}> = async (app, options) => {
  const { db } = options.database;
  // Stored bytes go out as they are: the socket's own backpressure paces a slow client.
  const sendStored = (reply: FastifyReply, bytes: Buffer) => reply.send(bytes);

  // The reply is stored bytes, gzipped or plain: a Buffer or a stream of it is sent as it is,
  // never through the response schema's serializer, which documents the JSON for OpenAPI and
  // the client.
  app.get<{ Params: FileParams; Reply: Buffer | Readable }>(
    '/files/:id/json',
    {
      schema: {
        summary: 'The viewer JSON of a file: its works and its timelines with their components',
        tags: ['files'],
        params: FileParams,
        response: { 200: ViewerFileReply },
      },
    },
    async (request, reply) => {
      const fileId = parseId(request.params.id);
      const cache = options.viewerCache;
      const body = await viewerPayload(db, cache, fileId, request.userId);
      reply.header('vary', 'accept, accept-encoding');
      // A signed-in reader's browser may then load its owner's private media (media-access.ts).
      if (request.userId !== null) {
        const { secret, ...scope } = options.mediaCookie;
        reply.header('set-cookie', await mediaCookie(secret, request.userId, scope));
      }
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      // A payload that cannot be built leaves the JSON, which the viewer opens as well.
      const prepared = asksForPrepared(request.headers.accept)
        ? await cache.prepared(fileId, body, () =>
            preparedPayload(db, fileId, body.gzip, request.log),
          )
        : null;
      if (prepared) {
        reply.type(PREPARED_PAYLOAD_TYPE);
        if (gzip) return sendStored(reply.header('content-encoding', 'gzip'), prepared);
        return sendStored(reply, await gunzipAsync(prepared));
      }
      reply.type('application/json; charset=utf-8');
      if (gzip) return sendStored(reply.header('content-encoding', 'gzip'), body.gzip);
      return sendStored(reply, await cache.plainJson(fileId, body));
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
