import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';
import { login, loginAttempt, registration } from './support/accounts';

describe.each(databaseKinds)('registration on %s', (kind) => {
  const suite = appSuite(kind);

  const register = (payload: object) =>
    suite.app.inject({ method: 'POST', url: '/api/v1/dj-rest-auth/registration', payload });

  it('creates an account with an argon2id hash, and the account can log in', async () => {
    const response = await register(registration('robert', { email: 'Robert@EXAMPLE.org' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      user_id: expect.any(Number),
      username: 'robert',
      first_name: 'Clara',
      last_name: 'Wieck',
      email: 'Robert@example.org',
    });
    const [row] = await suite.testDb.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'robert'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('velvet');
    expect(row!.isActive).toBe(true);
    expect((await login(suite.app, 'robert')).access).toBeTruthy();
  });

  it('names every missing field', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(400);
    const required = ['This field is required.'];
    expect(response.json()).toEqual({
      firstname: required,
      lastname: required,
      username: required,
      email: required,
      password1: required,
      password2: required,
    });
  });

  it('refuses blank fields, a bad e-mail and a bad username, per field', async () => {
    const response = await register(
      registration('x', {
        firstname: ' ',
        lastname: '',
        username: 'no spaces!',
        email: 'not-an-address',
        password2: '',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      firstname: ['This field may not be blank.'],
      lastname: ['This field may not be blank.'],
      username: [
        'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
      ],
      email: ['Enter a valid email address.'],
      password2: ['This field may not be blank.'],
    });
  });

  it.each([
    'a@b',
    'a@@example.org',
    '@example.org',
    'a b@example.org',
    'a@example.',
    'a..b@example.org',
  ])('refuses the e-mail %j', async (address) => {
    const response = await register(registration('emailcheck', { email: address }));
    expect(response.json()).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('refuses a taken username or e-mail, whatever the case', async () => {
    await register(registration('johannes'));
    const response = await register(
      registration('JOHANNES', { email: 'JOHANNES@example.org', password1: 'x', password2: 'x' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: ['A user with that username already exists.'],
      email: ['A user is already registered with this e-mail address.'],
      password1: ['This password is too short. It must contain at least 8 characters.'],
    });
  });

  it("says when the two passwords differ, with dj-rest-auth's text", async () => {
    const response = await register(registration('felix', { password2: 'velvet-harpsichord-94' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: ["The two password fields didn't match."],
    });
  });

  it.each([
    [
      'similar to the username',
      'Leopold',
      'leopold1',
      ['The password is too similar to the username.'],
    ],
    [
      'too short',
      'shorty',
      'k7#Lq',
      ['This password is too short. It must contain at least 8 characters.'],
    ],
    ['common', 'commoner', 'sunshine', ['This password is too common.']],
    ['entirely numeric', 'numeric', '5093817264', ['This password is entirely numeric.']],
    [
      'all at once',
      'fourfold',
      '123',
      [
        'This password is too short. It must contain at least 8 characters.',
        'This password is too common.',
        'This password is entirely numeric.',
      ],
    ],
  ])("applies Django's validators: %s", async (_case, name, password, messages) => {
    const response = await register(
      registration(name, { password1: password, password2: password }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password1: messages });
    const [row] = await suite.testDb.database.db
      .select()
      .from(users)
      .where(eq(users.username, name));
    expect(row).toBeUndefined();
  });

  it('keeps one of two simultaneous registrations of the same username', async () => {
    const responses = await Promise.all([
      register(registration('twin', { email: 'twin1@example.org' })),
      register(registration('Twin', { email: 'twin2@example.org' })),
    ]);
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 400]);
    const refused = responses.find((response) => response.statusCode === 400)!;
    expect(refused.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('signs up a class of 30 together from three addresses, and they all log in at once', async () => {
    // Within the per-address limit (20 an hour); the hashing queue is what is tested here.
    const names = Array.from({ length: 30 }, (_, i) => `pupil${i}`);
    const signUps = await Promise.all(
      names.map((name, i) =>
        suite.app.inject({
          method: 'POST',
          url: '/api/v1/dj-rest-auth/registration',
          payload: registration(name),
          remoteAddress: `10.30.0.${i % 3}`,
        }),
      ),
    );
    expect(signUps.map((response) => response.statusCode)).toEqual(Array(30).fill(201));
    const logins = await Promise.all(
      names.map((name, i) =>
        loginAttempt(suite.app, name, 'velvet-harpsichord-93', `10.30.0.${i % 3}`),
      ),
    );
    expect(logins.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
  });
});
