import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { abstractWorks, concreteWorks, files, users } from '../db/schema';

// Serialises seeding when several server processes start against one PostgreSQL at once.
const SEED_LOCK = 7_261_514;

/** Holds the seeding lock until the transaction ends. */
export async function lockSeeding(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
}

/** The account the examples belong to, unless it exists. */
export async function insertSeedUser(
  tx: Db,
  user: { id: number; username: string },
): Promise<void> {
  await tx
    .insert(users)
    .values({
      id: user.id,
      username: user.username,
      email: '',
      firstName: 'TiLiA',
      lastName: 'examples',
      passwordHash: null,
      isActive: true,
    })
    .onConflictDoNothing();
}

/** The stored files among `ids`, with where their media is. */
export function exampleWorkRows(db: Db, ids: number[]) {
  return db
    .select({ id: files.id, storage: concreteWorks.storage, url: concreteWorks.url })
    .from(files)
    .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
    .where(inArray(files.id, ids));
}

/** Removes a stale example: its works go, and with them the file, timelines and components. */
export async function removeExample(db: Db, id: number, ownerId: number): Promise<void> {
  const [row] = await db
    .select({ abstractWorkId: concreteWorks.abstractWorkId })
    .from(files)
    .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
    .where(and(eq(files.id, id), eq(files.authorId, ownerId)));
  if (row) await db.delete(abstractWorks).where(eq(abstractWorks.id, row.abstractWorkId));
}
