import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Password-reset tokens in the manner of Django's PasswordResetTokenGenerator: a timestamp and an
 * HMAC over that timestamp and the user's current state (password hash, time of the last password
 * change and of the last login, e-mail address). No state is stored: once the password changes,
 * or the user logs in, the HMAC no longer matches, so a token works once; and a token older than
 * three days is refused.
 */
export const RESET_TOKEN_SECONDS = 3 * 24 * 60 * 60;

export interface ResetTokenSubject {
  id: number;
  passwordHash: string | null;
  passwordChangedAt: Date;
  lastLogin: Date | null;
  email: string;
}

/** Keeps the HMAC key apart from the JWT signing key, as Django's salted_hmac does. */
const hmacKey = (secret: string) =>
  createHash('sha256').update(`tilia.accounts.password-reset\u0000${secret}`).digest();

function signature(secret: string, user: ResetTokenSubject, timestamp: number): string {
  const state = [
    user.id,
    user.passwordHash ?? '',
    user.passwordChangedAt.getTime(),
    user.lastLogin?.getTime() ?? '',
    user.email.toLowerCase(),
    timestamp,
  ].join('\u0000');
  return createHmac('sha256', hmacKey(secret)).update(state).digest('base64url');
}

export function makeResetToken(
  secret: string,
  user: ResetTokenSubject,
  nowMs = Date.now(),
): string {
  const timestamp = Math.floor(nowMs / 1000);
  return `${timestamp.toString(36)}-${signature(secret, user, timestamp)}`;
}

export function isValidResetToken(
  secret: string,
  user: ResetTokenSubject,
  token: string,
  nowMs = Date.now(),
): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const timestamp = parseInt(match[1]!, 36);
  // Only our own servers make timestamps (they are signed), so a small negative age is clock skew.
  if (Math.floor(nowMs / 1000) - timestamp > RESET_TOKEN_SECONDS) return false;
  const expected = Buffer.from(signature(secret, user, timestamp));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The uid of the reset link: the user id in URL-safe base64, as Django writes it. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,24}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,14}$/.test(text)) return null;
  return Number(text);
}
