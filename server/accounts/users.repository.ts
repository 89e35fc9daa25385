import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Usernames and e-mail addresses are unique regardless of case (the 0001 indexes). */
const sameUsername = (name: string) => sql`lower(${users.username}) = lower(${name})`;
const sameEmail = (address: string) => sql`lower(${users.email}) = lower(${address})`;

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByUsername(db: Db, name: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sameUsername(name));
  return row ?? null;
}

/** Whom a password-reset e-mail may go to: active accounts that have a password (as Django). */
export async function findResettableUsersByEmail(db: Db, address: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(sameEmail(address), eq(users.isActive, true), sql`${users.passwordHash} IS NOT NULL`),
    );
}

/** Whether an account other than `exceptId` matches `same`. */
async function isTaken(db: Db, same: SQL, exceptId: number | undefined): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId === undefined ? same : and(same, ne(users.id, exceptId)));
  return row !== undefined;
}

export function isUsernameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  return isTaken(db, sameUsername(name), exceptId);
}

export function isEmailTaken(db: Db, address: string, exceptId?: number): Promise<boolean> {
  return isTaken(db, sameEmail(address), exceptId);
}

export interface NewUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, isActive: true })
    .returning();
  return row!;
}

export interface Profile {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}

export async function updateProfile(db: Db, id: number, profile: Profile): Promise<UserRow | null> {
  const [row] = await db.update(users).set(profile).where(eq(users.id, id)).returning();
  return row ?? null;
}

export async function recordLogin(db: Db, id: number): Promise<void> {
  await db
    .update(users)
    .set({ lastLogin: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * Sets a new password only if the stored one is still `expectedHash` (compare-and-set), so two
 * requests racing with one reset token or one old password cannot both succeed. Returns the time
 * of the change, or null when another request changed the password first.
 */
export async function replacePassword(
  db: Db,
  id: number,
  expectedHash: string | null,
  newHash: string,
): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash: newHash, passwordChangedAt: sql`now()` })
    .where(and(eq(users.id, id), sql`${users.passwordHash} IS NOT DISTINCT FROM ${expectedHash}`))
    .returning({ changedAt: users.passwordChangedAt });
  return row?.changedAt ?? null;
}

/** What the bearer-token check needs to know about a token's user. */
export async function findTokenHolder(db: Db, id: number) {
  const [row] = await db
    .select({ isActive: users.isActive, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
