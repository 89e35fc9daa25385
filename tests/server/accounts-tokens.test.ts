import { beforeAll, describe, expect, it, vi } from 'vitest';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { refreshTokens, users } from '../../server/db/schema';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';
import { TEST_SECRET } from './support/test-app';
import { bearer, claims, login, registerUser, type Pair } from './support/accounts';

const key = new TextEncoder().encode(TEST_SECRET);

/** A token signed with the server's key, with any claims and times the test wants. */
function signed(payload: Record<string, unknown>, iat: number, exp: number, signingKey = key) {
  return new SignJWT({ jti: randomUUID().replaceAll('-', ''), ...payload })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(signingKey);
}

const now = () => Math.floor(Date.now() / 1000);

/** An unsigned token (`alg: none`), which must never be accepted. */
function unsigned(payload: Record<string, unknown>) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

describe.each(databaseKinds)('tokens on %s', (kind) => {
  const suite = appSuite(kind);
  let userId: number;

  beforeAll(async () => {
    userId = (await registerUser(suite.app, 'clara')).user_id;
    // Like the seeded 'tilia' account: it exists but has no password (NULL hash).
    await suite.testDb.database.db
      .insert(users)
      .values({ username: 'passwordless', email: '', firstName: '', lastName: '', isActive: true });
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    suite.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload, headers });
  const me = (access: string) =>
    suite.app.inject({ url: `/api/v1/users/${userId}/`, headers: bearer(access) });

  it('logs in with simplejwt-shaped tokens: 5-minute access, 1-day refresh', async () => {
    const response = await post('token/', { username: 'clara', password: 'velvet-harpsichord-93' });
    expect(response.statusCode).toBe(200);
    const pair = response.json<Pair>();
    const access = claims(pair.access);
    const refresh = claims(pair.refresh);
    expect(access).toMatchObject({ token_type: 'access', user_id: userId, username: 'clara' });
    expect(refresh).toMatchObject({ token_type: 'refresh', user_id: userId });
    expect(Number(access.exp) - Number(access.iat)).toBe(300);
    expect(Number(refresh.exp) - Number(refresh.iat)).toBe(86_400);
    expect(access.jti).toMatch(/^[0-9a-f]{32}$/);
    expect(access.jti).not.toBe(refresh.jti);
    expect((await me(pair.access)).statusCode).toBe(200);
    const [row] = await suite.testDb.database.db.select().from(users).where(eq(users.id, userId));
    expect(row!.lastLogin).not.toBeNull();
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('accepts the username in any case', async () => {
    expect(
      (await post('token/', { username: 'CLARA', password: 'velvet-harpsichord-93' })).statusCode,
    ).toBe(200);
  });

  it('refuses wrong credentials with one message, doing the same work for unknown usernames', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    try {
      for (const body of [
        { username: 'clara', password: 'wrong-password-1' },
        { username: 'nobody-at-all', password: 'wrong-password-1' },
        { username: 'passwordless', password: 'anything-at-all' },
      ]) {
        verify.mockClear();
        const response = await post('token/', body);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          detail: 'No active account found with the given credentials',
          code: 'no_active_account',
        });
        expect(verify).toHaveBeenCalledTimes(1);
      }
    } finally {
      verify.mockRestore();
    }
  });

  it('says which login fields are missing or blank', async () => {
    const missing = await post('token/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    const blank = await post('token/', { username: ' ', password: '' });
    expect(blank.json()).toEqual({
      username: ['This field may not be blank.'],
      password: ['This field may not be blank.'],
    });
  });

  it('rotates refresh tokens: the old one is blacklisted, the new pair works', async () => {
    const first = await login(suite.app, 'clara');
    const refreshed = await post('token/refresh/', { refresh: first.refresh });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json<Pair>();
    expect(second.refresh).not.toBe(first.refresh);
    expect(claims(second.access).username).toBe('clara');
    expect((await me(second.access)).statusCode).toBe(200);

    const reused = await post('token/refresh/', { refresh: first.refresh });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    expect((await post('token/refresh/', { refresh: second.refresh })).statusCode).toBe(200);
  });

  it('gives at most one new pair for simultaneous refreshes of one token', async () => {
    const { refresh } = await login(suite.app, 'clara');
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => post('token/refresh/', { refresh })),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
    const jti = String(claims(refresh).jti);
    const [row] = await suite.testDb.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.jti, jti));
    expect(row!.blacklistedAt).not.toBeNull();
  });

  it('logs out by blacklisting the refresh token', async () => {
    const pair = await login(suite.app, 'clara');
    const out = await post('token/logout/', { refresh: pair.refresh });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({});
    const after = await post('token/refresh/', { refresh: pair.refresh });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'token_not_valid' });
    const again = await post('token/logout/', { refresh: pair.refresh });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
  });

  it('refuses forged, expired, wrong-type, unsigned and foreign refresh tokens', async () => {
    const pair = await login(suite.app, 'clara');
    const [header, payload] = pair.refresh.split('.');
    const tampered = `${header}.${Buffer.from(
      JSON.stringify({ ...claims(pair.refresh), user_id: userId + 1 }),
    ).toString('base64url')}.${pair.refresh.split('.')[2]}`;
    const otherKey = new TextEncoder().encode('another-secret-key-that-is-long-enough-too');
    const refreshClaims = { token_type: 'refresh', user_id: userId, username: 'clara' };
    const cases: [string, string, string][] = [
      ['tampered payload', tampered, 'Token is invalid or expired'],
      [
        'other key',
        await signed(refreshClaims, now(), now() + 600, otherKey),
        'Token is invalid or expired',
      ],
      [
        'expired',
        await signed(refreshClaims, now() - 90_000, now() - 3_600),
        'Token is invalid or expired',
      ],
      ['access as refresh', pair.access, 'Token has wrong type'],
      [
        'alg none',
        unsigned({ ...refreshClaims, jti: 'x', iat: now(), exp: now() + 600 }),
        'Token is invalid or expired',
      ],
      ['garbage', 'not.a.token', 'Token is invalid or expired'],
      ['never issued', await signed(refreshClaims, now(), now() + 600), 'Token is blacklisted'],
    ];
    expect(payload).toBeDefined();
    for (const [name, token, detail] of cases) {
      const response = await post('token/refresh/', { refresh: token });
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual({ detail, code: 'token_not_valid' });
    }
    // The genuine token still works after all that.
    expect((await post('token/refresh/', { refresh: pair.refresh })).statusCode).toBe(200);
  });

  it('refuses forged, expired, wrong-type and unsigned access tokens with token_not_valid', async () => {
    const pair = await login(suite.app, 'clara');
    const accessClaims = { token_type: 'access', user_id: userId, username: 'clara' };
    const otherKey = new TextEncoder().encode('another-secret-key-that-is-long-enough-too');
    const tokens = [
      await signed(accessClaims, now() - 600, now() - 300),
      await signed(accessClaims, now(), now() + 300, otherKey),
      pair.refresh,
      unsigned({ ...accessClaims, jti: 'x', iat: now(), exp: now() + 300 }),
      `${pair.access}x`,
    ];
    for (const token of tokens) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'token_not_valid' });
      // A bad token is refused on open routes too, so the client refreshes it.
      const open = await suite.app.inject({
        url: '/api/v1/users/1/username',
        headers: bearer(token),
      });
      expect(open.statusCode).toBe(401);
    }
    const malformed = await suite.app.inject({
      url: `/api/v1/users/${userId}/`,
      headers: { authorization: pair.access },
    });
    expect(malformed.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('ignores a stale access token on the token routes', async () => {
    const pair = await login(suite.app, 'clara');
    const stale = await signed({ token_type: 'access', user_id: userId }, now() - 600, now() - 300);
    const refreshed = await post('token/refresh/', { refresh: pair.refresh }, bearer(stale));
    expect(refreshed.statusCode).toBe(200);
    const out = await post(
      'token/logout/',
      { refresh: refreshed.json<Pair>().refresh },
      bearer(stale),
    );
    expect(out.statusCode).toBe(200);
    const again = await post(
      'token/',
      { username: 'clara', password: 'velvet-harpsichord-93' },
      bearer(stale),
    );
    expect(again.statusCode).toBe(200);
  });

  it('refuses the tokens of an inactive or deleted user', async () => {
    const { user_id: id } = await registerUser(suite.app, 'fanny');
    const pair = await login(suite.app, 'fanny');
    const own = () =>
      suite.app.inject({ url: `/api/v1/users/${id}/`, headers: bearer(pair.access) });
    expect((await own()).statusCode).toBe(200);

    await suite.testDb.database.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    expect((await own()).json()).toEqual({ detail: 'User is inactive', code: 'token_not_valid' });
    const refresh = await post('token/refresh/', { refresh: pair.refresh });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toMatchObject({ code: 'no_active_account' });
    const relogin = await post('token/', { username: 'fanny', password: 'velvet-harpsichord-93' });
    expect(relogin.statusCode).toBe(401);

    await suite.testDb.database.db.delete(users).where(eq(users.id, id));
    expect((await own()).json()).toEqual({ detail: 'User not found', code: 'token_not_valid' });
  });
});
