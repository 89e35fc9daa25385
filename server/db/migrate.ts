import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverFilePath } from '../server-files';
import type { Database } from './database';

const migrationsDir = serverFilePath('db/migrations/');

// An arbitrary constant: the key of the advisory lock that lets several server processes start
// against one PostgreSQL without running the same migration twice.
const MIGRATION_LOCK = 7_261_513;

export interface Migration {
  number: number;
  name: string;
  script: string;
}

function listMigrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d{4}-[a-z0-9-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      number: Number(name.slice(0, 4)),
      name,
      script: readFileSync(path.join(migrationsDir, name), 'utf8'),
    }));
}

/** Applies, in order and each in its own transaction, the migrations the database has not had. */
export async function migrate(database: Database): Promise<string[]> {
  return database.withConnection(async (run) => {
    await run(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await run(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           number integer PRIMARY KEY,
           name text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
      const rows = await run('SELECT number FROM schema_migrations');
      const applied = new Set(rows.map((row) => Number(row.number)));
      const done: string[] = [];
      for (const migration of listMigrations()) {
        if (applied.has(migration.number)) continue;
        try {
          await run(
            `BEGIN;\n${migration.script}\n;INSERT INTO schema_migrations (number, name) ` +
              `VALUES (${migration.number}, '${migration.name}');\nCOMMIT;`,
          );
        } catch (error) {
          await run('ROLLBACK').catch(() => undefined);
          throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        done.push(migration.name);
      }
      return done;
    } finally {
      await run(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
