import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database';
import { migrate } from './migrate';
import { seedExamples } from '../seed/seed-examples';

/** Brings a database up to date at boot: numbered migrations, then the example analyses. */
export async function prepareDatabase(database: Database, log?: FastifyBaseLogger): Promise<void> {
  const migrations = await migrate(database);
  if (migrations.length > 0) log?.info({ migrations }, 'database migrated');
  const seeded = await seedExamples(database);
  if (seeded.length > 0) log?.info({ files: seeded }, 'example analyses seeded');
}
