import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import * as schema from './schema';

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
  close(): Promise<void>;
}

export type DatabaseTarget =
  { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    const client = await PGlite.create({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      extensions: { pg_trgm },
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      withConnection: (work) =>
        work(async (script) => {
          const results = await client.exec(script);
          return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
        }),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
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
    close: () => pool.end(),
  };
}

/** A transaction is a database for the purposes of a repository: repositories take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
