import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { uploadQuotaEvents } from '../../db/schema';

// An arbitrary constant: the first key of the advisory lock taken per user (the second is the
// user's id), so that two instances cannot both take the user's last upload of the hour.
const UPLOAD_QUOTA_LOCK = 7_261_515;

export type QuotaAnswer = { taken: true } | { taken: false; uploads: number; retryMs: number };

/**
 * Takes one of `max` uploads a user may make in any hour, or says how many the hour already
 * holds and how long until the oldest leaves it. Runs in one transaction under a per-user lock.
 */
export async function takeUploadSlot(
  db: Db,
  userId: number,
  max: number,
  windowMs: number,
): Promise<QuotaAnswer> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOAD_QUOTA_LOCK}, ${userId}::integer)`);
    const windowStart = sql`now() - make_interval(secs => ${windowMs / 1000})`;
    await tx
      .delete(uploadQuotaEvents)
      .where(and(eq(uploadQuotaEvents.userId, userId), lte(uploadQuotaEvents.at, windowStart)));
    const recent = await tx
      .select({
        retryMs: sql<number>`ceil(extract(epoch from (${uploadQuotaEvents.at} + make_interval(secs => ${windowMs / 1000}) - now())) * 1000)::integer`,
      })
      .from(uploadQuotaEvents)
      .where(and(eq(uploadQuotaEvents.userId, userId), gt(uploadQuotaEvents.at, windowStart)))
      .orderBy(asc(uploadQuotaEvents.at));
    if (recent.length >= max) {
      return { taken: false, uploads: recent.length, retryMs: Number(recent[0]!.retryMs) };
    }
    await tx.insert(uploadQuotaEvents).values({ userId, at: sql`now()` });
    return { taken: true };
  });
}

/** Removes the events of every user that are older than the window. */
export async function removeOldUploadEvents(db: Db, windowMs: number): Promise<void> {
  await db
    .delete(uploadQuotaEvents)
    .where(lte(uploadQuotaEvents.at, sql`now() - make_interval(secs => ${windowMs / 1000})`));
}
