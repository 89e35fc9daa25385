import { parentPort, workerData } from 'node:worker_threads';
import { createPglite, servePglite } from './pglite-host';
import type { PgliteStarted, PgliteWorkerData } from './pglite-protocol';
import { lowerThreadPriority } from '../worker-thread';

/**
 * The database's thread: PGlite runs its PostgreSQL here, so a long query does not hold up the
 * server's event loop (pglite-proxy.ts starts it). The first message says that PGlite is open,
 * or why it could not open.
 */
const port = parentPort!;
const { dataDir, nice } = workerData as PgliteWorkerData;

lowerThreadPriority(nice);

const started = await createPglite(dataDir).then(
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
