import { parentPort, workerData } from 'node:worker_threads';
import { createPglite, servePglite } from './pglite-host';
import type { PgliteStarted } from './pglite-protocol';

/**
 * The database's thread: PGlite runs its PostgreSQL here, so a long query does not hold up the
 * server's event loop (pglite-proxy.ts starts it). `workerData` is the data folder, null for a
 * database in memory. The first message says that PGlite is open, or why it could not open.
 */
const port = parentPort!;
const started = await createPglite(workerData as string | null).then(
  (pglite): PgliteStarted => {
    servePglite(port, pglite);
    return { started: true };
  },
  (error: unknown): PgliteStarted => ({
    started: false,
    reason: error instanceof Error ? (error.stack ?? error.message) : String(error),
  }),
);
port.postMessage(started);
