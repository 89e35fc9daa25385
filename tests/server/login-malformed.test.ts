import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';
import { testConfig } from './support/test-app';
import { loginAttempt, registerUser } from './support/accounts';

describe.each(databaseKinds)('malformed logins on %s', (kind) => {
  const suite = appSuite(kind, {
    config: () => testConfig({ RATE_LIMIT_LOGIN_IP: '3/60', THROTTLE_DELAY_MS: '0' }),
  });

  beforeAll(async () => {
    await registerUser(suite.app, 'clara');
  });

  it('count as failures from their address: past its limit they are refused with 429', async () => {
    for (let i = 0; i < 3; i++) {
      const refused = await loginAttempt(suite.app, 'cla\u0000ra', 'x', '10.5.0.1');
      expect(refused.statusCode).toBe(400);
    }
    for (const [username, password] of [
      ['cla\u0000ra', 'x'],
      ['clara', 'velvet-harpsichord-93'],
    ]) {
      const refused = await loginAttempt(suite.app, username!, password!, '10.5.0.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The account's owner elsewhere is not refused: the address is throttled, not the account.
    const owner = await loginAttempt(suite.app, 'clara', 'velvet-harpsichord-93', '10.5.0.2');
    expect(owner.statusCode).toBe(200);
  });
});
