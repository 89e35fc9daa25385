import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { files, searchValues, timelines } from '../../server/db/schema';
import { deleteFileWithWorks } from '../../server/files/uploads/user-files.repository';
import { countComponents } from '../../server/search/search.repository';
import { parseComponentSearch, type ComponentSearch } from '../../server/search/search-params';
import { addFile, markerAndBeatTimelines, privateStudy } from './support/search-fixtures';
import { addUser } from './support/users';
import { databaseKinds, type TestDatabase } from './support/test-database';
import { databaseSuite } from './support/suites';

/**
 * components/query counts most searches from the totals of migration 0005 (per timeline, and per
 * file and distinct text) instead of counting components. Every count must still be exactly the
 * number of matching components: here each is checked against the components themselves, read
 * whole and filtered in JavaScript, over the seeded analyses (stored through ingestion) and
 * files written straight into the tables (the fallback trigger's path), as files change.
 */

interface StoredComponent {
  searchKind: string | null;
  isPublic: boolean;
  title: string;
  composer: string;
  performer: string;
  fields: Record<string, string | number | null>;
}

async function storedComponents(testDb: TestDatabase): Promise<StoredComponent[]> {
  const rows = await testDb.database.withConnection((run) =>
    run(`SELECT c.search_kind, f.is_public, aw.title, aw.composer, cw.artist, c.label, c.comments,
           c.color, c.formal_function, c.formal_type, c.start, c."end", c."time"
         FROM components c
         JOIN timelines t ON t.id = c.timeline_id
         JOIN files f ON f.id = t.file_id
         JOIN concrete_works cw ON cw.id = f.concrete_work_id
         JOIN abstract_works aw ON aw.id = cw.abstract_work_id`),
  );
  return rows.map((row) => ({
    searchKind: row.search_kind as string | null,
    isPublic: row.is_public as boolean,
    title: row.title as string,
    composer: row.composer as string,
    performer: row.artist as string,
    fields: row as Record<string, string | number | null>,
  }));
}

const contains = (value: unknown, text: string) =>
  typeof value === 'string' && value.toLowerCase().includes(text.toLowerCase());

/** The matches of a search, counted the slow and obvious way. */
function expectedCount(stored: StoredComponent[], search: ComponentSearch): number {
  const file = { title: 'title', composer: 'composer', performer: 'performer' } as const;
  return stored.filter(
    (component) =>
      component.isPublic &&
      component.searchKind === search.kind &&
      search.file.every((condition) =>
        condition.substrings.every((text) => contains(component[file[condition.property]], text)),
      ) &&
      search.text.every((condition) =>
        condition.substrings.every(
          (text) => text === '' || contains(component.fields[condition.property], text),
        ),
      ) &&
      search.times.every((condition) => {
        const time = component.fields[condition.property];
        return typeof time === 'number' && time >= condition.from && time < condition.to;
      }),
  ).length;
}

const searchOf = (query: unknown) => parseComponentSearch({ query: JSON.stringify(query) });

// Every shape of condition: none, file only, one text field (one or several substrings, with a
// file condition or not), two text fields, times; matching many, a few and no components.
const queries: unknown[] = [
  { 'tl.kind': 'HIERARCHY' },
  { 'tl.kind': 'MARKER' },
  { 'tl.kind': 'BEAT' },
  { 'tl.kind': 'HIERARCHY', file: { composer: 'mozart' } },
  { 'tl.kind': 'MARKER', file: { title: 'K. 331', performer: 'a' } },
  { 'tl.kind': 'BEAT', file: { composer: 'zeta' } },
  { 'tl.kind': 'HIERARCHY', cmp: { label: 'DEVELOPMENT' } },
  { 'tl.kind': 'HIERARCHY', cmp: { label: ['dev', 'section'] } },
  { 'tl.kind': 'HIERARCHY', cmp: { formal_function: 'cadential' } },
  { 'tl.kind': 'HIERARCHY', cmp: { formal_type: 'sonata' } },
  { 'tl.kind': 'HIERARCHY', cmp: { comments: '50%' } },
  { 'tl.kind': 'HIERARCHY', cmp: { color: '#ff' } },
  { 'tl.kind': 'HIERARCHY', cmp: { label: '' } },
  { 'tl.kind': 'HIERARCHY', cmp: { label: 'a', comments: 'a' } },
  { 'tl.kind': 'MARKER', cmp: { label: 'pac' } },
  { 'tl.kind': 'MARKER', cmp: { label: 'pac' }, file: { title: 'K. 331' } },
  { 'tl.kind': 'MARKER', cmp: { label: 'PAC' }, file: { composer: 'zeta' } },
  { 'tl.kind': 'MARKER', cmp: { comments: 'half' } },
  { 'tl.kind': 'MARKER', cmp: { label: 'no such label' } },
  { 'tl.kind': 'MARKER', cmp: { label: 'pac', time: '0-100' } },
  { 'tl.kind': 'BEAT', cmp: { time: '1-3' } },
];

describe.each(databaseKinds)('search counts on %s', (kind) => {
  const suite = databaseSuite(kind, { seed: true });
  let zetaId: number;
  let privateId: number;

  beforeAll(async () => {
    const db = suite.testDb.database.db;
    const author = await addUser(db, 'counter');
    const hierarchy = (label: string, extra: object = {}) => ({
      kind: 'HIERARCHY',
      label,
      start: 0,
      end: 10,
      ...extra,
    });
    zetaId = await addFile(db, {
      title: 'Counted sonata',
      composer: 'Zeta Composer',
      performer: 'Alpha Performer',
      authorId: author,
      isPublic: true,
      timelines: [
        {
          kind: 'HIERARCHY_TIMELINE',
          components: [
            hierarchy('development', { formal_function: 'cadential', color: '#ff0000' }),
            hierarchy('Development section', { comments: 'a 50% sequence' }),
            hierarchy('development', { formal_type: 'sonata form' }),
            hierarchy(''),
          ],
        },
        // Two timelines of one kind in one file: their texts are counted together.
        { kind: 'HIERARCHY_TIMELINE', components: [hierarchy('development')] },
        ...markerAndBeatTimelines,
      ],
    });
    privateId = await addFile(
      db,
      privateStudy(author, [
        { kind: 'HIERARCHY_TIMELINE', components: [hierarchy('development')] },
        { kind: 'MARKER_TIMELINE', components: [{ kind: 'MARKER', label: 'PAC', time: 1 }] },
        { kind: 'BEAT_TIMELINE', components: [{ kind: 'BEAT', time: 2 }] },
      ]),
    );
  });

  async function expectExactCounts() {
    const stored = await storedComponents(suite.testDb);
    const db = suite.testDb.database.db;
    for (const query of queries) {
      const search = searchOf(query);
      expect(await countComponents(db, search), JSON.stringify(query)).toBe(
        expectedCount(stored, search),
      );
    }
  }

  it('counts exactly the matching components, for every shape of search', async () => {
    const stored = await storedComponents(suite.testDb);
    // The seeded analyses make the counts worth checking: many matches, over several files.
    const seededCadences = searchOf({ 'tl.kind': 'MARKER', cmp: { label: 'pac' } });
    expect(expectedCount(stored, seededCadences)).toBeGreaterThan(15);
    expect(expectedCount(stored, searchOf({ 'tl.kind': 'BEAT' }))).toBeGreaterThan(1000);
    await expectExactCounts();
  });

  it('keeps the totals of each timeline and of each file and text', async () => {
    const db = suite.testDb.database.db;
    const counts = await db
      .select({ kind: timelines.kind, count: timelines.searchCount })
      .from(timelines)
      .where(eq(timelines.fileId, zetaId))
      .orderBy(timelines.ordinal);
    expect(counts).toEqual([
      { kind: 'HIERARCHY_TIMELINE', count: 4 },
      { kind: 'HIERARCHY_TIMELINE', count: 1 },
      { kind: 'MARKER_TIMELINE', count: 2 },
      { kind: 'BEAT_TIMELINE', count: 3 },
      { kind: 'FUTURE_TIMELINE', count: 0 },
    ]);
    const labels = await db
      .select({
        value: searchValues.value,
        count: sql<number>`sum(${searchValues.count})::integer`,
      })
      .from(searchValues)
      .where(
        sql`${searchValues.fileId} = ${zetaId} AND ${searchValues.kind} = 'HIERARCHY'
          AND ${searchValues.field} = 'label'`,
      )
      .groupBy(searchValues.value)
      .orderBy(searchValues.value);
    // The empty label is no text to count.
    expect(labels).toEqual([
      { value: 'Development section', count: 1 },
      { value: 'development', count: 3 },
    ]);
  });

  it('follows a file made public, made private again and deleted', async () => {
    const db = suite.testDb.database.db;
    await db.update(files).set({ isPublic: true }).where(eq(files.id, privateId));
    await expectExactCounts();
    await db.update(files).set({ isPublic: false }).where(eq(files.id, privateId));
    await expectExactCounts();
    await db.update(files).set({ isPublic: true }).where(eq(files.id, privateId));
    await db.transaction((tx) => deleteFileWithWorks(tx, zetaId));
    await expectExactCounts();
    const left = await db
      .select({ count: sql<number>`count(*)::integer` })
      .from(searchValues)
      .where(eq(searchValues.fileId, zetaId));
    expect(left).toEqual([{ count: 0 }]);
  });
});
