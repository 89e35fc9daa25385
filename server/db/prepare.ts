import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database';
import { migrate } from './migrate';
import { seedExamples, type ExampleMediaTarget } from '../seed/seed-examples';

/**
 * Brings a database up to date at boot: numbered migrations, then the example analyses, whose
 * recordings and score PDFs go to `media` (MEDIA_DIR, MEDIA_BASE_URL) when it is given.
 */
export async function prepareDatabase(
  database: Database,
  log?: FastifyBaseLogger,
  media?: ExampleMediaTarget,
): Promise<void> {
  const migrations = await migrate(database);
  if (migrations.length > 0) log?.info({ migrations }, 'database migrated');
  const seeded = await seedExamples(database, media);
  if (seeded.length > 0) log?.info({ files: seeded }, 'example analyses seeded');
}
