import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import type { ViewerFileJson } from '../../../src/shared/api-types';
import { encodePreparedPayload } from '../../../src/shared/viewer-payload/prepared-payload';
import type { PrepareReply, PrepareRequest, PreparedWorkerData } from './prepared-protocol';
import { lowerThreadPriority } from '../../worker-thread';

/**
 * The prepared payloads' thread: parsing a file's viewer JSON and preparing it takes time in
 * proportion to the file (seconds for a million beats), which the server's event loop must not
 * spend. One file at a time, in the order asked.
 */
const port = parentPort!;
const { nice } = workerData as PreparedWorkerData;

lowerThreadPriority(nice);

port.on('message', ({ id, json }: PrepareRequest) => {
  let reply: PrepareReply;
  try {
    const file = JSON.parse(new TextDecoder().decode(json)) as ViewerFileJson;
    const gzip = gzipSync(encodePreparedPayload(file), { level: 6 });
    reply = { id, ok: true, gzip };
  } catch (error) {
    reply = { id, ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  // Copied, not transferred: a small gzip may sit in a buffer Node shares with others.
  port.postMessage(reply);
});
