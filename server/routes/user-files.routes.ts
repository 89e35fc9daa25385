import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseId } from '../http-errors';
import type { Database } from '../db/database';
import type { BackgroundMaintenance } from '../db/pglite-maintenance';
import type { ViewerCache } from '../files/viewer-cache';
import { requireUser } from '../plugins/authentication';
import type { MediaStore } from '../files/uploads/media-store';
import { deleteFile, filesOfUser, setFilePublic } from '../files/uploads/user-files.service';
import {
  Deleted,
  FileParams,
  PublicFlag,
  UserFileJson,
  UserFilesJson,
} from '../../src/shared/api-contract/files';

/** The signed-in user's own files: list, public flag, delete (DESIGN.md section 4). */
export const userFilesRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  viewerCache: ViewerCache;
  store: MediaStore;
  maintenance: BackgroundMaintenance;
}> = async (app, options) => {
  const context = options;
  const { db } = options.database;
  // A flag change rewrites every component of the file and a delete removes them: on PGlite,
  // the dead rows are vacuumed once the reply is out (pglite-maintenance.ts).
  const { maintenance } = options;

  app.get(
    '/users/files',
    {
      schema: {
        summary: "The caller's files, public and private, newest first, with their works",
        tags: ['files'],
        security: [{ bearer: [] }],
        response: { 200: UserFilesJson },
      },
    },
    async (request) => filesOfUser(db, requireUser(request)),
  );

  app.patch(
    '/files/:id',
    {
      schema: {
        summary: 'Make one of your files public or private',
        tags: ['files'],
        security: [{ bearer: [] }],
        params: FileParams,
        body: PublicFlag,
        response: { 200: UserFileJson },
      },
      // Signed-out callers get 401 before their body is judged.
      onRequest: async (request) => {
        requireUser(request);
      },
      onResponse: maintenance.afterReply(200),
    },
    async (request) => {
      const userId = requireUser(request);
      return setFilePublic(context, parseId(request.params.id), userId, request.body.is_public);
    },
  );

  app.delete(
    '/files/:id',
    {
      schema: {
        summary: 'Delete one of your files, and the media no other file uses',
        tags: ['files'],
        security: [{ bearer: [] }],
        params: FileParams,
        response: { 204: Deleted },
      },
      onResponse: maintenance.afterReply(204),
    },
    async (request, reply) => {
      const userId = requireUser(request);
      await deleteFile(context, parseId(request.params.id), userId);
      return reply.code(204).send();
    },
  );
};
