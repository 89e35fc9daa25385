import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../server/support/test-database';
import { capturingOptions, logLines } from './support/log-capture';
import { appSuite } from '../server/support/suites';

const MEDIA_ORIGIN = 'https://media.example-cdn.org';

/** The directives of a Content-Security-Policy header, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

// Everything a page of ours may load from: ourselves, data:/blob: URLs the client makes, the
// media origin and YouTube's player, script and thumbnails.
const ALLOWED_SOURCES = new Set([
  "'self'",
  "'none'",
  "'unsafe-inline'",
  "'wasm-unsafe-eval'",
  'data:',
  'blob:',
  MEDIA_ORIGIN,
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://i.ytimg.com',
]);

describe.each(databaseKinds)('headers and error bodies on %s', (kind) => {
  const suite = appSuite(kind, capturingOptions({ MEDIA_BASE_URL: `${MEDIA_ORIGIN}/tilia/` }));

  const PATHS = [
    '/',
    '/browse/files',
    '/viewer/1',
    '/api/v1/files/query/',
    '/api/v1/nothing',
    '/media/x.wav',
  ];

  it('sends a CSP that allows only our origin, the media origin and the YouTube embed', async () => {
    for (const url of PATHS) {
      const response = await suite.app.inject({ url });
      const policy = String(response.headers['content-security-policy']);
      const parsed = directives(policy);
      expect(parsed.get('default-src'), url).toEqual(["'self'"]);
      expect(parsed.get('object-src')).toEqual(["'none'"]);
      expect(parsed.get('frame-ancestors')).toEqual(["'self'"]);
      expect(parsed.get('base-uri')).toEqual(["'self'"]);
      expect(parsed.get('script-src')).not.toContain("'unsafe-inline'");
      expect(parsed.get('script-src')).not.toContain("'unsafe-eval'");
      expect(parsed.get('frame-src')).toEqual([
        'https://www.youtube.com',
        'https://www.youtube-nocookie.com',
      ]);
      for (const directive of ['media-src', 'img-src', 'connect-src']) {
        expect(parsed.get(directive), directive).toContain(MEDIA_ORIGIN);
      }
      for (const [name, sources] of parsed) {
        for (const source of sources) {
          expect(ALLOWED_SOURCES.has(source), `${name} ${source}`).toBe(true);
        }
      }
    }
  });

  it('sends nosniff, a referrer policy and frame options on every response', async () => {
    for (const url of PATHS) {
      const response = await suite.app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
    const error = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(error.statusCode).toBe(400);
    expect(error.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets other sites frame the embed route, and only it', async () => {
    for (const url of ['/embed/12/', '/embed/12', '/embed/12/?t=30']) {
      const response = await suite.app.inject({ url });
      expect(response.headers['x-frame-options'], url).toBeUndefined();
      const parsed = directives(String(response.headers['content-security-policy']));
      expect(parsed.get('frame-ancestors'), url).toEqual(['*']);
      // Everything else of the policy stays.
      expect(parsed.get('default-src')).toEqual(["'self'"]);
    }
    for (const url of [
      '/embedded/12',
      '/viewer/12/embed/',
      '/api/v1/embed/12',
      '/x/embed/12',
      '/dashboard',
    ]) {
      const response = await suite.app.inject({ url });
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(
        directives(String(response.headers['content-security-policy'])).get('frame-ancestors'),
        url,
      ).toEqual(["'self'"]);
    }
  });

  it('sets request and header timeouts, so a slow client cannot hold a connection forever', async () => {
    // The suite.app closes the listening server with it (afterAll).
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const server = suite.app.server;
    expect(server.requestTimeout).toBeGreaterThan(0);
    expect(server.requestTimeout).toBeLessThanOrEqual(15 * 60_000);
    expect(server.headersTimeout).toBeGreaterThan(0);
    expect(server.headersTimeout).toBeLessThanOrEqual(60_000);
    expect(server.keepAliveTimeout).toBeGreaterThan(0);
    // A kept-alive socket closes as its Keep-Alive header says, before the idle cut-off would
    // close it under a client that believes it open.
    expect(server.keepAliveTimeout).toBeLessThan(server.timeout);
  });

  it('announces a keep-alive time the connection outlives', async () => {
    const address = suite.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    await response.arrayBuffer();
    const announced = /timeout=(\d+)/.exec(response.headers.get('keep-alive') ?? '');
    // A client may reuse the socket for the time announced: the idle cut-off must not come first.
    expect(Number(announced?.[1]) * 1000).toBeLessThan(suite.app.server.timeout);
  });

  it('answers a 5xx with a fixed body: no stack, no SQL, no table names; the log has them', async () => {
    const db = suite.testDb.database.db;
    const rename = async (from: string, to: string) =>
      db.execute(sql.raw(`ALTER TABLE ${from} RENAME TO ${to}`));
    await rename('files', 'files_gone');
    await rename('components', 'components_gone');
    // A one-field text search is counted from search_values (migration 0005), not components.
    await rename('search_values', 'search_values_gone');
    try {
      const responses = await Promise.all([
        // Conditions no earlier request used: no cached count or page can answer them.
        suite.app.inject({
          url: `/api/v1/files/query/?query=${encodeURIComponent('{"title":"zq"}')}`,
        }),
        suite.app.inject({
          url: `/api/v1/components/query/?query=${encodeURIComponent('{"tl.kind":"MARKER","cmp":{"label":"zq"}}')}`,
        }),
      ]);
      for (const response of responses) {
        expect(response.statusCode, response.body).toBe(500);
        expect(response.json()).toEqual({ detail: 'A server error occurred.' });
        expect(response.body).not.toMatch(
          /files_gone|components|search_values|select|relation|stack|\bat \/|\.ts:/i,
        );
        expect(response.headers['content-type']).toMatch(/application\/json/);
      }
    } finally {
      await rename('files_gone', 'files');
      await rename('components_gone', 'components');
      await rename('search_values_gone', 'search_values');
    }
    const logged = logLines().filter((line) => line.includes('"level":50'));
    expect(logged.some((line) => line.includes('relation'))).toBe(true);
    expect((await suite.app.inject({ url: '/api/v1/files/query/' })).statusCode).toBe(200);
  });

  it('answers unknown routes and methods with JSON 404s that give nothing away', async () => {
    const unknown = await suite.app.inject({ url: '/api/v1/../../etc/passwd' });
    // Dot segments are resolved before routing: this is the client's index.html, not a file.
    expect(unknown.body).not.toContain('root:');
    const method = await suite.app.inject({ method: 'PUT', url: '/api/v1/token/' });
    expect(method.statusCode).toBe(404);
    expect(method.json()).toEqual({ detail: 'Not found.' });
    const media = await suite.app.inject({ url: '/media/..%2f..%2fsecret-key' });
    expect([400, 403, 404]).toContain(media.statusCode);
    expect(media.body).not.toContain(suite.config.secretKey);
  });
});
