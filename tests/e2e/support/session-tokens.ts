import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SignJWT } from 'jose';

/**
 * Tokens as the E2E server would have issued them long ago: signed with its own secret (the key
 * it generated into its data folder), so the server refuses them for their age alone.
 */

const port = Number(process.env.E2E_PORT ?? 8191);

function serverSecret(): Uint8Array {
  const fromEnv = process.env.E2E_SECRET_KEY;
  const secret =
    fromEnv ?? readFileSync(path.resolve(`test-results/e2e-data-${port}/secret-key`), 'utf8');
  return new TextEncoder().encode(secret.trim());
}

/** A token of `type` for the user whose real `access` token is given, expired a minute ago. */
export async function expiredToken(type: 'access' | 'refresh', access: string): Promise<string> {
  const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as {
    user_id: number;
    username: string;
  };
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    token_type: type,
    user_id: claims.user_id,
    username: claims.username,
    jti: randomUUID().replaceAll('-', ''),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - (type === 'access' ? 360 : 86_460))
    .setExpirationTime(now - 60)
    .sign(serverSecret());
}

/**
 * Puts a session in the page's storage as the app keeps it (SPEC.md section 3). Call it on a page
 * of the site; the next navigation starts with this session.
 */
export async function storeSession(
  page: Page,
  session: { access: string; refresh: string; username: string },
): Promise<void> {
  await page.evaluate((stored) => {
    localStorage.setItem('accessToken', stored.access);
    localStorage.setItem('refreshToken', stored.refresh);
    localStorage.setItem('username', stored.username);
  }, session);
}

/** Replaces the page's access token with one that expired a minute ago; the refresh token stays. */
export async function expireAccessToken(page: Page): Promise<void> {
  const access = await page.evaluate(() => localStorage.getItem('accessToken'));
  if (!access) throw new Error('no session stored in the page');
  const expired = await expiredToken('access', access);
  await page.evaluate((token) => localStorage.setItem('accessToken', token), expired);
}
