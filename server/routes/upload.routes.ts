import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import multipart from '@fastify/multipart';
import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { BackgroundMaintenance } from '../db/pglite-maintenance';
import { ApiError, parseId } from '../http-errors';
import { requireUser } from '../plugins/authentication';
import type { MediaStore } from '../files/uploads/media-store';
import { receiveUpload, tooLarge } from '../files/uploads/multipart-intake';
import { removeOrphanTemps } from '../files/uploads/temp-files';
import { UploadQuota } from '../files/uploads/upload-quota';
import { storeUpload } from '../files/uploads/upload.service';
import { storeFileMedia } from '../files/uploads/file-media.service';
import type { ViewerCache } from '../files/viewer-cache';
import {
  FileParams,
  UploadedFileJson,
  UploadResponseJson,
} from '../../src/shared/api-contract/files';
import { workTasks } from '../work/work-pool';
import { CLIENT_IDLE_MS } from '../plugins/edge-limits';
import type { PeaksMaker } from '../files/peaks/peaks-maker';

// Multipart framing (boundaries, part headers, the is_public field) on top of the files' bytes.
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

// Far longer than any upload can take (the server's request timeout is 2 minutes).
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

// What the file system says when MEDIA_DIR is read-only, full or not a folder.
const STORAGE_ERRORS = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'ENOTDIR',
  'EEXIST',
]);

/**
 * A file-system failure under MEDIA_DIR: one log line that tells the operator what to fix, and
 * a 503 for the client (the upload was not stored; it may be tried again later).
 */
function storageFault(error: unknown, log: FastifyBaseLogger, mediaDir: string): ApiError | null {
  const code = (error as { code?: unknown }).code;
  if (error instanceof ApiError || typeof code !== 'string' || !STORAGE_ERRORS.has(code)) {
    return null;
  }
  log.error({ err: error, mediaDir }, `cannot write to MEDIA_DIR (${code}): upload not stored`);
  return new ApiError(503, {
    detail: 'The server cannot store files right now. Nothing was stored; try again later.',
  });
}

/**
 * The body is in and the server is storing it: the client is silent because it waits for us,
 * and the connection's idle limit (CLIENT_IDLE_MS, for clients that stop sending) must not cut
 * it. A large upload stored on a busy machine took longer than that, and its client lost the
 * answer to an upload that was stored. The request's own timeout still bounds it; the idle limit
 * is back for the connection's next request.
 */
function serverTurn(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket as Partial<Socket> | undefined;
  // An injected request (tests) has no real socket.
  if (typeof socket?.setTimeout !== 'function') return;
  socket.setTimeout(0);
  reply.raw.once('close', () => {
    if (!socket.destroyed) socket.setTimeout?.(CLIENT_IDLE_MS);
  });
}

export interface UploadRoutesOptions {
  config: Config;
  database: Database;
  /** Shared with the routes that delete files: it orders the moves and removals on disk. */
  store: MediaStore;
  maintenance: BackgroundMaintenance;
  peaks: PeaksMaker;
  /** Forgets a file's viewer JSON when its media change. */
  viewerCache: ViewerCache;
}

/**
 * POST upload/: .tla files with their media and PDFs, stored whole or not at all. PUT
 * files/{id}/media/: a stored file's recording and PDFs, given later, checked the same way.
 */
export const uploadRoutes: FastifyPluginAsyncTypebox<UploadRoutesOptions> = async (
  app,
  options,
) => {
  const { config, database, store, maintenance, viewerCache } = options;
  const quota = new UploadQuota(
    config.maxUploadsPerHour,
    database.kind === 'postgres' ? database.db : null,
  );
  app.addHook('onReady', async () => {
    const orphans = await removeOrphanTemps(store.tempDir);
    if (orphans > 0) {
      app.log.info({ removed: orphans }, 'removed temporary files of uploads cut off by a crash');
    }
    const removed = await store.sweepStaleTemps(STALE_TEMP_MS);
    if (removed > 0) app.log.info({ removed }, 'removed stale upload temporary files');
  });

  /** The request's files, on disk, within the limits of MAX_UPLOAD_MB and MAX_COMPONENTS. */
  const receiveMultipart = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.isMultipart()) {
      const type = request.headers['content-type'] ?? '';
      throw new ApiError(415, { detail: `Unsupported media type "${type}" in request.` });
    }
    const received = await receiveUpload(request, {
      tempDir: store.tempDir,
      maxBytes: config.maxUploadBytes,
      maxComponents: config.maxComponents,
      tasks: workTasks(),
    });
    serverTurn(request, reply);
    return received;
  };

  /** Refuses an oversized body and a user past the hour's uploads before any byte is read. */
  const admit = async (request: FastifyRequest) => {
    const userId = requireUser(request);
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > config.maxUploadBytes + MULTIPART_OVERHEAD_BYTES) {
      throw tooLarge(config.maxUploadBytes);
    }
    // Before the body is read: a refused upload costs no disk and no parsing.
    await quota.take(userId);
  };

  // Multipart parsing only here: every other route keeps JSON bodies and their 1 MiB limit.
  await app.register(async (scope) => {
    // preservePath: busboy would drop a '../' path silently; the intake refuses it instead.
    await scope.register(multipart, { throwFileSizeLimit: true, preservePath: true });

    scope.post(
      '/upload',
      {
        schema: {
          summary: 'Upload .tla files, with the media and score PDFs they use, in one batch',
          description:
            "multipart/form-data: one or more 'file' parts and an optional 'is_public' " +
            '(default false). A media or PDF file is used by the .tla whose media_path or PDF ' +
            'timeline path ends in its name. All files are stored or none is: 400 lists what is ' +
            `wrong with each bad file, 413 above MAX_UPLOAD_MB (${config.maxUploadBytes / 1048576}), ` +
            '415 for a type other than .tla, audio, video or PDF, 429 past ' +
            `MAX_UPLOADS_PER_HOUR (${config.maxUploadsPerHour}) uploads by one user in an hour.`,
          tags: ['files'],
          consumes: ['multipart/form-data'],
          security: [{ bearer: [] }],
          response: { 201: UploadResponseJson },
        },
        onResponse: maintenance.afterReply(201),
        onRequest: admit,
      },
      async (request, reply) => {
        const userId = requireUser(request);
        try {
          const received = await receiveMultipart(request, reply);
          const files = await storeUpload(
            {
              database,
              store,
              log: request.log,
              mediaBaseUrl: config.mediaBaseUrl,
              maxComponents: config.maxComponents,
              tasks: workTasks(),
            },
            userId,
            received,
          );
          // The new recordings' waveforms are computed in the background.
          options.peaks.want(files.map((file) => file.id));
          return reply.code(201).send({ files });
        } catch (error) {
          throw storageFault(error, request.log, config.mediaDir) ?? error;
        }
      },
    );

    scope.withTypeProvider<TypeBoxTypeProvider>().put(
      '/files/:id/media',
      {
        schema: {
          summary: "Add or replace one of your files' recording and score PDFs",
          description:
            "multipart/form-data: 'file' parts, a recording (audio or video) and score PDFs. A " +
            "recording must have the name of the .tla's media file, or be the only one sent when " +
            "the .tla names none; a PDF must have the name of one of its PDF timelines' PDFs. " +
            'Stored whole or not at all, with the limits of an upload. The answer lists the media ' +
            'and PDFs the file names that it still lacks.',
          tags: ['files'],
          consumes: ['multipart/form-data'],
          security: [{ bearer: [] }],
          params: FileParams,
          response: { 200: UploadedFileJson },
        },
        onResponse: maintenance.afterReply(200),
        onRequest: admit,
      },
      async (request, reply) => {
        const userId = requireUser(request);
        const fileId = parseId(request.params.id);
        try {
          const received = await receiveMultipart(request, reply);
          const stored = await storeFileMedia(
            { database, store, log: request.log, mediaBaseUrl: config.mediaBaseUrl, viewerCache },
            fileId,
            userId,
            received,
          );
          // A new recording's waveform is computed in the background.
          options.peaks.want([fileId]);
          return stored;
        } catch (error) {
          throw storageFault(error, request.log, config.mediaDir) ?? error;
        }
      },
    );
  });
};
