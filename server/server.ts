import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DATABASE_THREAD_NICE, openDatabase, type Database } from './db/database';
import { DataDirLocked, lockDataDir } from './db/data-dir-lock';
import { backupsDir, pgliteDir, serveBackups } from './db/pglite-backup';
import { createServer } from 'node:http';
import { prepareDatabase } from './db/prepare';
import { terminalLogStream } from './terminal-log';
import { storeViewerPayload } from './files/files.service';
import { buildMissingPreparedPayloads } from './files/prepared/prepared-payloads';
import { backfillTqlIndex } from './tql/tql-backfill';
import { workTasks } from './work/work-pool';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Stops the process with a message for the person who started it; nothing was changed. */
function refuseToStart(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Binds the port before anything is opened, so that a server whose port is taken stops before it
 * touches the database. Until the app listens, the port answers 503 with Retry-After (a first
 * start migrates and seeds for several seconds), and is then handed over.
 */
async function probePort(config: Config): Promise<() => Promise<void>> {
  const probe = createServer((_request, response) => {
    response.writeHead(503, {
      'content-type': 'application/json',
      'retry-after': '5',
      connection: 'close',
    });
    response.end(JSON.stringify({ detail: 'The server is starting. Try again in a few seconds.' }));
  });
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => resolve());
  }).catch((error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? 'is in use (is another TiLiA Web server running? Set PORT to use another)'
        : `cannot be used (${error.code ?? error.message})`;
    refuseToStart(`Port ${config.port} on ${config.host} ${reason}. Nothing was changed.`);
  });
  return () => new Promise<void>((resolve) => probe.close(() => resolve()));
}

/** The embedded database, or a message that says what happened and how to restore it. */
async function openEmbedded(config: Config): Promise<Database> {
  const folder = pgliteDir(config.dataDir);
  try {
    return await openDatabase({
      kind: 'pglite',
      dataDir: folder,
      threadNice: DATABASE_THREAD_NICE,
    });
  } catch (error) {
    refuseToStart(
      `The embedded database in ${folder} could not be opened:\n  ${String(error).split('\n')[0]}\n` +
        'Nothing in it was changed or removed. If it was damaged, restore the latest backup ' +
        `(with the server stopped): npm run restore -- ${backupsDir(config.dataDir)}/<file>.tar.gz\n` +
        'The damaged copy is then kept beside it. See the README, "Backups".',
    );
  }
}

async function main() {
  const config = configOrExit();
  // One process per data directory: the lock first, then the port, then the database.
  if (!config.databaseUrl) {
    try {
      lockDataDir(config.dataDir, `server on ${config.host}:${config.port}`);
    } catch (error) {
      if (error instanceof DataDirLocked) refuseToStart(`Cannot start: ${error.message}`);
      throw error;
    }
  }
  const releasePort = await probePort(config);
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openEmbedded(config);
  const app = await buildApp({
    config,
    database,
    closeDatabase: true,
    // Short lines for a person at a terminal; JSON for everything else (files, collectors).
    ...(process.stdout.isTTY ? { logStream: terminalLogStream(process.stdout) } : {}),
  });
  await prepareDatabase(database, app.log, {
    mediaDir: config.mediaDir,
    mediaBaseUrl: config.mediaBaseUrl,
  });
  const backups =
    database.kind === 'pglite' ? await serveBackups(config.dataDir, database, app.log) : null;
  await releasePort();
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  // Files stored before this version of the prepared payload get theirs, one after another; a
  // file asked for meanwhile gets its own at its request.
  const backfill = buildMissingPreparedPayloads(
    database.db,
    app.log,
    (fileId) => storeViewerPayload(database.db, fileId),
    () => stopping,
  ).catch((error: unknown) => {
    app.log.warn({ err: error }, 'building the prepared viewer payloads stopped');
  });

  // Files stored before the query index (or indexed by an older version) get theirs, after the
  // prepared payloads, one file at a time on the work pool.
  const tqlBackfill = backfill
    .then(() => backfillTqlIndex(database, workTasks(), app.log, () => stopping))
    .catch((error: unknown) => {
      app.log.warn({ err: error }, 'building the query index stopped');
    });

  // Graceful stop: refuse new connections, let in-flight requests finish (and the payload being
  // built), then close the database (PGlite flushes its files) and exit.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    tqlBackfill
      .then(() => backups?.close())
      .then(() => app.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
