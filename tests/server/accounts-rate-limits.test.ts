import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';
import { testApp, testConfig } from './support/test-app';
import { bearer, login, loginAttempt, registerUser, registration } from './support/accounts';
import { holdRefusal, MAX_HELD_REFUSALS } from '../../server/accounts/throttle';

const throttledBody = {
  detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds?\.$/),
  code: 'throttled',
};

describe.each(databaseKinds)('rate limits on %s', (kind) => {
  const suite = appSuite(kind, {
    config: () =>
      testConfig({
        RATE_LIMIT_LOGIN_IP: '6/60',
        RATE_LIMIT_LOGIN_USERNAME: '3/300',
        RATE_LIMIT_PASSWORD_RESET: '2/3600',
        RATE_LIMIT_REGISTRATION: '8/3600',
      }),
  });

  beforeAll(async () => {
    for (const name of ['clara', 'robert', 'johannes']) await registerUser(suite.app, name);
  });

  const attempt = (username: string, password: string, remoteAddress?: string) =>
    loginAttempt(suite.app, username, password, remoteAddress);

  it('does not count successful logins', async () => {
    for (let i = 0; i < 8; i += 1) {
      expect((await attempt('johannes', 'velvet-harpsichord-93', '10.0.0.1')).statusCode).toBe(200);
    }
  });

  it('allows 3 failed logins per username from a client in 5 minutes, then refuses it even the right password', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt('clara', 'wrong-guess', '10.1.0.1')).statusCode).toBe(401);
    }
    for (const [username, password] of [
      ['clara', 'wrong-guess'],
      ['CLARA', 'velvet-harpsichord-93'],
    ]) {
      const refused = await attempt(username!, password!, '10.1.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(throttledBody);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(290);
      expect(retryAfter).toBeLessThanOrEqual(300);
      expect(refused.json<{ detail: string }>().detail).toContain(`${retryAfter} seconds`);
    }
    // Another username is unaffected, and so is another client (tests/reliability/login-lockout).
    expect((await attempt('robert', 'velvet-harpsichord-93', '10.1.0.1')).statusCode).toBe(200);
    expect((await attempt('clara', 'velvet-harpsichord-93', '10.1.0.9')).statusCode).toBe(200);
  });

  it('counts failures for unknown usernames the same way', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt('ghost', 'x', '10.2.0.1')).statusCode).toBe(401);
    }
    // Refused exactly as a known username would be, so a refusal tells nothing about accounts.
    const refused = await attempt('ghost', 'x', '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(throttledBody);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(290);
    // Failures from other clients count for those clients only.
    expect((await attempt('ghost', 'x', '10.2.0.2')).statusCode).toBe(401);
  });

  it('allows 6 failed logins per IP in a minute, whatever the usernames', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await attempt(`someone${i}`, 'wrong', '10.3.0.1')).statusCode).toBe(401);
    }
    const refused = await attempt('robert', 'velvet-harpsichord-93', '10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await attempt('robert', 'velvet-harpsichord-93', '10.3.0.2')).statusCode).toBe(200);
  });

  it('lets no more failures through than the limit when they arrive all at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => attempt('burst', 'wrong', '10.4.0.1')),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 401)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(7);
  });

  it('allows 2 password-reset requests per address an hour', async () => {
    const reset = (email: string) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/v1/dj-rest-auth/password/reset/',
        payload: { email },
      });
    expect((await reset('robert@example.org')).statusCode).toBe(200);
    expect((await reset('ROBERT@example.org')).statusCode).toBe(200);
    const refused = await reset('robert@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(throttledBody);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Unregistered addresses are limited alike (the answer tells nothing about the address).
    expect((await reset('stranger@example.org')).statusCode).toBe(200);
    expect((await reset('stranger@example.org')).statusCode).toBe(200);
    expect((await reset('stranger@example.org')).statusCode).toBe(429);
  });

  it('allows 8 registration attempts per IP an hour', async () => {
    const register = (name: string, remoteAddress: string) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/v1/dj-rest-auth/registration/',
        payload: registration(name),
        remoteAddress,
      });
    // Three registrations already came from 127.0.0.1 in beforeAll.
    for (let i = 0; i < 5; i += 1) {
      expect((await register(`pupil${i}`, '127.0.0.1')).statusCode).toBe(201);
    }
    const refused = await register('pupil9', '127.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(throttledBody);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await register('pupil9', '10.5.0.1')).statusCode).toBe(201);
  });

  it('throttles guessing the old password on password change like failed logins', async () => {
    const { access } = await login(suite.app, 'johannes');
    const change = (old: string) =>
      suite.app.inject({
        method: 'PUT',
        url: '/api/v1/users/password-change/',
        headers: bearer(access),
        payload: { old_password: old, new_password: 'johannes-new-sonata-8' },
      });
    for (let i = 0; i < 3; i += 1) expect((await change('guess')).statusCode).toBe(400);
    const refused = await change('velvet-harpsichord-93');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('rate-limit windows', () => {
  it('lets attempts through again once the window has passed', async () => {
    const testDb = await createTestDatabase('pglite');
    const app = await testApp(testDb.database, testConfig({ RATE_LIMIT_LOGIN_USERNAME: '2/1' }));
    try {
      await registerUser(app, 'clara');
      const attempt = (password: string) => loginAttempt(app, 'clara', password);
      expect((await attempt('wrong')).statusCode).toBe(401);
      expect((await attempt('wrong')).statusCode).toBe(401);
      const refused = await attempt('velvet-harpsichord-93');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({
        detail: 'Request was throttled. Expected available in 1 second.',
        code: 'throttled',
      });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await attempt('velvet-harpsichord-93')).statusCode).toBe(200);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});

describe('refusals are held before they are answered (THROTTLE_DELAY_MS)', () => {
  it('holds a refused login for the configured time, then answers 429', async () => {
    const testDb = await createTestDatabase('pglite');
    const app = await testApp(
      testDb.database,
      testConfig({ RATE_LIMIT_LOGIN_IP: '2/60', THROTTLE_DELAY_MS: '400' }),
    );
    try {
      const attempt = () => loginAttempt(app, 'nobody', 'wrong-guess', '10.9.0.1');
      for (let i = 0; i < 2; i += 1) expect((await attempt()).statusCode).toBe(401);
      const started = performance.now();
      const refused = await attempt();
      const waited = performance.now() - started;
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(throttledBody);
      expect(waited).toBeGreaterThanOrEqual(390);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });

  it(`answers at once while ${MAX_HELD_REFUSALS} refusals are already held`, async () => {
    const held = Array.from({ length: MAX_HELD_REFUSALS }, () => holdRefusal(300));
    const started = performance.now();
    await holdRefusal(300);
    expect(performance.now() - started).toBeLessThan(100);
    await Promise.all(held);
    // Once they are answered, the next refusal is held again.
    const again = performance.now();
    await holdRefusal(150);
    expect(performance.now() - again).toBeGreaterThanOrEqual(140);
  });
});
