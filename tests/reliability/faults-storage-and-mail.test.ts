import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { App } from '../../server/app';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../server/support/test-database';
import { wavBytes } from '../server/support/media-bytes';
import { login, registerUser } from '../server/support/accounts';
import {
  analysisTla,
  filesUnder,
  rowCounts,
  upload,
  uploadSuite,
} from '../server/support/upload-helpers';
import {
  capturingApp,
  capturingConfig,
  capturingOptions,
  logLines,
  remember,
} from './support/log-capture';
import { lockFolder, unlockFolder } from './support/locked-folder';
import { freePort } from '../server/support/waiting';

describe.each(databaseKinds)('storage faults on %s', (kind) => {
  const suite = uploadSuite(kind, capturingOptions());

  const batch = (title: string) => [
    { name: `${title}.tla`, bytes: analysisTla({ title, mediaPath: `C:\\Music\\${title}.wav` }) },
    { name: `${title}.wav`, bytes: wavBytes(0.2 + title.length / 1000) },
  ];

  it('answers 503 with a clear log line when MEDIA_DIR is not writable, and stores nothing', async () => {
    const before = await rowCounts(suite.testDb.database.db);
    mkdirSync(suite.config.mediaDir, { recursive: true });
    lockFolder(suite.config.mediaDir);
    try {
      for (const files of [
        batch('locked'),
        [{ name: 'plain.tla', bytes: analysisTla({ title: 'Plain' }) }],
      ]) {
        const response = await upload(suite.app, suite.ana, files);
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json<{ detail: string }>().detail).toMatch(/cannot store files/);
        expect(response.body).not.toContain(suite.config.mediaDir);
      }
    } finally {
      unlockFolder(suite.config.mediaDir);
    }
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
    expect(filesUnder(suite.config.mediaDir)).toEqual([]);
    const lines = logLines().filter((line) => line.includes('cannot write to MEDIA_DIR'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toContain('"level":50');
  });

  it('rolls back when the temporary folder works but the media folder does not', async () => {
    const before = await rowCounts(suite.testDb.database.db);
    // .tmp exists and stays writable; MEDIA_DIR itself, where media folders go, does not.
    mkdirSync(`${suite.config.mediaDir}/.tmp`, { recursive: true });
    lockFolder(suite.config.mediaDir);
    try {
      const response = await upload(suite.app, suite.ana, batch('halfway'));
      expect(response.statusCode, response.body).toBe(503);
    } finally {
      unlockFolder(suite.config.mediaDir);
    }
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
    expect(filesUnder(suite.config.mediaDir)).toEqual([]);
    // And once the disk is back, the same upload is stored whole, media included.
    const again = await upload(suite.app, suite.ana, batch('halfway'));
    expect(again.statusCode, again.body).toBe(201);
    const id = again.json<{ files: { id: number }[] }>().files[0]!.id;
    const json = await suite.app.inject({
      url: `/api/v1/files/${id}/json`,
      headers: suite.ana.auth,
    });
    const url = json.json<{ concrete_work: { url: string } }>().concrete_work.url;
    // A private file's recording goes to its owner's browser, which holds the media cookie.
    const cookie = String(json.headers['set-cookie'] ?? '').split(';')[0]!;
    expect((await suite.app.inject({ url: `/media/${url}`, headers: { cookie } })).statusCode).toBe(
      200,
    );
  });
});

describe.each(databaseKinds)('an unreachable SMTP server on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    // A port nothing listens on: bound, then released.
    const config = capturingConfig({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    app = await capturingApp(testDb.database, config);
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it('still answers a reset request with 200, logs the failure, and nothing else breaks', async () => {
    await registerUser(app, 'clara');
    remember('velvet-harpsichord-93');
    const started = Date.now();
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/dj-rest-auth/password/reset/',
      payload: { email: 'clara@example.org' },
    });
    expect(reset.statusCode).toBe(200);
    // Not held up by the mail server (nodemailer gives up on a refused connection at once).
    expect(Date.now() - started).toBeLessThan(10_000);
    const deadline = Date.now() + 15_000;
    while (!logLines().some((line) => line.includes('e-mail delivery failed'))) {
      if (Date.now() > deadline) throw new Error('no log line for the failed delivery');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const failure = logLines().find((line) => line.includes('e-mail delivery failed'))!;
    expect(failure).toContain('"level":50');
    expect(failure).toMatch(/ECONNREFUSED|connect/);

    const pair = await login(app, 'clara');
    remember(pair.access, pair.refresh);
    expect((await app.inject({ url: '/api/v1/files/query/' })).statusCode).toBe(200);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/dj-rest-auth/password/reset/',
      payload: { email: 'nobody@example.org' },
    });
    expect(unknown.statusCode).toBe(200);
  });
});
