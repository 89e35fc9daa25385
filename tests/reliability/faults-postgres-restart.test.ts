import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { App } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { multipartBody } from '../server/support/multipart-body';
import { analysisTla, createUser, type TestUser } from '../server/support/upload-helpers';
import { capturingApp, capturingConfig, remember } from './support/log-capture';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres';

const MARKERS = 400;
const UPLOADS = 60;

interface Outcome {
  title: string;
  status: number;
  id: number | null;
}

/**
 * PostgreSQL restarted under load (its own instance): every upload that got a 2xx is stored
 * whole, every other one is absent, and the server answers again within 5 s on its own.
 */
describe('a PostgreSQL restart while uploads are in flight', () => {
  let postgres: OwnPostgres;
  let database: Database;
  let app: App;
  let base: string;
  let ana: TestUser;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    database = await openDatabase({ kind: 'postgres', url: postgres.url });
    await migrate(database);
    app = await capturingApp(database, capturingConfig());
    ana = await createUser(database.db, 'ana');
    remember(ana.token);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    postgres?.destroy();
  });

  async function send(title: string): Promise<Outcome> {
    const { body, headers } = multipartBody([
      { name: `${title}.tla`, bytes: analysisTla({ title, markers: MARKERS }) },
    ]);
    try {
      const response = await fetch(`${base}/api/v1/upload/`, {
        method: 'POST',
        headers: { ...headers, ...ana.auth },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      const id =
        response.status === 201
          ? (JSON.parse(text) as { files: { id: number }[] }).files[0]!.id
          : null;
      return { title, status: response.status, id };
    } catch {
      // No answer at all: a test failure below (every request must get one).
      return { title, status: 0, id: null };
    }
  }

  it('keeps every acknowledged upload whole, none of the others, and recovers within 5 s', async () => {
    const inFlight: Promise<Outcome>[] = [];
    let restarted = false;
    let restartDone = 0;
    const restart = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await postgres.restart();
      restartDone = performance.now();
      restarted = true;
    })();
    for (let i = 0; i < UPLOADS; i += 1) {
      inFlight.push(send(`Restart ${String(i).padStart(2, '0')}`));
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await restart;
    expect(restarted).toBe(true);

    // Recovery: the same server, no restart of its own, answers a database query again.
    let recoveredAfter = Number.POSITIVE_INFINITY;
    while (performance.now() - restartDone < 10_000) {
      const probe = await fetch(
        `${base}/api/v1/files/query/?query=${encodeURIComponent('{"title":"probe"}')}`,
      );
      if (probe.status === 200) {
        recoveredAfter = performance.now() - restartDone;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(recoveredAfter).toBeLessThan(5000);

    const outcomes = await Promise.all(inFlight);
    const stored = outcomes.filter((outcome) => outcome.status === 201);
    const refused = outcomes.filter((outcome) => outcome.status !== 201);
    // Every request got an answer: stored, or a server error while the database was away.
    for (const outcome of refused) expect([500, 503], outcome.title).toContain(outcome.status);
    expect(stored.length).toBeGreaterThan(0);

    for (const outcome of stored) {
      const response = await fetch(`${base}/api/v1/files/${outcome.id}/json`, {
        headers: ana.auth,
      });
      expect(response.status, outcome.title).toBe(200);
      const json = (await response.json()) as {
        abstract_work: { title: string };
        timelines: { components: unknown[] }[];
      };
      expect(json.abstract_work.title).toBe(outcome.title);
      expect(json.timelines[0]!.components).toHaveLength(MARKERS);
    }
    const titles = await database.db.execute(sql.raw('SELECT title FROM abstract_works'));
    const rows = (
      Array.isArray(titles) ? titles : (titles as { rows: { title: string }[] }).rows
    ) as {
      title: string;
    }[];
    const present = new Set(rows.map((row) => row.title));
    for (const outcome of refused) expect(present.has(outcome.title), outcome.title).toBe(false);
    expect(present.size).toBe(stored.length);
    const counts = await database.db.execute(
      sql.raw(
        'SELECT (SELECT count(*) FROM files)::int AS files, (SELECT count(*) FROM components)::int AS components',
      ),
    );
    const [count] = (Array.isArray(counts) ? counts : (counts as { rows: unknown[] }).rows) as {
      files: number;
      components: number;
    }[];
    expect(count).toEqual({ files: stored.length, components: stored.length * MARKERS });
    console.info(
      `PostgreSQL restart: ${UPLOADS} uploads, ${stored.length} stored whole, ` +
        `${refused.length} refused (${refused.map((o) => o.status).join(',')}), ` +
        `answering again ${recoveredAfter.toFixed(0)} ms after PostgreSQL was back`,
    );
  });
});
