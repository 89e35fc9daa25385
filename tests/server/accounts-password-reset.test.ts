import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import { users } from '../../server/db/schema';
import {
  encodeUid,
  makeResetToken,
  RESET_TOKEN_SECONDS,
} from '../../server/accounts/password-reset-token';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';
import { TEST_SECRET, testConfig } from './support/test-app';
import {
  bearer,
  login,
  loginAttempt,
  refreshAttempt,
  outboxMessages,
  registerUser,
  resetLinkIn,
  type Pair,
} from './support/accounts';

describe.each(databaseKinds)('password reset on %s', (kind) => {
  const suite = appSuite(kind, {
    config: () => testConfig({ PUBLIC_URL: 'https://tilia.example.org/' }),
  });
  let outbox: string;

  beforeAll(async () => {
    outbox = path.join(suite.config.dataDir, 'outbox');
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/v1/dj-rest-auth/password/${url}`,
      payload,
      headers,
    });

  /** Waits for the outbox to hold `count` messages (delivery follows the response). */
  async function messagesWhenThere(count: number): Promise<string[]> {
    return vi.waitFor(
      async () => {
        const messages = await outboxMessages(outbox);
        if (messages.length < count) throw new Error(`${messages.length} of ${count} messages`);
        return messages;
      },
      { timeout: 5_000, interval: 50 },
    );
  }

  const confirm = (
    uid: string,
    token: string,
    password = 'brand-new-sonata-77',
    repeat = password,
  ) => post('reset/confirm/', { uid, token, new_password1: password, new_password2: repeat });

  it('mails a link built from PUBLIC_URL (never the Host header) and resets the password once', async () => {
    const { user_id: id } = await registerUser(suite.app, 'clara');
    const old = await login(suite.app, 'clara');
    const response = await post(
      'reset/',
      { email: 'CLARA@example.org' },
      { host: 'evil.example.com' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Password reset e-mail has been sent.' });

    const [message] = await messagesWhenThere(1);
    expect(message).toMatch(/^To: clara@example\.org$/m);
    expect(message).toMatch(/^Subject: Password reset on TiLiA$/m);
    expect(message).toContain("Your username, in case you've forgotten: clara");
    expect(message).not.toContain('evil.example.com');
    const { link, uid, token } = resetLinkIn(message!);
    expect(link.startsWith('https://tilia.example.org/reset-password/')).toBe(true);
    expect(uid).toBe(Buffer.from(String(id)).toString('base64url'));

    // The page asks whether the link still works before it shows its form.
    const fresh = await post('reset/validate/', { uid, token });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ detail: 'The password reset link is valid.' });
    const forged = await post('reset/validate/', { uid, token: `${token}x` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ token: ['Invalid value'] });
    expect((await post('reset/validate/', { uid: 'bm9ib2R5', token })).json()).toEqual({
      uid: ['Invalid value'],
    });

    const mismatch = await confirm(uid, token, 'brand-new-sonata-77', 'brand-new-sonata-78');
    expect(mismatch.json()).toEqual({ new_password2: ["The two password fields didn't match."] });
    const weak = await confirm(uid, token, 'clara123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      new_password2: ['The password is too similar to the username.'],
    });

    // Tokens carry whole seconds: one issued in the second of the change itself stays valid.
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 10));
    const done = await confirm(uid, token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: 'Password has been reset with the new password.' });
    expect((await login(suite.app, 'clara', 'brand-new-sonata-77')).access).toBeTruthy();
    // The old password and the sessions from before the reset are gone.
    const oldPassword = await loginAttempt(suite.app, 'clara', 'velvet-harpsichord-93');
    expect(oldPassword.statusCode).toBe(401);
    const oldRefresh = await refreshAttempt(suite.app, old.refresh);
    expect(oldRefresh.statusCode).toBe(401);
    expect(
      (await suite.app.inject({ url: `/api/v1/users/${id}/`, headers: bearer(old.access) }))
        .statusCode,
    ).toBe(401);

    // Single use: the same link cannot set a password again.
    const reused = await confirm(uid, token, 'another-new-sonata-78');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ token: ['Invalid value'] });
    const used = await post('reset/validate/', { uid, token });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ token: ['Invalid value'] });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = (await outboxMessages(outbox)).length;
    const response = await post('reset/', { email: 'nobody@example.org' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Password reset e-mail has been sent.' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await outboxMessages(outbox)).length).toBe(before);
  });

  it('refuses a malformed address or a missing one', async () => {
    const malformed = await post('reset/', { email: 'not-an-address' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ email: ['Enter a valid email address.'] });
    const missing = await post('reset/', {});
    expect(missing.json()).toEqual({ email: ['This field is required.'] });
  });

  it('refuses an unknown uid, a forged token and an expired token', async () => {
    const { user_id: id } = await registerUser(suite.app, 'robert');
    const [user] = await suite.testDb.database.db.select().from(users).where(eq(users.id, id));
    const uid = encodeUid(id);
    expect((await confirm(encodeUid(999_999), makeResetToken(TEST_SECRET, user!))).json()).toEqual({
      uid: ['Invalid value'],
    });
    expect((await confirm('%%%', 'x')).json()).toEqual({ uid: ['Invalid value'] });
    const forged = makeResetToken('a-different-secret-key-of-enough-length', user!);
    expect((await confirm(uid, forged)).json()).toEqual({ token: ['Invalid value'] });

    const nowMs = Date.now();
    const expired = makeResetToken(TEST_SECRET, user!, nowMs - (RESET_TOKEN_SECONDS + 60) * 1000);
    expect((await confirm(uid, expired)).json()).toEqual({ token: ['Invalid value'] });
    const nearlyExpired = makeResetToken(
      TEST_SECRET,
      user!,
      nowMs - (RESET_TOKEN_SECONDS - 60) * 1000,
    );
    expect((await confirm(uid, nearlyExpired)).statusCode).toBe(200);
  });

  it('kills an outstanding reset link when the password changes another way', async () => {
    const { user_id: id } = await registerUser(suite.app, 'johannes');
    await post('reset/', { email: 'johannes@example.org' });
    const messages = await messagesWhenThere(2);
    const { uid, token } = resetLinkIn(messages.find((m) => m.includes('johannes@example.org'))!);
    const pair = await login(suite.app, 'johannes');
    // Logging in alone already invalidates it (Django includes last_login in the token).
    const afterLogin = await confirm(uid, token);
    expect(afterLogin.json()).toEqual({ token: ['Invalid value'] });

    await post('reset/', { email: 'johannes@example.org' });
    const fresh = resetLinkIn(
      (await messagesWhenThere(3)).filter((m) => m.includes('johannes@'))[1]!,
    );
    const change = await suite.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password-change/',
      headers: bearer(pair.access),
      payload: { old_password: 'velvet-harpsichord-93', new_password: 'changed-by-hand-42' },
    });
    expect(change.statusCode).toBe(200);
    expect((await confirm(fresh.uid, fresh.token)).json()).toEqual({ token: ['Invalid value'] });
    expect(id).toBeGreaterThan(0);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    await registerUser(suite.app, 'felix');
    await post('reset/', { email: 'felix@example.org' });
    const messages = await messagesWhenThere(4);
    const { uid, token } = resetLinkIn(messages.find((m) => m.includes('felix@example.org'))!);
    const results = await Promise.all([
      confirm(uid, token, 'first-racer-sonata-1'),
      confirm(uid, token, 'second-racer-sonata-2'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner =
      results[0]!.statusCode === 200 ? 'first-racer-sonata-1' : 'second-racer-sonata-2';
    const pair: Pair = await login(suite.app, 'felix', winner);
    expect(pair.access).toBeTruthy();
  });
});
