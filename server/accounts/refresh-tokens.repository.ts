import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { refreshTokens } from '../db/schema';

export async function recordRefreshToken(
  db: Db,
  token: { jti: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/**
 * Blacklists an outstanding refresh token and says whose it was; null when it was never handed
 * out or is blacklisted already. One UPDATE with the condition in its WHERE clause: of two
 * concurrent calls PostgreSQL lets exactly one match the row (the second re-reads it after the
 * first commits), which is what makes a token usable for one refresh only.
 */
export async function blacklistRefreshToken(db: Db, jti: string): Promise<number | null> {
  const [row] = await db
    .update(refreshTokens)
    .set({ blacklistedAt: sql`now()` })
    .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.blacklistedAt)))
    .returning({ userId: refreshTokens.userId });
  return row?.userId ?? null;
}

/** After a password change no earlier session may continue. */
export async function blacklistAllRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ blacklistedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.blacklistedAt)));
}

/** Expired rows prove nothing any more (the signature check refuses the tokens); drop them. */
export async function deleteExpiredRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), lt(refreshTokens.expiresAt, sql`now()`)));
}
