import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app';
import { prepareDatabase } from '../../server/db/prepare';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { testApp } from './support/test-app';

// Framing rules do not depend on the database: PGlite is enough.
describe('who may frame which page', () => {
  let testDb: TestDatabase;
  let app: App;

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    await prepareDatabase(testDb.database);
    app = await testApp(testDb.database);
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it.each(['/embed/135', '/embed/135/?t=12.5', '/embed/135?t=3'])(
    '%s may be framed by any origin',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-frame-options']).toBeUndefined();
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain('frame-ancestors *');
      expect(policy).not.toContain("frame-ancestors 'self'");
      // Everything else in the policy stays.
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("object-src 'none'");
    },
  );

  it.each(['/', '/viewer/135', '/embedded', '/viewer/embed/1', '/api/v1/files/135/json'])(
    '%s may be framed by our own origin only',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(String(response.headers['content-security-policy'])).toContain(
        "frame-ancestors 'self'",
      );
    },
  );
});
