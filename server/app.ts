import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Database } from './db/database';
import { SHARED_DATABASE_ACCESS_LIFETIME_MS, ViewerCache } from './files/viewer-cache';
import { BackgroundMaintenance } from './db/pglite-maintenance';
import { MediaStore } from './files/uploads/media-store';
import { userFilesRoutes } from './routes/user-files.routes';
import { authentication } from './plugins/authentication';
import { contentEncoding } from './plugins/content-encoding';
import { errorHandler } from './plugins/error-handler';
import { CLIENT_IDLE_MS, edgeLimits, KEEP_ALIVE_MS } from './plugins/edge-limits';
import { securityHeaders } from './plugins/security-headers';
import { staticFiles } from './plugins/static-files';
import { authRoutes } from './routes/auth.routes';
import { exportsRoutes } from './routes/exports.routes';
import { filesRoutes } from './routes/files.routes';
import { metaRoutes } from './routes/meta.routes';
import { searchRoutes } from './routes/search.routes';
import { searchExportRoutes } from './routes/search-export.routes';
import { tqlRoutes } from './routes/tql.routes';
import { uploadRoutes } from './routes/upload.routes';
import { peaksRoutes } from './routes/peaks.routes';
import { PeaksMaker } from './files/peaks/peaks-maker';
import { workTasks } from './work/work-pool';
import { usersRoutes } from './routes/users.routes';

export const API_PREFIX = '/api/v1';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Close the database when the app closes (the process owns it); tests keep theirs. */
  closeDatabase?: boolean;
  /**
   * Shed load when the event loop lags (503, Retry-After). Tests that share their process's
   * event loop with the app's setup turn it off; the server as a process always has it.
   */
  shedLoad?: boolean;
  /**
   * Compute the waveform peaks of every recording without them once the app is ready (the
   * server always does; tests that do not look at peaks leave their seeded recordings alone).
   */
  peaksAtStart?: boolean;
  /** Where log lines go instead of stdout; the reliability tests scan them for secrets. */
  logStream?: { write(line: string): void };
}

/**
 * Builds the whole site as a Fastify app: infrastructure plugins first, then the API under
 * /api/v1/, then the built client and /media/. Tests call it with app.inject; server.ts listens.
 */
export async function buildApp({
  config,
  database,
  closeDatabase,
  logStream,
  shedLoad = true,
  peaksAtStart = true,
}: AppOptions) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens and passwords never reach the log: no headers and no bodies are logged.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long enough for a MAX_UPLOAD_MB upload over a slow line; a client silent for
    // CLIENT_IDLE_MS (headers not sent, a body paused) is cut off (edge-limits.ts).
    requestTimeout: 15 * 60_000,
    connectionTimeout: CLIENT_IDLE_MS,
    // An idle kept-alive socket is closed before CLIENT_IDLE_MS cuts it, and its Keep-Alive
    // header says so: a client told 72 s (Node's default here) reused sockets already cut.
    keepAliveTimeout: KEEP_ALIVE_MS,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(errorHandler);
  await app.register(edgeLimits, { behindProxy: config.trustProxy !== false, shedLoad });
  await app.register(securityHeaders, { mediaBaseUrl: config.mediaBaseUrl });
  await app.register(contentEncoding);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TiLiA Web API',
        version: '1',
        description: 'Browse, search, download and upload TiLiA timeline annotations (.tla files).',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(authentication, { secret: config.secretKey, database });

  // The embedded database has this one process as its only writer: the cache may keep access for
  // good. PostgreSQL may have other instances changing files.
  const viewerCache = new ViewerCache(
    64 * 1024 * 1024,
    database.kind === 'pglite' ? Infinity : SHARED_DATABASE_ACCESS_LIFETIME_MS,
  );
  // One store for uploads and deletions, which orders the moves and removals of each media file.
  const store = new MediaStore(config.mediaDir);
  // PGlite has no autovacuum (pglite-maintenance.ts): run after a write's reply, not before it.
  const maintenance = new BackgroundMaintenance(database, app.log);
  app.addHook('onClose', () => maintenance.settle());
  const peaks = new PeaksMaker(database, config.mediaDir, workTasks, app.log);
  app.addHook('onClose', () => peaks.close());
  if (peaksAtStart) app.addHook('onReady', async () => peaks.want('all'));
  await app.register(
    async (api) => {
      await api.register(metaRoutes, { config });
      await api.register(authRoutes, { config, database });
      await api.register(usersRoutes, { config, database });
      await api.register(filesRoutes, {
        database,
        viewerCache,
        mediaCookie: {
          secret: config.secretKey,
          // The cookie goes with requests for our own /media/ (a CDN in front of it must pass
          // cookies through for private media; docs/beyond.md).
          path: config.mediaBaseUrl.startsWith('/') ? config.mediaBaseUrl : '/media/',
          secure: config.publicUrl.startsWith('https:'),
        },
      });
      await api.register(searchRoutes, { database });
      await api.register(searchExportRoutes, { database, publicUrl: config.publicUrl });
      await api.register(tqlRoutes, { database });
      const { publicUrl, mediaBaseUrl } = config;
      await api.register(exportsRoutes, { database, publicUrl, mediaBaseUrl });
      await api.register(uploadRoutes, {
        config,
        database,
        store,
        maintenance,
        viewerCache,
        peaks,
      });
      await api.register(peaksRoutes, { database, peaks });
      await api.register(userFilesRoutes, { database, viewerCache, store, maintenance });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  await app.register(staticFiles, {
    clientDir: config.clientDir,
    mediaDir: config.mediaDir,
    db: database.db,
    secret: config.secretKey,
  });

  if (closeDatabase) {
    app.addHook('onClose', async () => {
      await database.close();
    });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
