import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { FilesQueryResponse } from '../../src/shared/api-types';
import { registration } from '../server/support/accounts';
import { childServerSetting, startChildServer, type ChildServer } from './support/child-server';

/**
 * Production runs the compiled server with plain node (npm start): it must find its migrations,
 * the seed's data and the password list from dist-server/, not only from the TypeScript sources.
 */
describe('the compiled server (dist-server/server.js)', () => {
  let folder: string;
  let base: string;
  let server: ChildServer;

  beforeAll(async () => {
    execFileSync(process.execPath, ['server/tools/build.js', 'server'], { stdio: 'inherit' });
    let port: number;
    let env: Record<string, string>;
    ({ folder, port, env } = await childServerSetting(
      'tilia-compiled-',
      'compiled-test-secret-key-long-enough-for-hs256',
    ));
    base = `http://127.0.0.1:${port}`;
    server = await startChildServer('dist-server/server.js', env, 'Server listening');
  });

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers the health check and lists the seeded examples', async () => {
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);
    const listing = await fetch(`${base}/api/v1/files/query/`);
    expect(listing.status).toBe(200);
    const body = (await listing.json()) as FilesQueryResponse;
    expect(body.count).toBeGreaterThanOrEqual(18);
    expect(body.files.map((file) => file.id)).toContain(135);
  });

  it('checks passwords against the shipped common-password list', async () => {
    const response = await fetch(`${base}/api/v1/dj-rest-auth/registration/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        registration('compiled', { password1: 'password123', password2: 'password123' }),
      ),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('too common');
  });

  it('exits 0 on SIGTERM', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
