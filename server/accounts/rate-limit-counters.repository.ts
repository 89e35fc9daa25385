import { eq, gt, and, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounters } from '../db/schema';

export interface CounterState {
  hits: number;
  /** Milliseconds until the window ends; 0 for a counter that is not running. */
  ttlMs: number;
}

/** Milliseconds from the database's now() to the counter's expiry (the database's clock only). */
const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.expiresAt} - now())) * 1000))::integer`;

/**
 * Counts one hit against `key` in a fixed window of `windowMs` that starts at the key's first
 * hit. One statement: PostgreSQL's row lock on the key orders concurrent hits from any number of
 * instances, so none is lost.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<CounterState> {
  const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const expired = sql`${rateLimitCounters.expiresAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
        expiresAt: sql`CASE WHEN ${expired} THEN excluded.expires_at ELSE ${rateLimitCounters.expiresAt} END`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, ttlMs });
  return { hits: row!.hits, ttlMs: Number(row!.ttlMs) };
}

/** The key's hits in its running window, without counting one. */
export async function readHits(db: Db, key: string): Promise<CounterState> {
  const [row] = await db
    .select({ hits: rateLimitCounters.hits, ttlMs })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.expiresAt, sql`now()`)));
  return row ? { hits: row.hits, ttlMs: Number(row.ttlMs) } : { hits: 0, ttlMs: 0 };
}

/** Removes the counters whose window has ended. */
export async function removeExpiredCounters(db: Db): Promise<void> {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.expiresAt, sql`now()`));
}
