import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { tempFileName } from '../../server/files/uploads/temp-files';
import { registration } from '../server/support/accounts';
import { multipartBody } from '../server/support/multipart-body';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../server/support/test-database';
import { filesUnder } from '../server/support/upload-helpers';
import { until } from '../server/support/waiting';
import { childServerSetting, startChildServer } from './support/child-server';
import { remember } from './support/log-capture';

/**
 * A server killed with -9 in the middle of an upload leaves its temporary file behind; the next
 * start removes it at once (not a day later), and keeps a file of a process that still runs.
 */
describe.each(databaseKinds)('temporary upload files after kill -9 on %s', (kind) => {
  let folder: string;
  let env: Record<string, string>;
  let port: number;
  let testDb: TestDatabase | null = null;

  beforeAll(async () => {
    ({ folder, port, env } = await childServerSetting(
      'tilia-kill-',
      'kill-test-secret-key-long-enough-for-hs256-signing',
    ));
    if (kind === 'postgres') {
      testDb = await createTestDatabase('postgres');
      // The child migrates and uses it; this process only holds it for dropping.
      env.DATABASE_URL = testDb.url!;
    }
  });

  afterAll(async () => {
    await testDb?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  const start = () =>
    startChildServer('tests/reliability/support/load-server.ts', env, 'listening');

  it('removes the killed upload’s file on the next start, before any request', async () => {
    const first = await start();
    const user = registration('killed');
    remember(user.password1);
    const base = `http://127.0.0.1:${port}/api/v1`;
    const json = { 'content-type': 'application/json' };
    const registered = await fetch(`${base}/dj-rest-auth/registration/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(user),
    });
    expect(registered.status).toBe(201);
    const login = await fetch(`${base}/token/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'killed', password: user.password1 }),
    });
    const { access, refresh } = (await login.json()) as { access: string; refresh: string };
    remember(access, refresh);

    // An upload whose body is still arriving when the server is killed.
    const { body, headers } = multipartBody([{ name: 'a.wav', bytes: '' }]);
    const opening = body.subarray(0, body.toString('latin1').lastIndexOf('\r\n--'));
    const socket: Socket = await new Promise((resolve, reject) => {
      const opened = connect(port, '127.0.0.1', () => resolve(opened));
      opened.once('error', reject);
    });
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/v1/upload/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${access}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(opening);
    socket.write(Buffer.alloc(256 * 1024, 7));
    const tempDir = path.join(env.DATA_DIR!, 'media', '.tmp');
    await until(() => filesUnder(tempDir).length === 1, 'the upload’s temporary file', 30_000);
    const [killed] = filesUnder(tempDir);

    // A file of a process that still runs (this one), as another server sharing MEDIA_DIR.
    const live = tempFileName();
    writeFileSync(path.join(tempDir, live), 'another process is receiving this');

    first.child.kill('SIGKILL');
    await first.exited;
    socket.destroy();
    expect(filesUnder(tempDir).sort()).toEqual([killed, live].sort());

    const second = await start();
    try {
      expect(filesUnder(tempDir)).toEqual([live]);
      expect(second.lines.join('\n')).toContain(
        'removed temporary files of uploads cut off by a crash',
      );
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
