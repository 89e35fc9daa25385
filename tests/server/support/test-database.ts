import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';

/**
 * Server tests run against PGlite and, when TEST_DATABASE_URL points at a PostgreSQL server,
 * against that server too, each test file in a database of its own that is dropped afterwards.
 */
export type DatabaseKind = 'pglite' | 'postgres';

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** The connection URL of a PostgreSQL test database (null for PGlite). */
  url: string | null;
  drop(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrate(database);
    return { database, url: null, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `tilia_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl, poolSize: 1 });
  await admin.withConnection((run) => run(`CREATE DATABASE ${name}`));
  const url = withDatabaseName(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  await migrate(database);
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await admin.withConnection((run) => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.close();
    },
  };
}
