import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encodeUid, makeResetToken } from '../../server/accounts/password-reset-token';
import { users } from '../../server/db/schema';
import { loginAttempt, registerUser } from '../server/support/accounts';
import { TEST_SECRET } from '../server/support/test-app';
import { databaseKinds } from '../server/support/test-database';
import { capturingOptions, remember } from './support/log-capture';
import { appSuite } from '../server/support/suites';

const PASSWORD = 'velvet-harpsichord-93';
const NEW_PASSWORD = 'brand-new-sonata-77';

/**
 * Wrong passwords for a username stop whoever sends them, not the account's owner: another client
 * that has not failed still logs in with the right password, and so does the owner, wherever,
 * after a password reset.
 */
describe.each(databaseKinds)('nobody locks someone else out on %s', (kind) => {
  const suite = appSuite(
    kind,
    capturingOptions({ RATE_LIMIT_LOGIN_USERNAME: '5/300', RATE_LIMIT_LOGIN_IP: '50/60' }),
  );

  beforeAll(async () => {
    remember(PASSWORD, NEW_PASSWORD);
    await registerUser(suite.app, 'clara');
  });

  const attempt = (password: string, remoteAddress: string, username = 'clara') =>
    loginAttempt(suite.app, username, password, remoteAddress);

  it('stops the guesser and lets the owner in from a client that has not failed', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(`guess-${i}`, '10.6.0.1')).statusCode).toBe(401);
    }
    // The guesser is refused, even with the right password: the limit against guessing holds.
    const refused = await attempt(PASSWORD, '10.6.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(290);
    // Upper case and NFKC forms are the same username.
    expect((await attempt('guess-5', '10.6.0.1', ' CLARA ')).statusCode).toBe(429);

    expect((await attempt(PASSWORD, '10.6.0.2')).statusCode).toBe(200);
  });

  it('throttles a guesser spread over many addresses per address, never the owner who mistypes', async () => {
    for (let i = 0; i < 10; i += 1) {
      for (let guess = 0; guess < 5; guess += 1) {
        expect((await attempt(`spread-guess-${guess}`, `10.6.1.${i}`)).statusCode).toBe(401);
      }
      expect((await attempt('spread-guess-again', `10.6.1.${i}`)).statusCode).toBe(429);
    }
    // Fifty failures for the account from elsewhere: its owner mistypes once and still gets in.
    expect((await attempt('typo', '10.6.0.3')).statusCode).toBe(401);
    expect((await attempt(PASSWORD, '10.6.0.3')).statusCode).toBe(200);
  });

  it('lets the owner, locked out on their own machine by typos, in again after a reset', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(`typo-${i}`, '10.6.0.4')).statusCode).toBe(401);
    }
    expect((await attempt(PASSWORD, '10.6.0.4')).statusCode).toBe(429);

    const [user] = await suite.testDb.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'clara'));
    const token = makeResetToken(TEST_SECRET, user!);
    remember(token);
    const reset = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/dj-rest-auth/password/reset/confirm/',
      payload: {
        uid: encodeUid(user!.id),
        token,
        new_password1: NEW_PASSWORD,
        new_password2: NEW_PASSWORD,
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await attempt(NEW_PASSWORD, '10.6.0.4')).statusCode).toBe(200);
    expect((await attempt(NEW_PASSWORD, '10.6.0.1')).statusCode).toBe(200);
  });
});
