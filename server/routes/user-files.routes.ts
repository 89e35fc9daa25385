import type { FastifyInstance } from 'fastify';
import { parseId } from '../http-errors';
import { Type, type Static } from '@sinclair/typebox';
import type { Database } from '../db/database';
import type { BackgroundMaintenance } from '../db/pglite-maintenance';
import type { ViewerCache } from '../files/viewer-cache';
import { requireUser } from '../plugins/authentication';
import type { MediaStore } from '../uploads/media-store';
import { deleteFile, filesOfUser, setFilePublic } from '../uploads/user-files.service';

const FileParams = Type.Object({ id: Type.String({ description: 'File id' }) });
const PublicFlag = Type.Object({ is_public: Type.Boolean() });

const FileSchema = Type.Object({
  id: Type.Integer(),
  author_id: Type.Integer(),
  concrete_work_id: Type.Integer(),
  is_public: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  original_name: Type.String(),
});

const UserFilesSchema = Type.Object({
  files: Type.Array(FileSchema),
  abstract_works: Type.Array(
    Type.Object({ id: Type.Integer(), title: Type.String(), composer: Type.String() }),
  ),
  concrete_works: Type.Array(
    Type.Object({
      id: Type.Integer(),
      abstract_work_id: Type.Integer(),
      artist: Type.String(),
      type: Type.String(),
      storage: Type.String(),
      url: Type.String(),
      length: Type.Number(),
      start: Type.Number(),
      end: Type.Number(),
    }),
  ),
});

/** The signed-in user's own files: list, public flag, delete (DESIGN.md section 4). */
export async function userFilesRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    viewerCache: ViewerCache;
    store: MediaStore;
    maintenance: BackgroundMaintenance;
  },
) {
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
        response: { 200: UserFilesSchema },
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
        response: { 200: FileSchema },
      },
      // Signed-out callers get 401 before their body is judged.
      onRequest: async (request) => {
        requireUser(request);
      },
      onResponse: maintenance.afterReply(200),
    },
    async (request) => {
      const userId = requireUser(request);
      const { id } = request.params as { id: string };
      const { is_public: isPublic } = request.body as Static<typeof PublicFlag>;
      return setFilePublic(context, parseId(id), userId, isPublic);
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
      },
      onResponse: maintenance.afterReply(204),
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const { id } = request.params as { id: string };
      await deleteFile(context, parseId(id), userId);
      return reply.code(204).send();
    },
  );
}
