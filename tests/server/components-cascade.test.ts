import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/database';
import { abstractWorks, files, users } from '../../server/db/schema';
import { addFile, type FileDraft } from './support/search-fixtures';
import { addUser } from './support/users';
import { databaseKinds } from './support/test-database';
import { databaseSuite } from './support/suites';

/**
 * Migration 0006 replaced the components' foreign keys with one statement-level trigger on files
 * (uploads were paying a key check per component). Whatever removes files must still remove
 * their components, and nothing else's: a file deleted directly, with its user, or with its work.
 */

async function componentFileIds(db: Db): Promise<number[]> {
  const result = await db.execute(
    sql`SELECT file_id, count(*)::int AS n FROM components GROUP BY file_id ORDER BY file_id`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    file_id: number | string;
    n: number;
  }[];
  return rows.map((row) => Number(row.file_id));
}

function draft(title: string, authorId: number): FileDraft {
  return {
    title,
    composer: 'Mozart',
    performer: 'Uchida',
    authorId,
    isPublic: true,
    timelines: [
      {
        kind: 'BEAT_TIMELINE',
        components: [
          { kind: 'BEAT', time: 1 },
          { kind: 'BEAT', time: 2 },
        ],
      },
      {
        kind: 'HIERARCHY_TIMELINE',
        components: [{ kind: 'HIERARCHY', label: 'A', start: 0, end: 4 }],
      },
    ],
  };
}

describe.each(databaseKinds)('components go with their file on %s', (kind) => {
  const suite = databaseSuite(kind);
  let db: Db;

  beforeAll(() => {
    db = suite.testDb.database.db;
  });

  it('the components table has no foreign keys left, and the trigger is in place', async () => {
    const keys = await suite.testDb.database.withConnection((run) =>
      run(`SELECT conname FROM pg_constraint
           WHERE conrelid = 'components'::regclass AND contype = 'f'`),
    );
    expect(keys).toEqual([]);
    const triggers = await suite.testDb.database.withConnection((run) =>
      run(`SELECT tgname FROM pg_trigger
           WHERE tgrelid = 'files'::regclass AND tgname = 'components_delete_with_files'`),
    );
    expect(triggers).toHaveLength(1);
  });

  it('deletes a file’s components with the file, with its user and with its work', async () => {
    const ana = await addUser(db, 'ana');
    const bruno = await addUser(db, 'bruno');
    const kept = await addFile(db, draft('Kept', bruno));
    const direct = await addFile(db, draft('Direct', bruno));
    const byWork = await addFile(db, draft('By work', bruno));
    const byUser = [await addFile(db, draft('Ana 1', ana)), await addFile(db, draft('Ana 2', ana))];
    expect(await componentFileIds(db)).toEqual(
      [kept, direct, byWork, ...byUser].sort((a, b) => a - b),
    );

    await db.delete(files).where(eq(files.id, direct));
    expect(await componentFileIds(db)).toEqual([kept, byWork, ...byUser].sort((a, b) => a - b));

    // Two files in one statement, through the users -> files cascade.
    await db.delete(users).where(eq(users.id, ana));
    expect(await componentFileIds(db)).toEqual([kept, byWork].sort((a, b) => a - b));

    // abstract_works -> concrete_works -> files.
    const [work] = await suite.testDb.database.withConnection((run) =>
      run(`SELECT cw.abstract_work_id AS id FROM files f
           JOIN concrete_works cw ON cw.id = f.concrete_work_id WHERE f.id = ${byWork}`),
    );
    await db.delete(abstractWorks).where(eq(abstractWorks.id, Number(work!.id)));
    expect(await componentFileIds(db)).toEqual([kept]);
  });
});
