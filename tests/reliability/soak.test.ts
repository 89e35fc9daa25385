import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../server/support/test-database';
import { registration } from '../server/support/accounts';
import { multipartBody } from '../server/support/multipart-body';
import { analysisTla } from '../server/support/upload-helpers';
import { remember } from './support/log-capture';
import {
  figures,
  openFileCount,
  readMix,
  runCannon,
  startLoadServer,
  type LoadServer,
} from './support/load-harness';

// `npm run test:soak`: 10 minutes; CI sets SOAK_SECONDS=120.
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const SAMPLE_SECONDS = 5;
const PASSWORD = 'velvet-harpsichord-93';
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

interface Sample {
  second: number;
  rss: number;
  heapUsed: number;
  handles: number;
  openFiles: number;
  dbConnections: number | null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

describe(`a ${SOAK_SECONDS} s soak on ${kind}`, () => {
  let testDb: TestDatabase | null = null;
  let server: LoadServer;
  let access = '';
  const fileIds: number[] = [];

  const post = (path: string, body: object, token?: string) =>
    fetch(`${server.base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  async function uploadOne(title: string, isPublic: boolean): Promise<number> {
    const { body, headers } = multipartBody(
      [{ name: `${title}.tla`, bytes: analysisTla({ title, markers: 300 }) }],
      { is_public: String(isPublic) },
    );
    const response = await fetch(`${server.base}/api/v1/upload/`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${access}` },
      body: new Uint8Array(body),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { files: { id: number }[] }).files[0]!.id;
  }

  beforeAll(async () => {
    if (kind === 'postgres') testDb = await createTestDatabase('postgres');
    server = await startLoadServer(testDb?.url ?? null, { SOAK_STATS: String(SAMPLE_SECONDS) });
    expect((await post('/api/v1/dj-rest-auth/registration/', registration('soaker'))).status).toBe(
      201,
    );
    const pair = (await (
      await post('/api/v1/token/', { username: 'soaker', password: PASSWORD })
    ).json()) as {
      access: string;
      refresh: string;
    };
    access = pair.access;
    remember(PASSWORD, pair.access, pair.refresh);
    for (let i = 0; i < 20; i += 1) fileIds.push(await uploadOne(`Sonata ${i}`, true));
  });

  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
    await testDb?.drop();
  });

  async function dbConnections(): Promise<number | null> {
    if (!testDb) return null;
    const name = new URL(testDb.url!).pathname.slice(1);
    const result = await testDb.database.db.execute(
      sql.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}'`),
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      n: number;
    }[];
    // Less the test's own connection that asks.
    return rows[0]!.n - 1;
  }

  /** Sessions, uploads, deletions and resets, one after another, for the whole soak. */
  async function writerLoop(until: number): Promise<number> {
    let rounds = 0;
    while (Date.now() < until) {
      const login = await post('/api/v1/token/', { username: 'soaker', password: PASSWORD });
      expect(login.status).toBe(200);
      const pair = (await login.json()) as { access: string; refresh: string };
      remember(pair.access, pair.refresh);
      access = pair.access;
      const refreshed = await post('/api/v1/token/refresh/', { refresh: pair.refresh });
      expect(refreshed.status).toBe(200);
      const next = (await refreshed.json()) as { access: string; refresh: string };
      remember(next.access, next.refresh);
      const id = await uploadOne(`Soak ${rounds}`, rounds % 2 === 0);
      const removed = await fetch(`${server.base}/api/v1/files/${id}/`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${access}` },
      });
      expect(removed.status).toBe(204);
      expect((await post('/api/v1/token/logout/', { refresh: next.refresh })).status).toBe(200);
      rounds += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return rounds;
  }

  it('keeps memory, open files and database connections flat', async () => {
    const started = Date.now();
    const until = started + SOAK_SECONDS * 1000;
    const samples: Sample[] = [];
    const sampler = setInterval(() => {
      void (async () => {
        const stats = server.lines.filter((line) => line.startsWith('soak-stats ')).at(-1);
        if (!stats) return;
        const reported = JSON.parse(stats.slice('soak-stats '.length)) as {
          rss: number;
          heapUsed: number;
          handles: number;
        };
        samples.push({
          second: Math.round((Date.now() - started) / 1000),
          rss: reported.rss,
          heapUsed: reported.heapUsed,
          handles: reported.handles,
          openFiles: openFileCount(server.pid),
          dbConnections: await dbConnections(),
        });
      })();
    }, SAMPLE_SECONDS * 1000);
    const [reads, rounds] = await Promise.all([
      runCannon({
        url: server.base,
        connections: 10,
        duration: SOAK_SECONDS,
        requests: readMix(fileIds),
      }).then(figures),
      writerLoop(until),
    ]);
    clearInterval(sampler);

    // The first fifth warms up (JIT, caches, the pool filling); then the first and last thirds
    // of what is left are compared, by medians, which garbage collection's saw-tooth does not move.
    const settled = samples.filter((sample) => sample.second >= SOAK_SECONDS / 5);
    expect(settled.length).toBeGreaterThanOrEqual(6);
    const third = Math.floor(settled.length / 3);
    const early = settled.slice(0, third);
    const late = settled.slice(-third);
    const of = (list: Sample[], key: 'rss' | 'heapUsed' | 'handles' | 'openFiles') =>
      median(list.map((sample) => sample[key]));
    const connections = settled.map((sample) => sample.dbConnections ?? 0);

    console.info(
      `soak ${SOAK_SECONDS} s on ${kind}: ${reads.requests} reads (${reads.requestsPerSecond} req/s, ` +
        `p99 ${reads.p99} ms, non-2xx ${reads.non2xx}, errors ${reads.errors}), ${rounds} write rounds; ` +
        `heap ${mb(of(early, 'heapUsed'))} -> ${mb(of(late, 'heapUsed'))}, ` +
        `rss ${mb(of(early, 'rss'))} -> ${mb(of(late, 'rss'))}, ` +
        `open files ${of(early, 'openFiles')} -> ${of(late, 'openFiles')}, ` +
        `handles ${of(early, 'handles')} -> ${of(late, 'handles')}, ` +
        `db connections max ${Math.max(...connections)} (${kind})`,
    );
    console.info(`soak samples: ${JSON.stringify(samples)}`);

    expect(reads.errors).toBe(0);
    expect(reads.non2xx).toBe(0);
    expect(rounds).toBeGreaterThan(SOAK_SECONDS / 30);
    expect(of(late, 'heapUsed')).toBeLessThan(of(early, 'heapUsed') * 1.25 + 8 * 1048576);
    expect(of(late, 'rss')).toBeLessThan(of(early, 'rss') * 1.25 + 32 * 1048576);
    expect(of(late, 'openFiles')).toBeLessThanOrEqual(of(early, 'openFiles') + 4);
    expect(of(late, 'handles')).toBeLessThanOrEqual(of(early, 'handles') + 4);
    // The pool holds at most 10 connections, whatever the load.
    expect(Math.max(...connections)).toBeLessThanOrEqual(10);
    expect(server.lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  });
});
