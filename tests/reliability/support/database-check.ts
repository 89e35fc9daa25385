import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface DatabaseCheck {
  /** B-tree indexes checked, each against its table's rows. */
  indexes: number;
  /** Tables whose every page was read and checked. */
  tables: number;
  /** What amcheck or a full scan found wrong; empty when the database is sound. */
  problems: string[];
}

/**
 * Opens a stopped server's embedded database and checks it as PostgreSQL's amcheck does: every
 * B-tree index against the rows of its table (bt_index_check with heapallindexed), every table's
 * pages (verify_heapam), and the trigram indexes by a scan that must find what the table holds.
 */
export async function checkEmbeddedDatabase(pgliteDir: string): Promise<DatabaseCheck> {
  const pg = await PGlite.create({ dataDir: pgliteDir, extensions: { amcheck, pg_trgm } });
  const problems: string[] = [];
  try {
    await pg.exec('CREATE EXTENSION IF NOT EXISTS amcheck');
    const indexes = await pg.query<{ name: string }>(
      `SELECT c.relname AS name
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid
         JOIN pg_am am ON am.oid = c.relam
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE am.amname = 'btree' AND n.nspname = 'public' AND c.relpersistence = 'p'`,
    );
    for (const { name } of indexes.rows) {
      try {
        await pg.query(`SELECT bt_index_check($1::regclass, true)`, [name]);
      } catch (error) {
        problems.push(`index ${name}: ${(error as Error).message}`);
      }
    }
    const tables = await pg.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = 'public'`,
    );
    for (const { name } of tables.rows) {
      const found = await pg.query<{ blkno: number; msg: string }>(
        `SELECT blkno, msg FROM verify_heapam($1::regclass)`,
        [name],
      );
      for (const row of found.rows) problems.push(`table ${name} page ${row.blkno}: ${row.msg}`);
    }
    // GIN has no amcheck function before PostgreSQL 18: its index must find every row a
    // sequential scan finds.
    const viaTable = await pg.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM components WHERE label ILIKE '%a%'`,
    );
    await pg.exec('SET enable_seqscan = off');
    const viaIndex = await pg.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM components WHERE label ILIKE '%a%'`,
    );
    if (viaTable.rows[0]?.n !== viaIndex.rows[0]?.n) {
      problems.push(
        `trigram index finds ${viaIndex.rows[0]?.n} labels, the table holds ${viaTable.rows[0]?.n}`,
      );
    }
    return { indexes: indexes.rows.length, tables: tables.rows.length, problems };
  } finally {
    await pg.close();
  }
}
