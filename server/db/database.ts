import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createPglite, dumpPglite } from './pglite-host';
import { PgliteProxy, startPgliteWorker, type ProxyTransaction } from './pglite-proxy';
import * as schema from './schema';
import { failedCopy } from './query-errors';

export type RunScript = (script: string) => Promise<Record<string, unknown>[]>;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The one database module: PostgreSQL through PGlite (embedded, on disk in DATA_DIR) or through a
 * server (DATABASE_URL). Both speak the same SQL and run the same migrations.
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs `work` on one connection, with `run` executing a script of one or more statements and
   * returning the rows of the last one. Session state (advisory locks, BEGIN/COMMIT) holds across
   * the calls, which a pool would not guarantee.
   */
  withConnection<T>(work: (run: RunScript) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction that may also copy rows in bulk (COPY); committed when `work`
   * resolves, rolled back when it throws. Work that needs no COPY uses `db.transaction`.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * One unchanging view of the data for a long series of reads (the CSV export): on PostgreSQL a
   * REPEATABLE READ READ ONLY transaction on a pool connection of its own, until `release`. On
   * PGlite null: its one connection serves every request in turn, and a transaction held across
   * a download would block them all.
   */
  readSnapshot(): Promise<ReadSnapshot | null>;
  /**
   * PGlite: a consistent copy of the whole database, as a gzipped tarball of its data directory
   * (`npm run backup`). PostgreSQL: null; its own tools (pg_dump, base backups) do that.
   */
  dump(): Promise<Uint8Array> | null;
  close(): Promise<void>;
}

/** One transaction's statements: drizzle's, and bulk rows in COPY's text format. */
export interface Transaction {
  db: Db;
  /**
   * Copies rows into `table`: `rows` in COPY's text format (tab-separated columns, \\N for NULL,
   * one line a row), the columns named in `columns`. On PGlite through '/dev/blob', on PostgreSQL
   * through COPY FROM STDIN: one statement for any number of rows.
   */
  copyRows(table: string, columns: readonly string[], rows: Uint8Array): Promise<void>;
}

export interface ReadSnapshot {
  db: Db;
  /** Ends the transaction and returns the connection to the pool; safe to call twice. */
  release(): Promise<void>;
}

/**
 * A snapshot transaction left waiting longer than this (a client that stops reading a download
 * without disconnecting) is ended by PostgreSQL, so it cannot hold a pool connection for good.
 */
const SNAPSHOT_IDLE_TIMEOUT = '5min';

/** The server's PGlite thread runs at this nice value (see DatabaseTarget's threadNice). */
export const DATABASE_THREAD_NICE = 10;

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /**
       * Where PGlite runs its PostgreSQL: on a worker thread (the default), so that a long query
       * leaves the event loop free, or on this thread (tests of the proxy compare the two).
       */
      thread?: 'worker' | 'main';
      /**
       * The worker thread's nice value (0 by default; the server asks for
       * DATABASE_THREAD_NICE): when the cores are busy, a costly query then takes the smaller
       * share of CPU time and the event loop, which answers every other request, the larger.
       */
      threadNice?: number;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    const client =
      target.thread === 'main'
        ? await createPglite(target.dataDir)
        : await startPgliteWorker(target.dataDir, target.threadNice);
    // drizzle calls only query (with a row mode and parsers) and transaction (then query on the
    // transaction), which the proxy has with PGlite's signatures.
    const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      transaction: (work) =>
        client instanceof PgliteProxy
          ? client.transaction((tx) =>
              work(pgliteTransaction(tx, (sql, rows) => tx.copy(sql, rows))),
            )
          : client.transaction((tx) =>
              work(
                pgliteTransaction(tx, (sql, rows) =>
                  tx.query(sql, [], { blob: new Blob([rows as Uint8Array<ArrayBuffer>]) }),
                ),
              ),
            ),
      withConnection: (work) =>
        work(async (script) => {
          const results = await client.exec(script);
          return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
        }),
      readSnapshot: () => Promise.resolve(null),
      dump: () => ('dump' in client ? client.dump() : dumpPglite(client)),
      close: () => client.close(),
    };
  }
  const poolSize = target.poolSize ?? 10;
  const pool = new pg.Pool({ connectionString: target.url, max: poolSize });
  const snapshots = { open: 0, max: Math.max(1, Math.floor(poolSize / 4)) };
  // An idle client's error (e.g. the server restarting) must not crash the process; the pool
  // drops that client and the next query opens a new connection.
  pool.on('error', () => undefined);
  // The same for a client checked out between two queries (inside a transaction, say): the pool
  // listens only to idle ones. Its next query fails, and the pool discards it when released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    withConnection: async (work) => {
      const connection = await pool.connect();
      try {
        return await work(async (script) => {
          const result = (await connection.query(script)) as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(result) ? result.at(-1) : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        connection.release();
      }
    },
    readSnapshot: async () => {
      if (snapshots.open >= snapshots.max) return null;
      snapshots.open += 1;
      return readSnapshot(pool, () => (snapshots.open -= 1));
    },
    dump: () => null,
    transaction: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work({
          db: drizzlePg(connection, { schema }) as unknown as Db,
          copyRows: async (table, columns, rows) => {
            const sql = copyStatement(table, columns, 'STDIN');
            await pipeline(Readable.from([rows]), connection.query(copyFromStdin(sql))).catch(
              (error: unknown) => {
                throw failedCopy(sql, rows.byteLength, error);
              },
            );
          },
        });
        await connection.query('COMMIT');
        connection.release();
        return result;
      } catch (error) {
        // A connection whose ROLLBACK fails too is broken: the pool drops it.
        await connection.query('ROLLBACK').then(
          () => connection.release(),
          (lost: Error) => connection.release(lost),
        );
        throw error;
      }
    },
    close: () => pool.end(),
  };
}

function copyStatement(table: string, columns: readonly string[], source: string): string {
  const quoted = columns.map((column) => `"${column}"`).join(', ');
  return `COPY ${table} (${quoted}) FROM ${source}`;
}

/** A PGlite transaction (on its thread, or on this one) as a Transaction. */
function pgliteTransaction(
  tx: ProxyTransaction | Pick<ProxyTransaction, 'query' | 'exec' | 'closed'>,
  copy: (sql: string, rows: Uint8Array) => Promise<unknown>,
): Transaction {
  return {
    db: drizzlePglite(tx as unknown as PGlite, { schema }) as unknown as Db,
    copyRows: async (table, columns, rows) => {
      const sql = copyStatement(table, columns, `'/dev/blob'`);
      await copy(sql, rows).catch((error: unknown) => {
        throw failedCopy(sql, rows.byteLength, error);
      });
    },
  };
}

/**
 * A REPEATABLE READ READ ONLY transaction on a connection of its own. `onRelease` runs once, when
 * the connection goes back to the pool, or at once if the transaction could not begin.
 */
async function readSnapshot(pool: pg.Pool, onRelease: () => void): Promise<ReadSnapshot> {
  let connection: pg.PoolClient;
  try {
    connection = await pool.connect();
  } catch (error) {
    onRelease();
    throw error;
  }
  try {
    await connection.query(
      `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
       SET LOCAL idle_in_transaction_session_timeout = '${SNAPSHOT_IDLE_TIMEOUT}'`,
    );
  } catch (error) {
    connection.release(error as Error);
    onRelease();
    throw error;
  }
  let released = false;
  return {
    db: drizzlePg(connection, { schema }) as unknown as Db,
    release: async () => {
      if (released) return;
      released = true;
      try {
        // Read only: there is nothing to commit.
        await connection.query('ROLLBACK');
        connection.release();
      } catch (error) {
        // A connection lost meanwhile (the idle timeout, a server restart) is dropped, not
        // handed out again.
        connection.release(error as Error);
      } finally {
        onRelease();
      }
    },
  };
}
