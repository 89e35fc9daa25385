import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { buildApp, type App } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import type { Database } from '../../../server/db/database';

export const TEST_SECRET = 'test-secret-key-that-is-long-enough-for-hs256-signing';

/** A config for tests: a temporary data directory and a stand-in built client. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tilia-test-'));
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>TiLiA</title>');
  return loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: TEST_SECRET,
    CLIENT_DIR: clientDir,
    LOG_LEVEL: 'silent',
    // Refusals are answered at once here; tests/server/accounts-rate-limits.test.ts checks the hold.
    THROTTLE_DELAY_MS: '0',
    // Suites upload far more files as one user than a person would in an hour;
    // tests/reliability/long-text-and-limits.test.ts checks the limit.
    MAX_UPLOADS_PER_HOUR: '1000000',
    ...overrides,
  });
}

export async function testApp(database: Database, config: Config = testConfig()): Promise<App> {
  // The test's own work shares this event loop: it would look like load to be shed.
  const app = await buildApp({ config, database, shedLoad: false, peaksAtStart: false });
  await app.ready();
  return app;
}

/** An access token shaped like djangorestframework-simplejwt's, signed with the test secret. */
export async function accessTokenFor(userId: number, username = `user${userId}`): Promise<string> {
  return new SignJWT({ token_type: 'access', user_id: userId, username, jti: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(TEST_SECRET));
}
