import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../server/support/test-database';
import { registration } from '../server/support/accounts';
import { multipartBody } from '../server/support/multipart-body';
import { analysisTla } from '../server/support/upload-helpers';
import { remember } from './support/log-capture';
import {
  figures,
  readMix,
  runCannon,
  startLoadServer,
  type LoadFigures,
  type LoadServer,
} from './support/load-harness';

// CI may shorten the runs; the figures are for 30 s.
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 10);
const FILES = 30;

function report(label: string, result: LoadFigures) {
  console.info(
    `${label}: ${result.requests} requests, ${result.requestsPerSecond} req/s, ` +
      `p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors} ` +
      `(timeouts ${result.timeouts}), ` +
      `status ${JSON.stringify(result.statusCounts)}`,
  );
}

describe.each(databaseKinds)('load on %s', (kind) => {
  let testDb: TestDatabase | null = null;
  let server: LoadServer;
  const fileIds: number[] = [];

  beforeAll(async () => {
    if (kind === 'postgres') testDb = await createTestDatabase('postgres');
    server = await startLoadServer(testDb?.url ?? null);
    const post = (path: string, body: object) =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/api/v1/dj-rest-auth/registration/', registration('loader'))).status).toBe(
      201,
    );
    const { access, refresh } = (await (
      await post('/api/v1/token/', { username: 'loader', password: 'velvet-harpsichord-93' })
    ).json()) as { access: string; refresh: string };
    remember('velvet-harpsichord-93', access, refresh);
    for (let i = 0; i < FILES; i += 1) {
      const { body, headers } = multipartBody(
        [{ name: `load${i}.tla`, bytes: analysisTla({ title: `Sonata ${i}`, markers: 300 }) }],
        { is_public: 'true' },
      );
      const response = await fetch(`${server.base}/api/v1/upload/`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${access}` },
        body: new Uint8Array(body),
      });
      expect(response.status).toBe(201);
      fileIds.push(((await response.json()) as { files: { id: number }[] }).files[0]!.id);
    }
  });

  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
    await testDb?.drop();
  });

  it(`serves 50 connections for ${LOAD_SECONDS} s of reads with no error and no 5xx`, async () => {
    const result = figures(
      await runCannon({
        url: server.base,
        connections: 50,
        duration: LOAD_SECONDS,
        requests: readMix(fileIds),
      }),
    );
    report(`read mix on ${kind}, 50 connections, ${LOAD_SECONDS} s`, result);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.status5xx).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.requests).toBeGreaterThan(LOAD_SECONDS * 10);
    expect(server.lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  });

  it('answers a login flood with 429 while the reads keep their latency', async () => {
    const reads = () =>
      runCannon({
        url: server.base,
        connections: 10,
        duration: FLOOD_SECONDS,
        requests: readMix(fileIds),
      });
    // The machine is shared: the unloaded figure is the worse of two runs that bracket the
    // flood, so drift in the background load during the test does not count against it.
    const before = figures(await reads());
    const [flood, loaded] = await Promise.all([
      runCannon({
        url: `${server.base}/api/v1/token/`,
        connections: 50,
        // In a worker thread: the flood must not slow down the client that measures the reads.
        workers: 1,
        duration: FLOOD_SECONDS,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'loader', password: 'not-the-password' }),
      }).then(figures),
      reads().then(figures),
    ]);
    const after = figures(await reads());
    const unloaded = before.p99 >= after.p99 ? before : after;
    report(`reads on ${kind} without a flood, 10 connections`, unloaded);
    report(`login flood on ${kind}, 50 connections`, flood);
    report(`reads on ${kind} during the flood, 10 connections`, loaded);

    expect(flood.errors).toBe(0);
    expect(flood.status5xx).toBe(0);
    // The first few wrong passwords get 401; the limiter answers everything after with 429.
    expect(flood.statusCounts['401'] ?? 0).toBeLessThanOrEqual(10);
    expect(flood.statusCounts['429'] ?? 0).toBeGreaterThan(flood.requests * 0.95);
    expect(flood.statusCounts['200'] ?? 0).toBe(0);

    expect(loaded.errors).toBe(0);
    expect(loaded.non2xx).toBe(0);
    expect(loaded.p99).toBeLessThanOrEqual(2 * unloaded.p99);
  });
});
