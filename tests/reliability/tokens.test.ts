import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { users } from '../../server/db/schema';
import { databaseKinds } from '../server/support/test-database';
import { TEST_SECRET } from '../server/support/test-app';
import { bearer, claims, login, registerUser, type Pair } from '../server/support/accounts';
import { capturingOptions, remember } from './support/log-capture';
import { appSuite } from '../server/support/suites';

const PASSWORD = 'velvet-harpsichord-93';
const NEW_PASSWORD = 'amber-clavichord-47';
const now = () => Math.floor(Date.now() / 1000);
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Forge {
  payload: Record<string, unknown>;
  header?: Record<string, unknown>;
  key?: Uint8Array | CryptoKey;
}

/** A token with the claims of a real one, changed as the attack needs. */
function forge({ payload, header = { alg: 'HS256', typ: 'JWT' }, key }: Forge) {
  return new SignJWT({ jti: randomUUID().replaceAll('-', ''), ...payload })
    .setProtectedHeader(header as { alg: string })
    .sign(key ?? new TextEncoder().encode(TEST_SECRET));
}

describe.each(databaseKinds)('token attacks on %s', (kind) => {
  const suite = appSuite(kind, capturingOptions());
  /** POST token/refresh/ or token/logout/ with a refresh token (or something posing as one). */
  const tokenPost = (route: 'refresh' | 'logout', refresh: string) =>
    suite.app.inject({ method: 'POST', url: `/api/v1/token/${route}/`, payload: { refresh } });
  let userId: number;
  let pair: Pair;

  beforeAll(async () => {
    userId = (await registerUser(suite.app, 'clara')).user_id;
    pair = await login(suite.app, 'clara');
    remember(PASSWORD, NEW_PASSWORD, pair.access, pair.refresh);
  });

  const claimsOf = (type: 'access' | 'refresh', id = userId) => ({
    token_type: type,
    user_id: id,
    username: 'clara',
    iat: now(),
    exp: now() + 300,
  });

  /** GET users/{id}/ with a token: the private route the attacks aim at. */
  const getUser = (token: string, id = userId) =>
    suite.app.inject({ url: `/api/v1/users/${id}/`, headers: bearer(token) });

  /** A real login whose tokens the log check looks for. */
  async function session(username = 'clara'): Promise<Pair> {
    const tokens = await login(suite.app, username);
    remember(tokens.access, tokens.refresh);
    return tokens;
  }

  /** Used as an access token on a private route, and as a refresh token. */
  async function expectRefusedEverywhere(token: string, what: string) {
    const asAccess = await getUser(token);
    expect(asAccess.statusCode, `${what} as access`).toBe(401);
    expect(asAccess.json(), what).toMatchObject({ code: 'token_not_valid' });
    // Even an open route refuses a bad token, as DRF does.
    const open = await suite.app.inject({ url: '/api/v1/files/query/', headers: bearer(token) });
    expect(open.statusCode, `${what} on an open route`).toBe(401);
    const asRefresh = await tokenPost('refresh', token);
    expect(asRefresh.statusCode, `${what} as refresh`).toBe(401);
  }

  it('refuses alg: none, in every spelling', async () => {
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      for (const type of ['access', 'refresh'] as const) {
        const unsigned = `${part({ alg, typ: 'JWT' })}.${part({ ...claimsOf(type), jti: 'x1' })}.`;
        await expectRefusedEverywhere(unsigned, `alg ${alg} ${type}`);
        const withSignature = `${unsigned}${pair.access.split('.')[2]}`;
        await expectRefusedEverywhere(withSignature, `alg ${alg} ${type} with a signature`);
      }
    }
  });

  it('refuses HS256 signed with another key, and a real token with its payload changed', async () => {
    for (const type of ['access', 'refresh'] as const) {
      const other = await forge({
        payload: claimsOf(type),
        key: new TextEncoder().encode('another-secret-key-that-is-long-enough-too'),
      });
      await expectRefusedEverywhere(other, `${type} with another key`);
    }
    const [header, , signature] = pair.access.split('.');
    const otherUser = `${header}.${part({ ...claims(pair.access), user_id: userId + 1 })}.${signature}`;
    await expectRefusedEverywhere(otherUser, 'payload changed');
  });

  it('refuses RS256 and the RS256-to-HS256 confusion', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    for (const type of ['access', 'refresh'] as const) {
      const rs = await forge({
        payload: claimsOf(type),
        header: { alg: 'RS256', typ: 'JWT' },
        key: privateKey,
      });
      await expectRefusedEverywhere(rs, `${type} RS256`);
      // The classic confusion: HMAC keyed with a public key the attacker knows.
      const pem = await exportSPKI(publicKey);
      const confused = await forge({
        payload: claimsOf(type),
        key: new TextEncoder().encode(pem),
      });
      await expectRefusedEverywhere(confused, `${type} HS256 keyed with a public key`);
      for (const alg of ['HS384', 'HS512']) {
        const stronger = await forge({ payload: claimsOf(type), header: { alg, typ: 'JWT' } });
        await expectRefusedEverywhere(stronger, `${type} ${alg}`);
      }
    }
  });

  it('refuses expired tokens and tokens that are not valid yet', async () => {
    for (const type of ['access', 'refresh'] as const) {
      const expired = await forge({
        payload: { ...claimsOf(type), iat: now() - 7200, exp: now() - 60 },
      });
      await expectRefusedEverywhere(expired, `expired ${type}`);
      const notBefore = await forge({ payload: { ...claimsOf(type), nbf: now() + 3600 } });
      await expectRefusedEverywhere(notBefore, `${type} with nbf in an hour`);
      const fromTheFuture = await forge({
        payload: { ...claimsOf(type), iat: now() + 3600, exp: now() + 7200 },
      });
      await expectRefusedEverywhere(fromTheFuture, `${type} issued in an hour`);
      const noExpiry = await forge({ payload: { ...claimsOf(type), exp: undefined } });
      await expectRefusedEverywhere(noExpiry, `${type} without exp`);
    }
  });

  it('refuses an access token as a refresh token and the reverse', async () => {
    const fresh = await session();
    const refreshWithAccess = await tokenPost('refresh', fresh.access);
    expect(refreshWithAccess.statusCode).toBe(401);
    expect(refreshWithAccess.json()).toMatchObject({ code: 'token_not_valid' });
    const accessWithRefresh = await getUser(fresh.refresh);
    expect(accessWithRefresh.statusCode).toBe(401);
    const logoutWithAccess = await tokenPost('logout', fresh.access);
    expect(logoutWithAccess.statusCode).toBe(401);
  });

  it('refuses a refresh token after logout, and a rotated one when reused', async () => {
    const first = await session();
    const rotated = await tokenPost('refresh', first.refresh);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json<Pair>();
    remember(next.access, next.refresh);
    const reused = await tokenPost('refresh', first.refresh);
    expect(reused.statusCode).toBe(401);

    const logout = await tokenPost('logout', next.refresh);
    expect(logout.statusCode).toBe(200);
    const afterLogout = await tokenPost('refresh', next.refresh);
    expect(afterLogout.statusCode).toBe(401);
  });

  it('refuses every token issued before a password change', async () => {
    const before = await session();
    // Tokens carry whole seconds; the change must fall in a later second than their iat.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const change = await suite.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password-change/',
      headers: bearer(before.access),
      payload: { old_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(change.statusCode, change.body).toBe(200);
    const given = change.json<Pair>();
    remember(given.access, given.refresh);
    const oldAccess = await getUser(before.access);
    expect(oldAccess.statusCode).toBe(401);
    const oldRefresh = await tokenPost('refresh', before.refresh);
    expect(oldRefresh.statusCode).toBe(401);
    const current = await getUser(given.access);
    expect(current.statusCode).toBe(200);
  });

  it('refuses the tokens of a deleted user, and does not give them to a new user of that name', async () => {
    const { user_id: id } = await registerUser(suite.app, 'fanny');
    const fanny = await session('fanny');
    await suite.testDb.database.db.delete(users).where(eq(users.id, id));
    const access = await getUser(fanny.access, id);
    expect(access.statusCode).toBe(401);
    const refresh = await tokenPost('refresh', fanny.refresh);
    expect(refresh.statusCode).toBe(401);
    const again = await registerUser(suite.app, 'fanny');
    expect(again.user_id).not.toBe(id);
    const stale = await suite.app.inject({
      url: '/api/v1/users/files/',
      headers: bearer(fanny.access),
    });
    expect(stale.statusCode).toBe(401);
  });

  it('refuses malformed Authorization headers with 401, never a 500', async () => {
    const headers = [
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Bearer ....',
      `Bearer ${pair.access} extra`,
      `bearer ${'x'.repeat(100_000)}`,
      `Bearer ${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${'A'.repeat(50_000)}.x`,
      'Basic Y2xhcmE6dmVsdmV0',
      'Token abc',
    ];
    for (const authorization of headers) {
      const response = await suite.app.inject({
        url: '/api/v1/users/files/',
        headers: { authorization },
      });
      expect(response.statusCode, authorization.slice(0, 40)).toBe(401);
    }
  });
});
