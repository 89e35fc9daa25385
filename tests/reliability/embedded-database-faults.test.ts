import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { registration } from '../server/support/accounts';
import { childServerSetting, startChildServer, type ChildServer } from './support/child-server';
import { checkEmbeddedDatabase } from './support/database-check';
import { remember } from './support/log-capture';
import {
  logIn,
  lostWrites,
  seededRandom,
  writeUntilStopped,
  WriteLedger,
  type Owner,
} from './support/write-workload';

/**
 * The embedded database (PGlite) under the faults a careless operator causes: a second server
 * started on the same DATA_DIR, and kill -9 at random moments of writes. After every restart each
 * acknowledged write is there, and amcheck finds nothing wrong.
 */
const KILLS = Number(process.env.FAULT_KILLS ?? 30);
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000);
const READY = 'Server listening';
/** The production build is what a user runs; the suite runs after `npm test` has built it. */
const SERVER = 'dist-server/server.js';

function snapshot(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      const stats = statSync(full);
      if (stats.isDirectory()) walk(full);
      else files.set(path.relative(folder, full), `${stats.size}:${stats.mtimeMs}`);
    }
  };
  walk(folder);
  return files;
}

/** Waits until no stored recording's waveform is still being computed (none answers 202). */
async function peaksSettled(base: string): Promise<void> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const listed = await fetch(`${base}/api/v1/files/query/?query=%7B%7D&page=${page}`);
    const { files, count } = (await listed.json()) as { files: { id: number }[]; count: number };
    ids.push(...files.map((file) => file.id));
    if (files.length === 0 || ids.length >= count) break;
  }
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    for (let tries = 0; tries < 600; tries++) {
      const response = await fetch(`${base}/api/v1/files/${id}/peaks`);
      await response.arrayBuffer();
      if (response.status !== 202) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('the embedded database under a second server and kill -9', () => {
  let folder: string;
  let env: Record<string, string>;
  let base: string;
  let pgliteDir: string;
  const start = (extra: Record<string, string> = {}) =>
    startChildServer(SERVER, { ...env, ...extra }, READY);

  beforeAll(async () => {
    let port: number;
    ({ folder, port, env } = await childServerSetting(
      'tilia-faults-',
      'faults-test-secret-key-long-enough-for-hs256',
    ));
    env = {
      ...env,
      LOG_LEVEL: 'info',
      RATE_LIMIT_REGISTRATION: '100000/3600',
      MAX_UPLOADS_PER_HOUR: '100000',
    };
    base = `http://127.0.0.1:${port}`;
    pgliteDir = path.join(env.DATA_DIR!, 'pglite');
  });

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a second server on the same data directory before it opens anything', async () => {
    const first = await start();
    try {
      // The first server computes the seeded recordings' waveforms after it starts: idle only
      // once they are stored.
      await peaksSettled(base);
      const before = snapshot(pgliteDir);
      for (const port of [env.PORT!, '0']) {
        const second = spawnSync(process.execPath, [SERVER], {
          env: { ...env, PORT: port },
          encoding: 'utf8',
          timeout: 30_000,
        });
        expect(second.status).toBe(1);
        expect(second.stderr).toContain('another TiLiA Web process is using the data directory');
        expect(second.stderr).toContain(`pid ${first.child.pid}`);
        expect(second.stdout).not.toContain('database migrated');
      }
      // The first server wrote nothing meanwhile (it was idle); the second touched nothing.
      expect(snapshot(pgliteDir)).toEqual(before);
      const health = await fetch(`${base}/api/v1/health`);
      expect(health.status).toBe(200);
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    // Killed, it leaves no lock behind: the next start opens the same data.
    const again = await start();
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it(`keeps every acknowledged write through ${KILLS} kills at random moments (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const ledger = new WriteLedger();
    const owners: Owner[] = [];
    let server: ChildServer = await start();
    for (const name of ['faulta', 'faultb', 'faultc']) {
      const password = `${name}-velvet-harpsichord`;
      remember(password);
      const response = await fetch(`${base}/api/v1/dj-rest-auth/registration/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...registration(name), password1: password, password2: password }),
      });
      const { user_id: id } = (await response.json()) as { user_id: number };
      owners.push({ username: name, password, id, access: await logIn(base, name, password) });
    }
    let checkedIndexes = 0;
    for (let round = 0; round < KILLS; round++) {
      const stop = { now: false };
      const writing = writeUntilStopped(base, ledger, owners, random, stop, round);
      await new Promise((resolve) => setTimeout(resolve, 150 + random() * 1_500));
      server.child.kill('SIGKILL');
      await server.exited;
      stop.now = true;
      await writing;

      server = await start();
      for (const owner of owners) owner.access = await logIn(base, owner.username, owner.password);
      expect(await lostWrites(base, ledger), `round ${round}, seed ${SEED}`).toEqual([]);
      const newest = ledger.users.at(-1);
      if (newest) await logIn(base, newest.username, newest.password);

      // A clean stop, then amcheck on the files the server leaves, then the next round.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const check = await checkEmbeddedDatabase(pgliteDir);
      expect(check.problems, `round ${round}, seed ${SEED}`).toEqual([]);
      checkedIndexes = check.indexes;
      server = await start();
    }
    server.child.kill('SIGTERM');
    await server.exited;
    console.log(
      `fault suite: ${KILLS} kills, ${ledger.acknowledged} acknowledged writes checked ` +
        `(${ledger.users.length} registrations, ${ledger.files.size} uploads), 0 lost; ` +
        `${checkedIndexes} indexes checked by amcheck each round; ${ledger.throttled} writes ` +
        `refused with 429; seed ${SEED}`,
    );
    expect(ledger.acknowledged).toBeGreaterThan(KILLS);
    // Correct logins and sign-ups within their limits are never throttled: a 429 here is the
    // hashing bound holding legitimate work (the server's, not the kills').
    expect(ledger.throttled).toBe(0);
  }, 1_800_000);
});
