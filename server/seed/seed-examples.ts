import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { files, users } from '../db/schema';
import { ingestTla } from '../ingest/ingest.service';
import { buildExampleAnalyses } from './dcml-converter';

/** The account that owns the example analyses. It has no password, so nobody can log in as it
 * until an operator sets one. */
export const SEED_USER = { id: 1, username: 'tilia' } as const;

/** The ids the home page links to (SPEC.md): K284, K309, K310, K311, K330, K331, I-III each. */
export const EXAMPLE_IDS = [
  135, 136, 137, 138, 139, 140, 141, 154, 143, 144, 145, 146, 147, 155, 153, 150, 151, 152,
] as const;

// Serialises seeding when several server processes start against one PostgreSQL at once.
const SEED_LOCK = 7_261_514;

async function presentExampleIds(db: Database['db']): Promise<Set<number>> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(inArray(files.id, [...EXAMPLE_IDS]));
  return new Set(rows.map((row) => row.id));
}

/** Stores the example analyses that are missing (all of them on first start). Idempotent. */
export async function seedExamples(database: Database): Promise<number[]> {
  if ((await presentExampleIds(database.db)).size === EXAMPLE_IDS.length) return [];

  const analyses = buildExampleAnalyses();
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    await tx
      .insert(users)
      .values({
        id: SEED_USER.id,
        username: SEED_USER.username,
        email: '',
        firstName: 'TiLiA',
        lastName: 'examples',
        passwordHash: null,
        isActive: true,
      })
      .onConflictDoNothing();
    const existing = await presentExampleIds(tx);
    const added: number[] = [];
    for (const analysis of analyses) {
      if (existing.has(analysis.id)) continue;
      await ingestTla(tx, {
        bytes: new TextEncoder().encode(analysis.tlaText),
        fileName: `${analysis.key}.tla`,
        authorId: SEED_USER.id,
        isPublic: true,
        fixedId: analysis.id,
      });
      added.push(analysis.id);
    }
    return added;
  });
}
