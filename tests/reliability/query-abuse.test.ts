import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { databaseKinds } from '../server/support/test-database';
import { analysisTla, createUser, upload } from '../server/support/upload-helpers';
import { capturingOptions } from './support/log-capture';
import { appSuite } from '../server/support/suites';

// The bound for any one query; generous on purpose (the machine is shared), so only a
// query that scans without an index or sleeps on an injected pg_sleep fails it.
const SLOW_MS = 1000;

const HOSTILE_TEXTS = [
  "' OR 1=1 --",
  "'; DROP TABLE files; --",
  "x'); SELECT pg_sleep(5); --",
  '$$; SELECT pg_sleep(5); $$',
  '%',
  '_',
  '\\',
  '\\\\%\\_',
  '"',
  '\u0000',
  'nul\u0000inside',
  '🎵🎹🎻',
  '👩🏽‍🎤 family: 👨‍👩‍👧‍👦',
  'Ünïcödé Çàdènçé',
  'Пётр Ильич Чайковский',
  '莫扎特',
  'مقام',
  '\u202Eevil',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  'a'.repeat(10_000),
];

const FILE_PROPERTIES = ['title', 'composer', 'performer'];
const COMPONENT_PROPERTIES: Record<string, string[]> = {
  HIERARCHY: ['label', 'comments', 'color', 'formal_function', 'formal_type', 'start', 'end'],
  MARKER: ['label', 'comments', 'color', 'time'],
  BEAT: ['time'],
};

// JSON null stands for a parameter not given (the default), so it is not among these.
const PAGES = [
  '-1',
  '0',
  '1e309',
  '-1e309',
  '"abc"',
  'abc',
  '1000000000',
  '1.5',
  '[]',
  '{}',
  '"1"',
];
const ORDER_BYS = [
  '"label"',
  '"id; DROP TABLE users"',
  '"title desc"',
  '"__proto__"',
  '"constructor"',
  '"toString"',
  '"title\\u0000"',
  '1',
  '["title"]',
];

describe.each(databaseKinds)('query abuse on %s', (kind) => {
  const suite = appSuite(kind, capturingOptions());
  let port: number;
  let slowest = 0;
  let tried = 0;

  beforeAll(async () => {
    const ana = await createUser(suite.testDb.database.db, 'ana');
    // Enough rows that an unindexed scan would show: 20 public files, 40,000 markers in all.
    for (let i = 0; i < 20; i += 1) {
      const response = await upload(
        suite.app,
        ana,
        [{ name: `f${i}.tla`, bytes: analysisTla({ title: `Sonata ${i}`, markers: 2000 }) }],
        { is_public: 'true' },
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    port = (suite.app.server.address() as AddressInfo).port;
  });

  afterAll(() => {
    console.info(`query abuse on ${kind}: ${tried} requests, slowest ${slowest.toFixed(0)} ms`);
  });

  /** One request by raw query string: 200 or 400, never a 5xx, never slow. */
  async function expectHandled(route: 'files' | 'components', search: string) {
    const timed = async () => {
      const started = performance.now();
      const answer = await suite.app.inject({ url: `/api/v1/${route}/query/?${search}` });
      return { answer, elapsed: performance.now() - started };
    };
    let { answer: response, elapsed } = await timed();
    // Once over the bound, the same query is timed again: a query that scans without an index
    // or sleeps is slow both times, while a moment of a shared machine's noise is not (a CI run
    // saw one PGlite query take 1,210 ms that every other run answered within the bound).
    if (elapsed >= SLOW_MS) ({ answer: response, elapsed } = await timed());
    tried += 1;
    slowest = Math.max(slowest, elapsed);
    expect(
      [200, 400],
      `${route} ${search.slice(0, 120)}: ${response.body.slice(0, 200)}`,
    ).toContain(response.statusCode);
    expect(elapsed, `${route} ${search.slice(0, 120)}`).toBeLessThan(SLOW_MS);
    return response;
  }

  const param = (name: string, json: string) => `${name}=${encodeURIComponent(json)}`;
  const componentsFor = (tlKind: string, extra: object = {}) =>
    param('query', JSON.stringify({ 'tl.kind': tlKind, ...extra }));

  it('refuses sort keys outside the allowed ones with 400', async () => {
    for (const orderBy of ORDER_BYS) {
      const files = await expectHandled('files', param('order_by', orderBy));
      expect(files.statusCode, orderBy).toBe(400);
      const components = await expectHandled(
        'components',
        `${componentsFor('BEAT')}&${param('order_by', orderBy)}`,
      );
      expect(components.statusCode, orderBy).toBe(400);
    }
    for (const direction of ['"up"', '"asc; --"', '"DESC"', '1', '["asc"]']) {
      expect((await expectHandled('files', param('order_direction', direction))).statusCode).toBe(
        400,
      );
    }
  });

  it('answers odd pages with 400, or an empty page for a page past the end', async () => {
    for (const page of PAGES) {
      const response = await expectHandled('files', param('page', page));
      if (response.statusCode === 200) {
        expect(response.json<{ files: unknown[] }>().files, page).toEqual([]);
      }
      await expectHandled('components', `${componentsFor('MARKER')}&${param('page', page)}`);
    }
    expect((await expectHandled('files', param('page', '1000000000'))).statusCode).toBe(400);
  });

  it('takes SQL text, unicode and emoji in every condition as plain text', async () => {
    for (const text of HOSTILE_TEXTS) {
      for (const property of FILE_PROPERTIES) {
        const response = await expectHandled(
          'files',
          param('query', JSON.stringify({ [property]: text })),
        );
        if (response.statusCode === 200) {
          expect(response.json<{ files: unknown[] }>().files, `${property}=${text}`).toEqual([]);
        }
      }
      for (const [tlKind, properties] of Object.entries(COMPONENT_PROPERTIES)) {
        for (const property of properties) {
          const response = await expectHandled(
            'components',
            componentsFor(tlKind, { cmp: { [property]: text } }),
          );
          if (response.statusCode === 200) {
            expect(response.json<{ count: number }>().count, `${tlKind}.${property}=${text}`).toBe(
              0,
            );
          }
        }
        await expectHandled('components', componentsFor(tlKind, { file: { title: text } }));
      }
    }
    const files = await suite.app.inject({ url: '/api/v1/files/query/' });
    expect(files.json<{ count: number }>().count).toBe(20);
  });

  it('takes SQL text and odd values where a kind, a list or a number belongs', async () => {
    const queries = [
      { 'tl.kind': "MARKER' OR '1'='1" },
      { 'tl.kind': ['MARKER'] },
      { 'tl.kind': 'MARKER', cmp: "' OR 1=1" },
      { 'tl.kind': 'MARKER', cmp: { time: 1e308 } },
      { 'tl.kind': 'MARKER', cmp: { time: -1e308 } },
      { 'tl.kind': 'MARKER', cmp: { time: '1e309' } },
      { 'tl.kind': 'MARKER', cmp: { time: '9-1' } },
      { 'tl.kind': 'MARKER', cmp: { time: '١٢' } },
      { 'tl.kind': 'MARKER', cmp: { time: ['1', '2', { a: 1 }] } },
      { 'tl.kind': 'MARKER', cmp: { label: Array.from({ length: 1000 }, (_, i) => `l${i}`) } },
      { 'tl.kind': 'MARKER', cmp: { __proto__: { label: 'x' } } },
      { 'tl.kind': 'MARKER', 'cmp.label': 'M1' },
      { title: { $ne: null } },
    ];
    for (const query of queries) {
      await expectHandled('components', param('query', JSON.stringify(query)));
      await expectHandled('files', param('query', JSON.stringify(query)));
    }
    await expectHandled('files', `${param('query', '{"__proto__": {"title": "x"}}')}`);
    await expectHandled('files', `${param('query', '{"constructor": "x"}')}`);
  });

  it('answers a 1 MB query with 400 or an empty result, and over HTTP with a 4xx', async () => {
    const huge = JSON.stringify({ title: 'x'.repeat(1024 * 1024) });
    const response = await expectHandled('files', param('query', huge));
    if (response.statusCode === 200)
      expect(response.json<{ files: unknown[] }>().files).toEqual([]);
    await expectHandled(
      'components',
      componentsFor('MARKER', { cmp: { label: 'x'.repeat(1024 * 1024) } }),
    );

    const text = await new Promise<string>((resolve) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `GET /api/v1/files/query/?${param('query', huge)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        );
      });
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => resolve(received));
      socket.on('close', () => resolve(received));
    });
    expect(text).toMatch(/^HTTP\/1\.1 4\d\d/);
  });

  it('refuses repeated parameters with 400', async () => {
    const repeats = [
      'page=1&page=2',
      'page=1&page=1',
      `${param('query', '{}')}&${param('query', '{"title":"x"}')}`,
      `${param('order_by', '"title"')}&${param('order_by', '"composer"')}`,
      `${param('order_direction', '"asc"')}&${param('order_direction', '"desc"')}`,
    ];
    for (const search of repeats) {
      expect((await expectHandled('files', search)).statusCode, search).toBe(400);
    }
    const components = `${componentsFor('BEAT')}&${componentsFor('MARKER')}`;
    expect((await expectHandled('components', components)).statusCode).toBe(400);
  });
});
