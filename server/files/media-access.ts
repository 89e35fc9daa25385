import { jwtVerify, SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { signingKey } from '../auth/jwt-tokens';

/**
 * Who may load a stored media object (a recording or a score PDF) from /media/. Objects are
 * content-addressed and shared: one that a public file uses is public, served to anyone and
 * cached as immutable. One that only private files use is its owners' alone: a browser's <audio>
 * and pdf.js send no Authorization header, so the owner's browser carries a cookie instead, set
 * when the owner opens one of their files (files/{id}/json) and scoped to /media/. Anyone else
 * gets the 404 of a missing file: nobody can tell that a private upload of a recording exists.
 */

export const MEDIA_COOKIE = 'tilia_media';
/** How long the cookie lets its holder load their private media: a long listening session. */
const MEDIA_ACCESS_SECONDS = 12 * 60 * 60;

export type MediaAccess = 'public' | 'owner' | 'none';

export async function mediaCookieValue(secret: string, userId: number): Promise<string> {
  return new SignJWT({ token_type: 'media', user_id: userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${MEDIA_ACCESS_SECONDS}s`)
    .sign(signingKey(secret));
}

/** The Set-Cookie header for the owner's media cookie. */
export async function mediaCookie(
  secret: string,
  userId: number,
  options: { path: string; secure: boolean },
): Promise<string> {
  const parts = [
    `${MEDIA_COOKIE}=${await mediaCookieValue(secret, userId)}`,
    `Path=${options.path}`,
    `Max-Age=${MEDIA_ACCESS_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The user a media cookie names, or null for none, a forged one or an expired one. */
export async function mediaCookieHolder(
  secret: string,
  cookieHeader: string | undefined,
): Promise<number | null> {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${MEDIA_COOKIE}=`))
    ?.slice(MEDIA_COOKIE.length + 1);
  if (!value) return null;
  try {
    const { payload } = await jwtVerify(value, signingKey(secret), { algorithms: ['HS256'] });
    return payload.token_type === 'media' && typeof payload.user_id === 'number'
      ? payload.user_id
      : null;
  } catch {
    return null;
  }
}

/** Whether `path` (relative to MEDIA_DIR) is public, the `userId`'s own, or neither. */
export async function mediaAccess(
  db: Db,
  path: string,
  userId: number | null,
): Promise<MediaAccess> {
  const result = await db.execute(sql`
    SELECT bool_or(f.is_public) AS public, bool_or(f.author_id = ${userId ?? -1}) AS owned
    FROM media_objects mo
    JOIN media_references r ON r.media_sha256 = mo.sha256
    JOIN files f ON f.id = r.file_id
    WHERE mo.path = ${path}`);
  const row = (result as { rows: { public: boolean | null; owned: boolean | null }[] }).rows[0];
  if (row?.public) return 'public';
  if (row?.owned) return 'owner';
  return 'none';
}
