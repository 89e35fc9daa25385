import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../server/support/test-database';
import { bearer, login, registerUser, type Pair } from '../server/support/accounts';
import { analysisTla, rowCounts, upload, type TestUser } from '../server/support/upload-helpers';
import { capturingOptions, remember } from './support/log-capture';
import { appSuite } from '../server/support/suites';

/** Ids that name no file: unknown, negative, zero, huge, and not numbers at all. */
const STRANGE_IDS = [
  '999999',
  '-1',
  '0',
  '-0',
  '9223372036854775808',
  '99999999999999999999999999',
  '1e309',
  '1.5',
  '0x10',
  'abc',
  '1%20OR%201=1',
  "1'--",
  '%00',
  '%F0%9F%8E%B5',
  'null',
];

describe.each(databaseKinds)('access control on %s', (kind) => {
  const suite = appSuite(kind, capturingOptions());
  let ana: TestUser;
  let bob: TestUser;
  let anaId: number;
  let bobId: number;
  let anaPair: Pair;
  let privateId: number;
  let publicId: number;

  const asUser = (id: number, pair: Pair): TestUser => ({
    id,
    token: pair.access,
    auth: bearer(pair.access),
  });

  beforeAll(async () => {
    anaId = (await registerUser(suite.app, 'ana')).user_id;
    bobId = (await registerUser(suite.app, 'bob')).user_id;
    anaPair = await login(suite.app, 'ana');
    const bobPair = await login(suite.app, 'bob');
    remember('velvet-harpsichord-93', anaPair.access, anaPair.refresh, bobPair.access);
    ana = asUser(anaId, anaPair);
    bob = asUser(bobId, bobPair);
    const stored = await upload(suite.app, ana, [
      { name: 'private.tla', bytes: analysisTla({ title: 'Private' }) },
    ]);
    privateId = stored.json<{ files: { id: number }[] }>().files[0]!.id;
    const shared = await upload(
      suite.app,
      ana,
      [{ name: 'public.tla', bytes: analysisTla({ title: 'Public' }) }],
      { is_public: 'true' },
    );
    publicId = shared.json<{ files: { id: number }[] }>().files[0]!.id;
  });

  const routes = [
    { method: 'GET' as const, path: (id: string) => `/api/v1/files/${id}/json` },
    { method: 'GET' as const, path: (id: string) => `/api/v1/files/${id}/tla` },
    {
      method: 'PATCH' as const,
      path: (id: string) => `/api/v1/files/${id}/`,
      body: { is_public: true },
    },
    { method: 'DELETE' as const, path: (id: string) => `/api/v1/files/${id}/` },
  ];

  const call = (route: (typeof routes)[number], id: string, user: TestUser | null) =>
    suite.app.inject({
      method: route.method,
      url: route.path(id),
      headers: user ? user.auth : {},
      ...(route.body ? { payload: route.body } : {}),
    });

  it("answers another user's private file exactly like an unknown id, on every route", async () => {
    const before = await rowCounts(suite.testDb.database.db);
    for (const route of routes) {
      const unknown = await call(route, '999999', bob);
      const foreign = await call(route, String(privateId), bob);
      expect(unknown.statusCode, `${route.method} ${route.path('999999')}`).toBe(404);
      expect(foreign.statusCode, `${route.method} ${route.path(String(privateId))}`).toBe(404);
      expect(foreign.body).toBe(unknown.body);
      expect(foreign.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(foreign.body).toBe('{"detail":"Not found."}');
    }
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
    const owner = await suite.app.inject({
      url: `/api/v1/files/${privateId}/json`,
      headers: ana.auth,
    });
    expect(owner.statusCode).toBe(200);
  });

  it('answers the same 404 for a private file to a visitor (GET) and 401 for changes', async () => {
    for (const route of routes.slice(0, 2)) {
      const response = await call(route, String(privateId), null);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('{"detail":"Not found."}');
    }
    for (const route of routes.slice(2)) {
      expect((await call(route, String(privateId), null)).statusCode).toBe(401);
    }
  });

  it("refuses changes to another user's public file with 403 and changes nothing", async () => {
    const patch = await call(routes[2]!, String(publicId), bob);
    const remove = await call(routes[3]!, String(publicId), bob);
    expect([patch.statusCode, remove.statusCode]).toEqual([403, 403]);
    const still = await suite.app.inject({ url: `/api/v1/files/${publicId}/json` });
    expect(still.statusCode).toBe(200);
  });

  it.each(STRANGE_IDS)('answers the file id %s with 404, never a 500', async (id) => {
    for (const route of routes) {
      for (const user of [ana, bob, null]) {
        const response = await call(route, id, user);
        const expected = route.method !== 'GET' && user === null ? 401 : 404;
        expect(response.statusCode, `${route.method} ${route.path(id)}`).toBe(expected);
        if (expected === 404) expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    }
  });

  it.each(STRANGE_IDS)('answers the user id %s on the profile routes without a 500', async (id) => {
    const username = await suite.app.inject({ url: `/api/v1/users/${id}/username` });
    expect(username.statusCode).toBe(404);
    const profile = await suite.app.inject({ url: `/api/v1/users/${id}/`, headers: ana.auth });
    expect([403, 404]).toContain(profile.statusCode);
    const change = await suite.app.inject({
      method: 'PUT',
      url: `/api/v1/users/profile-change/${id}/`,
      headers: ana.auth,
      payload: { first_name: 'X', last_name: 'Y', username: 'ana', email: 'ana@example.org' },
    });
    expect([403, 404]).toContain(change.statusCode);
  });

  it("keeps another user's profile out of reach: read and change give 403", async () => {
    const read = await suite.app.inject({ url: `/api/v1/users/${anaId}/`, headers: bob.auth });
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain('ana@example.org');
    const change = await suite.app.inject({
      method: 'PUT',
      url: `/api/v1/users/profile-change/${anaId}/`,
      headers: bob.auth,
      payload: {
        first_name: 'Mallory',
        last_name: 'M',
        username: 'mallory',
        email: 'm@example.org',
      },
    });
    expect(change.statusCode).toBe(403);
    const own = await suite.app.inject({ url: `/api/v1/users/${anaId}/`, headers: ana.auth });
    expect(own.json()).toMatchObject({ username: 'ana', email: 'ana@example.org' });
    const signedOut = await suite.app.inject({ url: `/api/v1/users/${anaId}/` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('shows nobody the dashboard of another user, whatever the query says', async () => {
    for (const query of ['', `?user_id=${anaId}`, `?user=${anaId}`, `?owner=${anaId}`]) {
      const response = await suite.app.inject({
        url: `/api/v1/users/files/${query}`,
        headers: bob.auth,
      });
      if (response.statusCode === 400) continue;
      expect(response.statusCode).toBe(200);
      expect(response.json<{ files: unknown[] }>().files).toEqual([]);
    }
    const anaFiles = await suite.app.inject({ url: '/api/v1/users/files/', headers: ana.auth });
    expect(anaFiles.json<{ files: unknown[] }>().files).toHaveLength(2);
    expect((await suite.app.inject({ url: '/api/v1/users/files/' })).statusCode).toBe(401);
  });
});
