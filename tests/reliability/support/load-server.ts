/**
 * The app as a child process for the load and soak tests, so the load generator never shares an
 * event loop with the server it measures. Like server/server.ts, without seeding the examples:
 * the tests upload their own files. With SOAK_STATS set it reports its memory and handles every
 * few seconds on stderr as `soak-stats {json}`.
 */
import path from 'node:path';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
);
await migrate(database);
const app = await buildApp({ config, database, closeDatabase: true });
await app.listen({ port: config.port, host: config.host });
process.stderr.write(`load-server listening on ${config.port}\n`);

if (process.env.SOAK_STATS) {
  const every = Number(process.env.SOAK_STATS) * 1000;
  setInterval(() => {
    // The live heap, not how much garbage is waiting: a full collection first (the harness
    // starts this server with --expose-gc), so a busy machine's deferred GC is not a 'leak'.
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    const activeHandles = (
      process as unknown as { _getActiveHandles(): unknown[] }
    )._getActiveHandles();
    process.stderr.write(
      `soak-stats ${JSON.stringify({
        at: Date.now(),
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        external: memory.external,
        handles: activeHandles.length,
      })}\n`,
    );
  }, every).unref();
}

process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
