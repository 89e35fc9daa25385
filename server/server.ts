import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DATABASE_THREAD_NICE, openDatabase } from './db/database';
import { prepareDatabase } from './db/prepare';
import { terminalLogStream } from './terminal-log';
import { storeViewerPayload } from './files/files.service';
import { buildMissingPreparedPayloads } from './files/prepared/prepared-payloads';
import path from 'node:path';

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

async function main() {
  const config = configOrExit();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : {
          kind: 'pglite',
          dataDir: path.join(config.dataDir, 'pglite'),
          threadNice: DATABASE_THREAD_NICE,
        },
  );
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

  // Graceful stop: refuse new connections, let in-flight requests finish (and the payload being
  // built), then close the database (PGlite flushes its files) and exit.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    backfill
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
