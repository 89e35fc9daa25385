import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../server/support/test-database';
import { analysisTla, upload, uploadSuite } from '../server/support/upload-helpers';
import { capturingOptions } from './support/log-capture';

const PUBLIC_URL = 'https://tilia.example.org';

/**
 * What depends on the caller's token is never cached (Cache-Control: no-store), and the links
 * the server writes start with PUBLIC_URL whatever Host the request names.
 */
describe.each(databaseKinds)('responses that depend on the caller on %s', (kind) => {
  const suite = uploadSuite(kind, capturingOptions({ PUBLIC_URL }));
  let privateId: number;
  let publicId: number;

  beforeAll(async () => {
    const hidden = await upload(suite.app, suite.ana, [
      { name: 'p.tla', bytes: analysisTla({ title: 'Hidden' }) },
    ]);
    privateId = hidden.json<{ files: { id: number }[] }>().files[0]!.id;
    const shown = await upload(
      suite.app,
      suite.ana,
      [{ name: 'q.tla', bytes: analysisTla({ title: 'Shown' }) }],
      { is_public: 'true' },
    );
    publicId = shown.json<{ files: { id: number }[] }>().files[0]!.id;
  });

  it('sends no-store on every answer to a request with a token, and on the account routes', async () => {
    const withToken = [
      '/api/v1/users/files/',
      `/api/v1/users/${suite.ana.id}/`,
      `/api/v1/files/${privateId}/json`,
      `/api/v1/files/${privateId}/tla`,
      `/api/v1/files/${publicId}/json`,
      '/api/v1/files/query/',
      '/api/v1/components/query/?query=%7B%22tl.kind%22%3A%22MARKER%22%7D',
      '/api/v1/meta/',
      '/',
    ];
    for (const url of withToken) {
      const response = await suite.app.inject({ url, headers: suite.ana.auth });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await suite.app.inject({
      url: '/api/v1/files/query/',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');

    const accountRoutes = [
      { method: 'POST' as const, url: '/api/v1/token/', payload: { username: 'x', password: 'y' } },
      { method: 'POST' as const, url: '/api/v1/token/refresh/', payload: { refresh: 'x' } },
      { method: 'GET' as const, url: `/api/v1/users/${suite.ana.id}/username` },
      { method: 'GET' as const, url: `//api/v1//users/${suite.ana.id}/username` },
    ];
    for (const request of accountRoutes) {
      const response = await suite.app.inject(request);
      expect(response.headers['cache-control'], request.url).toBe('no-store');
    }
  });

  it('lets anonymous answers that are the same for everyone be cached as before', async () => {
    const response = await suite.app.inject('/api/v1/files/query/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).not.toBe('no-store');
  });

  it("writes the export's viewer links with PUBLIC_URL, not the request's Host", async () => {
    const query = encodeURIComponent(JSON.stringify({ 'tl.kind': 'MARKER' }));
    for (const host of ['evil.example', 'localhost:8080']) {
      const response = await suite.app.inject({
        url: `/api/v1/components/export/?query=${query}`,
        headers: { host, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      });
      expect(response.statusCode).toBe(200);
      const rows = response.body.trim().split(/\r?\n/).slice(1);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toMatch(new RegExp(`,${PUBLIC_URL}/viewer/${publicId}\\?t=[\\d.]+&c=\\d+$`));
      }
      expect(response.body).not.toContain('evil.example');
    }
  });
});
