import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { multipartBody } from '../server/support/multipart-body';
import { registration } from '../server/support/accounts';
import { analysisTla } from '../server/support/upload-helpers';
import { until } from '../server/support/waiting';
import { childServerSetting, startChildServer } from './support/child-server';
import { remember } from './support/log-capture';

const MARKERS = 5_000;
const UPLOADS = 6;

/**
 * The real server (server/server.ts) as a child process on PGlite: SIGTERM during requests lets
 * them finish, closes the database and exits 0; the data opens again on the next start.
 */
describe('SIGTERM while requests are in flight (PGlite)', () => {
  let folder: string;
  let env: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    let port: number;
    ({ folder, port, env } = await childServerSetting(
      'tilia-sigterm-',
      'sigterm-test-secret-key-long-enough-for-hs256',
    ));
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  const start = () => startChildServer('server/server.ts', env, 'Server listening');

  it('finishes in-flight uploads, exits 0, and the data opens on the next start', async () => {
    const first = await start();
    const password = 'velvet-harpsichord-93';
    remember(password);
    const registered = await fetch(`${base}/api/v1/dj-rest-auth/registration/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration('sigterm')),
    });
    expect(registered.status).toBe(201);
    const login = await fetch(`${base}/api/v1/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'sigterm', password }),
    });
    const { access, refresh } = (await login.json()) as { access: string; refresh: string };
    remember(access, refresh);

    const incoming = () => first.lines.filter((line) => line.includes('/api/v1/upload/')).length;
    const before = incoming();
    const uploads = Array.from({ length: UPLOADS }, async (_, i) => {
      const title = `Shutdown ${i}`;
      const { body, headers } = multipartBody([
        { name: `s${i}.tla`, bytes: analysisTla({ title, markers: MARKERS }) },
      ]);
      const response = await fetch(`${base}/api/v1/upload/`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${access}` },
        body: new Uint8Array(body),
      });
      return { title, status: response.status, text: await response.text() };
    });
    // Every upload has reached the server before the signal.
    await until(() => incoming() - before >= UPLOADS, 'every upload to arrive', 60_000);
    first.child.kill('SIGTERM');
    const results = await Promise.all(uploads);
    const code = await first.exited;

    for (const result of results) expect(result.status, result.text).toBe(201);
    expect(code).toBe(0);
    expect(first.lines.some((line) => line.includes('SIGTERM received'))).toBe(true);
    expect(first.lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);

    const second = await start();
    try {
      for (const [i, result] of results.entries()) {
        const id = (JSON.parse(result.text) as { files: { id: number }[] }).files[0]!.id;
        const json = await fetch(`${base}/api/v1/files/${id}/json`, {
          headers: { authorization: `Bearer ${access}` },
        });
        expect(json.status).toBe(200);
        const file = (await json.json()) as {
          abstract_work: { title: string };
          timelines: { components: unknown[] }[];
        };
        expect(file.abstract_work.title).toBe(`Shutdown ${i}`);
        expect(file.timelines[0]!.components).toHaveLength(MARKERS);
      }
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });
});
