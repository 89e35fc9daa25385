import { afterEach, describe, expect, it } from 'vitest';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../server/db/database';

/**
 * PGlite runs on a worker thread by default (pglite-proxy.ts): the server's thread sends it each
 * statement. It must behave as PGlite on the server's thread did: one transaction at a time,
 * the same rows and the same errors, and its files kept across a restart.
 */

const opened: Database[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function open(
  dataDir: string | null = null,
  thread: 'worker' | 'main' = 'worker',
): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', dataDir, thread });
  opened.push(database);
  return database;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function withNotes(database: Database): Promise<void> {
  await database.withConnection((run) =>
    run(`CREATE TABLE notes (id integer PRIMARY KEY, title text NOT NULL,
           CONSTRAINT notes_title_unique UNIQUE (title))`),
  );
}

describe('PGlite on its worker thread', () => {
  it('runs no other statement while a transaction is open, and the transaction sees its writes', async () => {
    const database = await open();
    await withNotes(database);
    let outsideDone = false;
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes VALUES (1, 'first')`);
      outside = database.db
        .execute(sql`SELECT count(*)::integer AS count FROM notes`)
        .then((result) => {
          outsideDone = true;
          return rowsOf(result)[0]!.count;
        });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(outsideDone).toBe(false);
      const inside = await tx.execute(sql`SELECT title FROM notes WHERE id = 1`);
      expect(rowsOf(inside)).toEqual([{ title: 'first' }]);
      await tx.execute(sql`INSERT INTO notes VALUES (2, 'second')`);
    });
    // It ran after the commit, and so saw both rows.
    expect(await outside).toBe(2);
  });

  it('rolls back a transaction whose work throws, and then runs the others', async () => {
    const database = await open();
    await withNotes(database);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO notes VALUES (1, 'gone')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A savepoint inside a transaction rolls back alone.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes VALUES (2, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO notes VALUES (3, 'undone')`);
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    const rows = await database.db.execute(sql`SELECT id FROM notes ORDER BY id`);
    expect(rowsOf(rows)).toEqual([{ id: 2 }]);
  });

  it('rejects a failed query with the fields of the PostgreSQL error', async () => {
    const database = await open();
    await withNotes(database);
    await database.db.execute(sql`INSERT INTO notes VALUES (1, 'taken')`);
    const error = await database.db
      .execute(sql`INSERT INTO notes VALUES (2, 'taken')`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect((error as DrizzleQueryError).cause).toMatchObject({
      code: '23505',
      constraint: 'notes_title_unique',
      table: 'notes',
      detail: 'Key (title)=(taken) already exists.',
      severity: 'ERROR',
    });
    // The same in a transaction, which then rolls back as a whole.
    const inTransaction = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO notes VALUES (3, 'fresh')`);
        await tx.execute(sql`INSERT INTO notes VALUES (4, 'taken')`);
      })
      .catch((caught: unknown) => caught);
    expect((inTransaction as DrizzleQueryError).cause).toMatchObject({ code: '23505' });
    const rows = await database.db.execute(sql`SELECT id FROM notes ORDER BY id`);
    expect(rowsOf(rows)).toEqual([{ id: 1 }]);
  });

  it('returns the same values as PGlite on the server thread', async () => {
    const query = sql`SELECT 42::bigint AS big, 1.5::numeric AS exact, '{"a":[1,2]}'::jsonb AS doc,
      '\\x00ff'::bytea AS bytes, ARRAY[1,2,3] AS list, NULL AS nothing,
      '2026-11-26 01:02:03+00'::timestamptz AS at, '2026-11-26'::date AS day,
      ARRAY['2026-11-26'::date] AS days, interval '90 minutes' AS span, true AS yes`;
    const inWorker = await (await open()).db.execute(query);
    const onThread = await (await open(null, 'main')).db.execute(query);
    expect(rowsOf(inWorker)).toEqual(rowsOf(onThread));
    expect(rowsOf(inWorker)[0]).toMatchObject({ at: '2026-11-26 01:02:03+00', day: '2026-11-26' });
  });

  it('keeps its data on disk across a close and a reopen', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'tilia-pglite-proxy-'));
    folders.push(folder);
    const first = await open(folder);
    await withNotes(first);
    await first.db.execute(sql`INSERT INTO notes VALUES (1, 'persisted')`);
    await first.close();
    opened.splice(opened.indexOf(first), 1);

    const second = await open(folder);
    const rows = await second.db.execute(sql`SELECT title FROM notes`);
    expect(rowsOf(rows)).toEqual([{ title: 'persisted' }]);
  });

  it('runs withConnection scripts of several statements, returning the last one rows', async () => {
    const database = await open();
    await withNotes(database);
    const rows = await database.withConnection((run) =>
      run(`BEGIN; INSERT INTO notes VALUES (1, 'a'); COMMIT; SELECT title FROM notes`),
    );
    expect(rows).toEqual([{ title: 'a' }]);
  });

  it('refuses, after close, any further query', async () => {
    const database = await open();
    await database.close();
    opened.splice(opened.indexOf(database), 1);
    await expect(database.db.execute(sql`SELECT 1`)).rejects.toThrow();
  });

  it.runIf(process.platform === 'linux')(
    'lowers only its own thread’s priority, by the nice value it is given',
    async () => {
      const niceByThread = () =>
        readdirSync('/proc/self/task').flatMap((thread) => {
          try {
            const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
            // Field 19, nice, counted after the command's closing parenthesis.
            return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
          } catch {
            return []; // a thread that ended meanwhile
          }
        });
      const before = niceByThread().filter((nice) => nice === 7).length;
      const database = await openDatabase({ kind: 'pglite', dataDir: null, threadNice: 7 });
      opened.push(database);
      await database.db.execute(sql`SELECT 1`);
      expect(niceByThread().filter((nice) => nice === 7).length).toBe(before + 1);
      expect(getPriority()).toBe(0);
    },
  );
});
