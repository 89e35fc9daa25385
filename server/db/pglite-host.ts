import { PGlite, type ParserOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import {
  errorFields,
  type PgliteReply,
  type PgliteRequest,
  type QueryShape,
} from './pglite-protocol';

/** A data directory PGlite must not open: it would initialise a new database over it. */
export class UnusableDataDir extends Error {
  override readonly name = 'UnusableDataDir';
}

/**
 * PGlite as the server uses it: on disk in `dataDir` (in memory when null), with pg_trgm. A
 * folder with files but no PG_VERSION is not a database PGlite can open, and PGlite would run
 * initdb into it: refused instead, so that nothing of what is there is overwritten.
 */
export async function createPglite(dataDir: string | null): Promise<PGlite> {
  if (dataDir) {
    const entries = existsSync(dataDir) ? readdirSync(dataDir) : [];
    if (entries.length > 0 && !entries.includes('PG_VERSION')) {
      throw new UnusableDataDir(`${dataDir} holds files but no database (PG_VERSION is missing)`);
    }
    mkdirSync(dataDir, { recursive: true });
  }
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
}

/**
 * The data directory as a gzipped tarball that PGlite's `loadDataDir` opens again. A checkpoint
 * first writes every committed change into the data files; PGlite then reads the files while no
 * statement runs, so the copy is consistent (what a statement commits after the checkpoint is in
 * the write-ahead log the copy holds).
 */
export async function dumpPglite(pglite: PGlite): Promise<Uint8Array> {
  await pglite.exec('CHECKPOINT');
  const tarball = await pglite.dumpDataDir('gzip');
  return new Uint8Array(await tarball.arrayBuffer());
}

/** The side of a MessagePort (or of a worker's parentPort) that the host answers on. */
export interface HostPort {
  on(event: 'message', listener: (request: PgliteRequest) => void): void;
  postMessage(reply: PgliteReply): void;
}

interface OpenTransaction {
  tx: Transaction;
  /** Lets PGlite's transaction callback return: it then commits, or rolls back first. */
  finish(commit: boolean, endId: number): void;
}

const passThrough = (value: string) => value;

function parsersOf(shape: QueryShape): ParserOptions {
  return Object.fromEntries(shape.textTypes.map((type) => [type, passThrough]));
}

/**
 * Answers the proxy's requests with `pglite`. Requests are handled as they come, each waiting
 * for PGlite's own lock: a statement outside a transaction waits until the open one ends, as it
 * would on the server's thread, while the transaction's own statements go through. The reply to
 * `close` comes once PGlite has closed and flushed its files.
 */
export function servePglite(port: HostPort, pglite: PGlite): void {
  const transactions = new Map<number, OpenTransaction>();
  let lastTransaction = 0;

  const fail = (id: number, error: unknown) =>
    port.postMessage({ id, ok: false, error: errorFields(error) });
  // A value structured clone refuses fails its request rather than the thread.
  const succeed = (id: number, value: unknown) => {
    try {
      port.postMessage({ id, ok: true, value });
    } catch (error) {
      fail(id, error);
    }
  };
  const reply = (id: number, work: Promise<unknown>) =>
    work.then(
      (value) => succeed(id, value),
      (error: unknown) => fail(id, error),
    );

  const target = (transaction: number | null) => {
    if (transaction === null) return pglite;
    const open = transactions.get(transaction);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  const begin = (id: number) => {
    const transaction = ++lastTransaction;
    let endId: number | null = null;
    pglite
      .transaction(async (tx) => {
        const commit = await new Promise<boolean>((resolve) => {
          transactions.set(transaction, {
            tx,
            finish: (commitIt, end) => {
              endId = end;
              resolve(commitIt);
            },
          });
          port.postMessage({ id, ok: true, value: transaction });
        });
        transactions.delete(transaction);
        if (!commit) await tx.rollback();
      })
      .then(
        () => succeed(endId ?? id, null),
        (error: unknown) => {
          transactions.delete(transaction);
          // Before the callback ran, BEGIN failed; after it, COMMIT or ROLLBACK did.
          fail(endId ?? id, error);
        },
      );
  };

  port.on('message', (request) => {
    switch (request.kind) {
      case 'query':
        void reply(
          request.id,
          Promise.resolve().then(() =>
            target(request.transaction).query(request.sql, request.params, {
              rowMode: request.shape.rowMode,
              parsers: parsersOf(request.shape),
            }),
          ),
        );
        return;
      case 'exec':
        void reply(
          request.id,
          Promise.resolve().then(() => target(request.transaction).exec(request.sql)),
        );
        return;
      case 'copy':
        void reply(
          request.id,
          Promise.resolve().then(() =>
            target(request.transaction)
              .query(request.sql, [], { blob: new Blob([request.data as Uint8Array<ArrayBuffer>]) })
              .then((result) => result.affectedRows ?? 0),
          ),
        );
        return;
      case 'begin':
        begin(request.id);
        return;
      case 'end': {
        const open = transactions.get(request.transaction);
        if (open) open.finish(request.commit, request.id);
        else fail(request.id, new Error('Transaction is closed'));
        return;
      }
      case 'close':
        void reply(request.id, pglite.close());
        return;
      case 'dump':
        void reply(request.id, dumpPglite(pglite));
        return;
      default: {
        const unknown: never = request;
        throw new Error(`unknown PGlite request ${JSON.stringify(unknown)}`);
      }
    }
  });
}
