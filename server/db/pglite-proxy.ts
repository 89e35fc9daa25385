import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { startWorkerThread } from '../worker-thread';
import {
  PgliteRemoteError,
  type PgliteReply,
  type PgliteRequest,
  type PgliteStarted,
  type PgliteWorkerData,
  type QueryShape,
} from './pglite-protocol';

/** The proxy's end of the channel: a Worker, or a MessagePort for a host on this thread. */
export interface ProxyPort {
  postMessage(request: PgliteRequest, transfer?: ArrayBuffer[]): void;
  on(event: 'message', listener: (reply: PgliteReply) => void): void;
  ref(): void;
  unref(): void;
}

/** What drizzle (drizzle-orm/pglite/session.js) and database.ts call on PGlite's transactions. */
export type ProxyTransaction = Pick<Transaction, 'query' | 'exec' | 'closed'> & {
  /** COPY ... FROM '/dev/blob' of `data`; the rows copied. */
  copy(sql: string, data: Uint8Array): Promise<number>;
};

type RequestBody = PgliteRequest extends infer R
  ? R extends PgliteRequest
    ? Omit<R, 'id'>
    : never
  : never;

/**
 * PGlite's query, exec, transaction and close, carried out by a PGlite on another thread
 * (pglite-host.ts). Its results and errors are PGlite's: rows as structured clone keeps them,
 * errors with their PostgreSQL fields (code, constraint, detail...).
 */
export class PgliteProxy implements Pick<PGlite, 'query' | 'exec' | 'close'> {
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private lastId = 0;
  private stopped: Error | null = null;

  constructor(
    private readonly port: ProxyPort,
    private readonly stop: () => Promise<void>,
  ) {
    port.on('message', (reply) => this.settle(reply));
    // Only a request in flight keeps the process alive, as with PGlite on this thread.
    port.unref();
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn(null, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.execIn(null, sql);
  }

  /**
   * Runs `work` in one transaction, committed when it resolves and rolled back when it throws.
   * Until then the host runs no statement but the transaction's own (PGlite's lock).
   */
  async transaction<T>(work: (tx: ProxyTransaction) => Promise<T>): Promise<T> {
    const transaction = (await this.request({ kind: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ProxyTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.queryIn<R>(transaction, sql, params ?? [], options);
      },
      exec: (sql: string) => {
        open();
        return this.execIn(transaction, sql);
      },
      copy: (sql: string, data: Uint8Array) => {
        open();
        // The bytes move to the database's thread rather than being copied there.
        const own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
        // (Uint8Array's slice copies; a Buffer's own slice would be a view of the same memory.)
        const moved = own ? data : Uint8Array.prototype.slice.call(data);
        return this.request({ kind: 'copy', sql, data: moved, transaction }, [
          moved.buffer as ArrayBuffer,
        ]) as Promise<number>;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      closed = true;
      await this.request({ kind: 'end', transaction, commit: false });
      throw error;
    }
    closed = true;
    await this.request({ kind: 'end', transaction, commit: true });
    return result;
  }

  /** The data directory as a gzipped tarball (pglite-host.ts `dumpPglite`). */
  dump(): Promise<Uint8Array> {
    return this.request({ kind: 'dump' }) as Promise<Uint8Array>;
  }

  /** Closes PGlite (its files flushed) and then stops its thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    await this.request({ kind: 'close' });
    this.stopped = new Error('the database is closed');
    await this.stop();
  }

  /** The host is gone (its thread failed or exited): every request, waiting or to come, fails. */
  fail(reason: Error): void {
    this.stopped ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
    this.port.unref();
  }

  private queryIn<T>(
    transaction: number | null,
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    let shape: QueryShape;
    try {
      shape = queryShape(options);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return this.request({ kind: 'query', sql, params, shape, transaction }) as Promise<Results<T>>;
  }

  private execIn(transaction: number | null, sql: string): Promise<Results[]> {
    return this.request({ kind: 'exec', sql, transaction }) as Promise<Results[]>;
  }

  private request(body: RequestBody, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.port.ref();
      this.pending.set(id, { resolve, reject });
      this.port.postMessage({ ...body, id } as PgliteRequest, transfer);
    });
  }

  private settle(reply: PgliteReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.port.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new PgliteRemoteError(reply.error));
  }
}

/**
 * A query's options as the host can apply them. Functions do not cross threads; drizzle's parsers
 * only keep the text of some types as it is, which the host then does for the same types. Any
 * other parser or option is refused rather than silently dropped.
 */
function queryShape(options: QueryOptions | undefined): QueryShape {
  const { rowMode = 'object', parsers = {}, ...others } = options ?? {};
  const unsupported = Object.keys(others);
  if (unsupported.length > 0) {
    throw new Error(`PGlite options ${unsupported.join(', ')} cannot cross to its thread`);
  }
  const probe = '\u0000text';
  const textTypes = Object.entries(parsers).map(([type, parse]) => {
    if (parse(probe, Number(type)) !== probe) {
      throw new Error(`the parser of type ${type} does not keep the text; it cannot cross threads`);
    }
    return Number(type);
  });
  return { rowMode, textTypes };
}

/** Starts PGlite on a thread of its own (pglite.worker.ts). */
export async function startPgliteWorker(dataDir: string | null, nice = 0): Promise<PgliteProxy> {
  const workerData: PgliteWorkerData = { dataDir, nice };
  const worker = startWorkerThread(import.meta.url, 'pglite.worker', workerData);
  let onMessage!: (message: PgliteStarted) => void;
  let onError!: (error: Error) => void;
  let onExit!: (code: number) => void;
  const started = await new Promise<PgliteStarted>((resolve, reject) => {
    onMessage = resolve;
    onError = reject;
    onExit = (code) => reject(new Error(`the PGlite worker exited (code ${code})`));
    worker.once('message', onMessage).once('error', onError).once('exit', onExit);
  })
    .catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    })
    .finally(() => {
      // Not removeAllListeners: the Worker's own listeners start and stop its message port.
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    });
  if (!started.started) {
    await worker.terminate();
    throw new Error(`PGlite could not open: ${started.reason}`);
  }
  const proxy = new PgliteProxy(worker, async () => {
    await worker.terminate();
  });
  worker.on('error', (error) => proxy.fail(error));
  worker.on('exit', (code) => proxy.fail(new Error(`the PGlite worker exited (code ${code})`)));
  return proxy;
}
