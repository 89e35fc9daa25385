import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/db/prepare';
import type { Database } from '../../server/db/database';
import { BackgroundMaintenance, maintainAfterWrite } from '../../server/db/pglite-maintenance';
import { accessTokenFor, testApp } from './support/test-app';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database';

/**
 * PGlite has no autovacuum; after a write the server vacuums and analyzes what autovacuum would
 * have by then, so that index-only scans and planner statistics work there too.
 */

let testDb: TestDatabase | undefined;

afterEach(async () => {
  await testDb?.drop();
  testDb = undefined;
});

interface TableStats {
  name: string;
  vacuums: number;
  analyzes: number;
  allVisiblePages: number;
}

async function tableStats(database: TestDatabase['database']): Promise<Map<string, TableStats>> {
  const rows = await database.withConnection((run) =>
    run(`SELECT s.relname AS name, s.vacuum_count::integer AS vacuums,
           s.analyze_count::integer AS analyzes, c.relallvisible::integer AS "allVisiblePages"
         FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
         WHERE s.schemaname = 'public'`),
  );
  return new Map(rows.map((row) => [row.name as string, row as unknown as TableStats]));
}

describe('maintenance after a write on PGlite', () => {
  it('vacuums the tables written since, analyzes the small ones, then has nothing to do', async () => {
    testDb = await createTestDatabase('pglite');
    const { database } = testDb;
    // The example analyses: thousands of components, never vacuumed.
    await prepareDatabase(database);
    const before = await tableStats(database);
    expect(before.get('components')).toMatchObject({ vacuums: 0, allVisiblePages: 0 });

    const done = await maintainAfterWrite(database);
    expect(done).toContain('VACUUM components');
    expect(done).toContain('ANALYZE timelines');
    const after = await tableStats(database);
    expect(after.get('components')!.vacuums).toBe(1);
    expect(after.get('components')!.allVisiblePages).toBeGreaterThan(0);
    // Never analyzed: a sample of the largest table costs more than its searches gain.
    expect(after.get('components')!.analyzes).toBe(0);
    expect(after.get('timelines')!.analyzes).toBe(1);
    // 21 files stored: below autovacuum's threshold of 50 changes.
    expect(after.get('files')!.analyzes).toBe(0);

    expect(await maintainAfterWrite(database)).toEqual([]);
  });
});

describe.each(databaseKinds.filter((kind) => kind === 'postgres'))(
  'maintenance after a write on %s',
  (kind) => {
    it('leaves the work to autovacuum', async () => {
      testDb = await createTestDatabase(kind);
      await prepareDatabase(testDb.database);
      expect(await maintainAfterWrite(testDb.database)).toEqual([]);
    });
  },
);

describe('maintenance in the background, after an upload has answered', () => {
  it('vacuums after the reply: a real PGlite database, through the runner', async () => {
    testDb = await createTestDatabase('pglite');
    const { database } = testDb;
    await prepareDatabase(database);
    const errors: unknown[] = [];
    const runner = new BackgroundMaintenance(database, {
      error: (details) => errors.push(details),
    });
    runner.request();
    // Asked for, not yet done: the caller goes on (the reply is sent) before the VACUUM.
    expect((await tableStats(database)).get('components')!.vacuums).toBe(0);
    await runner.settle();
    expect((await tableStats(database)).get('components')!.vacuums).toBe(1);
    expect(errors).toEqual([]);
  });

  /** A database whose every statement takes a moment, counting the maintenance runs. */
  function slowDatabase(kind: Database['kind'], fail = false) {
    let runs = 0;
    const database = {
      kind,
      withConnection: async <T>(work: (run: (script: string) => Promise<[]>) => Promise<T>) =>
        work(async (script) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          // One run reads the due tables once (after forcing the statistics out).
          if (script.includes('pg_stat_user_tables')) runs += 1;
          if (fail) throw new Error('disk full');
          return [];
        }),
    } as unknown as Database;
    return { database, runs: () => runs };
  }

  it('runs one at a time, once more when asked while running, and settles', async () => {
    const { database, runs } = slowDatabase('pglite');
    const runner = new BackgroundMaintenance(database, { error: () => undefined });
    runner.request();
    runner.request();
    runner.request();
    await runner.settle();
    // The first run, then one more for the two requests that came while it ran.
    expect(runs()).toBe(2);
    runner.request();
    await runner.settle();
    expect(runs()).toBe(3);
  });

  it('logs a failure instead of throwing it, and does nothing on PostgreSQL', async () => {
    const failing = slowDatabase('pglite', true);
    const logged: unknown[] = [];
    const runner = new BackgroundMaintenance(failing.database, {
      error: (details, message) => logged.push([details, message]),
    });
    runner.request();
    await runner.settle();
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain('could not vacuum');

    const server = slowDatabase('postgres');
    const idle = new BackgroundMaintenance(server.database, { error: () => undefined });
    idle.request();
    await idle.settle();
    expect(server.runs()).toBe(0);
  });
});

describe('the server asks for maintenance after its writes on PGlite', () => {
  it('vacuums the rows that deleted files leave, once the replies are out', async () => {
    testDb = await createTestDatabase('pglite');
    const { database } = testDb;
    await prepareDatabase(database);
    await maintainAfterWrite(database);
    const vacuumed = (await tableStats(database)).get('components')!.vacuums;
    const files = await database.withConnection((run) =>
      run('SELECT id, author_id FROM files ORDER BY id'),
    );
    expect(files.length).toBeGreaterThan(10);

    const app = await testApp(database);
    try {
      // Half the example files: far more dead components than autovacuum's 50 + 20 %.
      for (const file of files.slice(0, Math.ceil(files.length / 2))) {
        const token = await accessTokenFor(Number(file.author_id));
        const response = await app.inject({
          method: 'DELETE',
          url: `/api/v1/files/${String(file.id)}/`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(204);
      }
    } finally {
      // Closing waits for the maintenance the deletions asked for.
      await app.close();
    }
    const after = (await tableStats(database)).get('components')!;
    expect(after.vacuums).toBeGreaterThan(vacuumed);
  }, 120_000); // seeds the 18 examples, deletes half of them and vacuums: 25-40 s on a loaded machine
});
