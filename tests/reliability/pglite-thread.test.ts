import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { App } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { testApp } from '../server/support/test-app';

/**
 * PGlite's PostgreSQL runs on a worker thread: a costly query (a deep search page, an upload's
 * inserts, an export batch) must not hold up the server's event loop, so that the health check
 * and the cached routes keep answering meanwhile.
 */

// About 1.5 s of PostgreSQL's work on this machine: long enough to show a stalled event loop.
const SLOW_QUERY = sql`SELECT count(*) FROM generate_series(1, 4000000) AS n WHERE n % 7 = 3`;

interface Run {
  database: Database;
  app: App;
}

let run: Run | undefined;

afterEach(async () => {
  await run?.app.close();
  await run?.database.close();
  run = undefined;
});

async function start(thread: 'worker' | 'main'): Promise<string> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null, thread });
  await migrate(database);
  const app = await testApp(database);
  run = { database, app };
  return `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/health`;
}

/** The time each /health request took, asked one after another while `busy` runs. */
async function healthWhile(url: string, busy: Promise<unknown>) {
  let done = false;
  const started = performance.now();
  const finished = busy.then(() => {
    done = true;
    return performance.now() - started;
  });
  const times: number[] = [];
  while (!done) {
    const asked = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    times.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { busyMs: await finished, times };
}

describe('a costly PGlite query', () => {
  it('leaves /health answering while it runs', async () => {
    const url = await start('worker');
    await fetch(url);
    const { busyMs, times } = await healthWhile(url, run!.database.db.execute(SLOW_QUERY));
    expect(busyMs).toBeGreaterThan(500);
    // Asked every 10 ms or so for the whole query, not once before and once after it.
    expect(times.length).toBeGreaterThan(busyMs / 100);
    // On the server thread the longest wait is most of the query (the test below); here a
    // small part of it, whatever the machine's speed.
    expect(Math.max(...times)).toBeLessThan(busyMs / 5);
  });

  it('holds /health up when PGlite runs on the server thread (what the worker avoids)', async () => {
    const url = await start('main');
    await fetch(url);
    const { busyMs, times } = await healthWhile(url, run!.database.db.execute(SLOW_QUERY));
    expect(busyMs).toBeGreaterThan(500);
    expect(Math.max(...times)).toBeGreaterThan(busyMs / 2);
  });
});
