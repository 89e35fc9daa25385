import type { Worker } from 'node:worker_threads';
import { DATABASE_THREAD_NICE } from '../../db/database';
import { startWorkerThread } from '../../worker-thread';
import type { PrepareReply, PrepareRequest, PreparedWorkerData } from './prepared-protocol';

interface Pending {
  resolve(gzip: Buffer): void;
  reject(error: Error): void;
}

/**
 * The server's side of the prepared payloads' thread (prepared.worker.ts): started at the first
 * payload to build, started again after a crash, and holding the process open only while a
 * payload is being built.
 */
class PreparedThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** The gzipped prepared payload of a viewer JSON given as UTF-8 bytes. */
  build(json: Uint8Array): Promise<Buffer> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const request: PrepareRequest = { id, json };
    if (this.pending.size === 0) worker.ref();
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage(request);
    });
  }

  private start(): Worker {
    // Below the server's requests, at the database thread's nice value.
    const workerData: PreparedWorkerData = { nice: DATABASE_THREAD_NICE };
    const worker = startWorkerThread(import.meta.url, 'prepared.worker', workerData);
    worker.on('message', (reply: PrepareReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok)
        pending.resolve(
          Buffer.from(reply.gzip.buffer, reply.gzip.byteOffset, reply.gzip.byteLength),
        );
      else pending.reject(new Error(`The prepared payload could not be built: ${reply.reason}`));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) =>
      fail(new Error(`The prepared payloads' thread exited (code ${code})`)),
    );
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

const thread = new PreparedThread();

/** Builds a prepared payload off the event loop: see PreparedThread. */
export function buildPreparedGzip(json: Uint8Array): Promise<Buffer> {
  return thread.build(json);
}
