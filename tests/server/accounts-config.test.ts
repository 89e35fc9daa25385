import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/config';

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tilia-config-')) });

describe('account rate-limit configuration', () => {
  it('defaults to the limits of the accounts issue', () => {
    expect(loadConfig(base()).rateLimits).toEqual({
      loginPerIp: { max: 10, windowMs: 60_000 },
      loginPerUsername: { max: 5, windowMs: 300_000 },
      passwordResetPerAddress: { max: 5, windowMs: 3_600_000 },
      registrationPerIp: { max: 20, windowMs: 3_600_000 },
    });
  });

  it('reads COUNT/SECONDS', () => {
    const config = loadConfig({
      ...base(),
      RATE_LIMIT_LOGIN_IP: ' 3 / 10 ',
      RATE_LIMIT_REGISTRATION: '100/86400',
    });
    expect(config.rateLimits.loginPerIp).toEqual({ max: 3, windowMs: 10_000 });
    expect(config.rateLimits.registrationPerIp).toEqual({ max: 100, windowMs: 86_400_000 });
  });

  it.each([
    ['RATE_LIMIT_LOGIN_IP', '10'],
    ['RATE_LIMIT_LOGIN_USERNAME', '0/60'],
    ['RATE_LIMIT_PASSWORD_RESET', '5/0'],
    ['RATE_LIMIT_REGISTRATION', 'many/hour'],
    ['RATE_LIMIT_REGISTRATION', '-1/60'],
  ])('stops with a message naming %s for %j', (name, value) => {
    expect(() => loadConfig({ ...base(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), [name]: value })).toThrow(name);
  });
});
