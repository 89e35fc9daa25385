import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';
import { bearer, claims, login, refreshAttempt, registerUser, type Pair } from './support/accounts';

const nextSecond = () =>
  new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 10));

describe.each(databaseKinds)('user routes on %s', (kind) => {
  const suite = appSuite(kind, { seed: true });
  let claraId: number;
  let robertId: number;

  beforeAll(async () => {
    claraId = (await registerUser(suite.app, 'clara')).user_id;
    robertId = (await registerUser(suite.app, 'robert')).user_id;
  });

  const put = (url: string, access: string, payload: object) =>
    suite.app.inject({ method: 'PUT', url: `/api/v1/${url}`, headers: bearer(access), payload });
  /** A profile-change body: Clara's profile as her first change leaves it, but for `changes`. */
  const claraProfile = (changes: Record<string, string> = {}) => ({
    first_name: 'Clara',
    last_name: 'Schumann',
    username: 'clara.schumann',
    email: 'clara.schumann@example.org',
    ...changes,
  });
  /** PUT users/profile-change/{Clara's id}/ as `access`, with claraProfile(changes). */
  const changeProfile = (access: string, changes: Record<string, string>) =>
    put(`users/profile-change/${claraId}/`, access, claraProfile(changes));

  it('shows anyone the username of a user, and 404 for an unknown one', async () => {
    const seeded = await suite.app.inject({ url: '/api/v1/users/1/username' });
    expect(seeded.statusCode).toBe(200);
    expect(seeded.json()).toEqual({ username: 'tilia' });
    expect((await suite.app.inject({ url: `/api/v1/users/${claraId}/username/` })).json()).toEqual({
      username: 'clara',
    });
    for (const id of ['999999', 'abc', '0']) {
      const response = await suite.app.inject({ url: `/api/v1/users/${id}/username` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('shows your own account to you only', async () => {
    const { access } = await login(suite.app, 'clara');
    const mine = await suite.app.inject({
      url: `/api/v1/users/${claraId}/`,
      headers: bearer(access),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      user_id: claraId,
      username: 'clara',
      first_name: 'Clara',
      last_name: 'Wieck',
      email: 'clara@example.org',
    });
    const other = await suite.app.inject({
      url: `/api/v1/users/${robertId}/`,
      headers: bearer(access),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    const anonymous = await suite.app.inject({ url: `/api/v1/users/${claraId}/` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
  });

  it('changes your own profile, and refuses taken names per field', async () => {
    const { access } = await login(suite.app, 'clara');
    const changed = await changeProfile(access, { first_name: 'Clara Josephine', last_name: '' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      user_id: claraId,
      ...claraProfile({ first_name: 'Clara Josephine', last_name: '' }),
    });
    expect((await login(suite.app, 'clara.schumann')).access).toBeTruthy();

    const taken = await changeProfile(access, { username: 'ROBERT', email: 'Robert@Example.org' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      username: ['A user with that username already exists.'],
      email: ['A user is already registered with this e-mail address.'],
    });
    const invalid = await changeProfile(access, {
      first_name: 'x'.repeat(151),
      username: '',
      email: 'nope',
    });
    expect(invalid.json()).toEqual({
      first_name: ['Ensure this field has no more than 150 characters.'],
      username: ['This field may not be blank.'],
      email: ['Enter a valid email address.'],
    });
    // Without the trailing slash: the route takes both.
    const missing = await put(`users/profile-change/${claraId}`, access, {});
    expect(Object.keys(missing.json()).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'username',
    ]);
    // Keeping your own username and e-mail is not a clash with yourself.
    const same = await changeProfile(access, { username: 'Clara.Schumann' });
    expect(same.statusCode).toBe(200);
  });

  it("refuses to change someone else's profile", async () => {
    const { access } = await login(suite.app, 'robert');
    const response = await changeProfile(access, {
      username: 'hijacked',
      email: 'hijacked@example.org',
    });
    expect(response.statusCode).toBe(403);
    const anonymous = await suite.app.inject({
      method: 'PUT',
      url: `/api/v1/users/profile-change/${claraId}/`,
      payload: { first_name: 'x', last_name: 'y', username: 'hijacked', email: 'h@example.org' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes the password: old one checked, new one validated, other sessions revoked', async () => {
    const other = await login(suite.app, 'robert');
    const session = await login(suite.app, 'robert');
    const wrongOld = await put('users/password-change/', session.access, {
      old_password: 'not-my-password',
      new_password: 'robert-new-sonata-3',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toEqual({
      old_password: ['Your old password was entered incorrectly. Please enter it again.'],
    });
    const weak = await put('users/password-change/', session.access, {
      old_password: 'velvet-harpsichord-93',
      new_password: 'robert12',
    });
    expect(weak.json()).toEqual({ new_password: ['The password is too similar to the username.'] });
    const blank = await put('users/password-change/', session.access, {
      old_password: '',
      new_password: '',
    });
    expect(blank.json()).toEqual({
      old_password: ['This field may not be blank.'],
      new_password: ['This field may not be blank.'],
    });

    await nextSecond();
    const changed = await put('users/password-change/', session.access, {
      old_password: 'velvet-harpsichord-93',
      new_password: 'robert-new-sonata-3',
    });
    expect(changed.statusCode).toBe(200);
    const body = changed.json<Pair & { detail: string }>();
    expect(body.detail).toBe('New password has been saved.');
    expect(claims(body.access)).toMatchObject({ token_type: 'access', user_id: robertId });

    // This session goes on with the pair it was handed; every earlier token is dead.
    const own = (access: string) =>
      suite.app.inject({ url: `/api/v1/users/${robertId}/`, headers: bearer(access) });
    expect((await own(body.access)).statusCode).toBe(200);
    expect((await own(session.access)).json()).toMatchObject({ code: 'token_not_valid' });
    for (const refresh of [other.refresh, session.refresh]) {
      const response = await refreshAttempt(suite.app, refresh);
      expect(response.statusCode).toBe(401);
    }
    const fresh = await refreshAttempt(suite.app, body.refresh);
    expect(fresh.statusCode).toBe(200);
    expect((await login(suite.app, 'robert', 'robert-new-sonata-3')).access).toBeTruthy();
  });

  it('needs a signed-in user to change a password', async () => {
    const response = await suite.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password-change/',
      payload: { old_password: 'a', new_password: 'b' },
    });
    expect(response.statusCode).toBe(401);
  });
});
