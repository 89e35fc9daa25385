import { createHash } from 'node:crypto';
import { signToken, tokenFaultDetail, tokenNotValid, verifyToken } from '../auth/jwt-tokens';
import type { Db } from '../db/database';
import { ApiError } from '../http-errors';
import type { AccountsContext } from './accounts-context';
import { passwordMatches } from './passwords';
import {
  blacklistAllRefreshTokens,
  blacklistRefreshToken,
  deleteExpiredRefreshTokens,
  recordRefreshToken,
} from './refresh-tokens.repository';
import { findUserById, findUserByUsername, recordLogin, replacePassword } from './users.repository';
import type { TokenPair } from '../../src/shared/api-contract/accounts';

export const noActiveAccount = () =>
  new ApiError(401, {
    detail: 'No active account found with the given credentials',
    code: 'no_active_account',
  });

/** A new access + refresh pair; the refresh token is recorded so it can be blacklisted later. */
export async function issueTokenPair(
  db: Db,
  signingKey: Uint8Array,
  user: { id: number; username: string },
  nowMs = Date.now(),
): Promise<TokenPair> {
  const refresh = await signToken(signingKey, 'refresh', user, nowMs);
  const access = await signToken(signingKey, 'access', user, nowMs);
  await recordRefreshToken(db, { jti: refresh.jti, userId: user.id, expiresAt: refresh.expiresAt });
  return { access: access.token, refresh: refresh.token };
}

/**
 * Replaces the password `user` was read with and ends every session of theirs, in `tx`, so that no
 * refresh token from before the change stays usable. Returns the time of the change, or null,
 * with nothing changed, when another request changed the password first.
 */
export async function replacePasswordEndingSessions(
  tx: Db,
  user: { id: number; passwordHash: string | null },
  newHash: string,
): Promise<Date | null> {
  const changedAt = await replacePassword(tx, user.id, user.passwordHash, newHash);
  if (changedAt !== null) await blacklistAllRefreshTokens(tx, user.id);
  return changedAt;
}

/**
 * POST token/: a pair for a right username and password of an active account, else null. The
 * password check runs (against a decoy hash) even when the username is unknown.
 */
export async function obtainTokenPair(
  context: AccountsContext,
  username: string,
  password: string,
): Promise<TokenPair | null> {
  const user = await findUserByUsername(context.db, username.trim().normalize('NFKC'));
  const matches = await passwordMatches(user?.passwordHash ?? null, password);
  if (!user || !matches || !user.isActive) return null;
  await recordLogin(context.db, user.id);
  await deleteExpiredRefreshTokens(context.db, user.id);
  return issueTokenPair(context.db, context.signingKey, user);
}

/**
 * A tag of the account's current password (the same for every unknown username): it changes
 * when the password does, so the login's failure counters for an account start afresh after a
 * reset (login-throttle.ts). A digest of the hash, never the hash itself, goes into their keys.
 */
export async function passwordEpoch(context: AccountsContext, username: string): Promise<string> {
  const user = await findUserByUsername(context.db, username.trim().normalize('NFKC'));
  if (!user?.passwordHash) return 'none';
  return createHash('sha256').update(user.passwordHash).digest('base64url').slice(0, 16);
}

/**
 * POST token/refresh/ with rotation: the given refresh token is blacklisted and a new pair
 * issued, in one transaction. Of two concurrent refreshes of one token only one gets a pair.
 */
export async function rotateRefreshToken(
  context: AccountsContext,
  refreshToken: string,
): Promise<TokenPair> {
  const claims = await verifyToken(context.signingKey, refreshToken, 'refresh');
  if (typeof claims === 'string') throw tokenNotValid(tokenFaultDetail(claims));
  return context.db.transaction(async (tx) => {
    const ownerId = await blacklistRefreshToken(tx, claims.jti);
    if (ownerId === null) throw tokenNotValid('Token is blacklisted');
    const user = await findUserById(tx, ownerId);
    if (!user || !user.isActive) {
      throw new ApiError(401, {
        detail: 'No active account found for the given token.',
        code: 'no_active_account',
      });
    }
    return issueTokenPair(tx, context.signingKey, user);
  });
}

/** POST token/logout/: blacklists the refresh token; a second logout with it is refused. */
export async function logout(context: AccountsContext, refreshToken: string): Promise<void> {
  const claims = await verifyToken(context.signingKey, refreshToken, 'refresh');
  if (typeof claims === 'string') throw tokenNotValid(tokenFaultDetail(claims));
  const ownerId = await blacklistRefreshToken(context.db, claims.jti);
  if (ownerId === null) throw tokenNotValid('Token is blacklisted');
}
