import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  abstractWorks,
  components,
  concreteWorks,
  files,
  timelines,
  users,
} from '../../server/db/schema';
import type {
  ComponentsQueryResponse,
  FilesQueryResponse,
  MarkerSearchComponentJson,
  SearchComponentJson,
  ViewerFileJson,
} from '../../src/shared/api-types';
import { fileTimeMap } from '../../src/shared/time-map/beat-timeline-fields';

import { componentSortKeys, type SearchKind } from '../../src/shared/search-fields';
import { parseComponentSearch, type ComponentSearch } from '../../server/search/search-params';
import {
  conditionedSort,
  findComponentPage,
  walkKeys,
} from '../../server/search/search.repository';
import { addFile, markerAndBeatTimelines, privateStudy } from './support/search-fixtures';
import { addUser } from './support/users';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';

interface Params {
  query?: unknown;
  order_by?: unknown;
  order_direction?: unknown;
  page?: unknown;
}

/** Each parameter JSON-encoded, as the client sends them; a string in `raw` goes as it is. */
function queryString(params: Params, raw: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, JSON.stringify(value));
  }
  for (const [name, value] of Object.entries(raw)) search.set(name, value);
  return search.toString();
}

/** A title's natural sort key as migration 0012 has the database compute it. */
const naturalKey = (title: string) =>
  title
    .toLowerCase()
    .replace(/[0-9]+/g, (digits) => (digits.length < 12 ? digits.padStart(12, '0') : digits))
    .slice(0, 200);

const compareKeys = (a: string | number | null, b: string | number | null): number => {
  // NULLs sort last ascending (PostgreSQL's default), so first descending.
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
};

describe.each(databaseKinds)('search routes on %s', (kind) => {
  const suite = appSuite(kind, { seed: true });
  let publicId: number;
  let privateId: number;

  const get = async (route: 'files' | 'components', params: Params, raw?: Record<string, string>) =>
    suite.app.inject({ method: 'GET', url: `/api/v1/${route}/query/?${queryString(params, raw)}` });
  const files_ = async (params: Params) => {
    const response = await get('files', params);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FilesQueryResponse>();
  };
  const components_ = async (params: Params) => {
    const response = await get('components', params);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ComponentsQueryResponse>();
  };

  beforeAll(async () => {
    const db = suite.testDb.database.db;
    const zed = await addUser(db, 'zed');
    const amy = await addUser(db, 'Amy');
    const hierarchy = (label: string, start: number, extra: object = {}) => ({
      kind: 'HIERARCHY',
      label,
      start,
      end: start + 10,
      comments: '',
      formal_function: '',
      formal_type: '',
      ...extra,
    });
    publicId = await addFile(db, {
      title: 'Test 100% Sonata_1',
      composer: 'Zeta Composer',
      performer: 'Alpha Performer',
      authorId: zed,
      isPublic: true,
      timelines: [
        {
          kind: 'HIERARCHY_TIMELINE',
          components: [
            hierarchy('development', 10, { formal_function: 'cadential', color: '#ff0000' }),
            hierarchy('Development section', 20, { comments: 'a 50% sequence' }),
            hierarchy('exposition', 0, { formal_type: 'sonata form' }),
          ],
        },
        ...markerAndBeatTimelines,
      ],
    });
    privateId = await addFile(
      db,
      privateStudy(amy, [
        { kind: 'HIERARCHY_TIMELINE', components: [hierarchy('development', 5)] },
        { kind: 'MARKER_TIMELINE', components: [{ kind: 'MARKER', label: 'PAC', time: 1 }] },
      ]),
    );
  });

  describe('files/query', () => {
    it('finds exactly the three movements of K. 331 by title, with their works', async () => {
      const body = await files_({ query: { title: 'K. 331' } });
      expect(body.count).toBe(3);
      expect(body.files).toHaveLength(3);
      expect(body.abstract_works.map((work) => work.title)).toEqual([
        'Piano Sonata No. 11 in A major, K. 331: I. Andante grazioso',
        'Piano Sonata No. 11 in A major, K. 331: II. Menuetto and Trio',
        'Piano Sonata No. 11 in A major, K. 331: III. Alla Turca',
      ]);
      for (const [index, file] of body.files.entries()) {
        expect(Object.keys(file).sort()).toEqual(
          [
            'author_id',
            'concrete_work_id',
            'created_at',
            'id',
            'is_public',
            'original_name',
          ].sort(),
        );
        expect(file.is_public).toBe(true);
        // The name it was uploaded under, which tells apart files whose titles do not.
        expect(file.original_name).toMatch(/\.tla$/);
        expect(new Date(file.created_at).toISOString()).toBe(file.created_at);
        const work = body.concrete_works.find((cw) => cw.id === file.concrete_work_id);
        expect(work?.abstract_work_id).toBe(body.abstract_works[index]!.id);
      }
    });

    it("matches case-insensitively: composer 'mozart' gives 18 files over two pages", async () => {
      const first = await files_({ query: { composer: 'mozart' }, page: 1 });
      const second = await files_({ query: { composer: 'mozart' }, page: 2 });
      expect(first.count).toBe(18);
      expect(first.files).toHaveLength(15);
      expect(second.files).toHaveLength(3);
      const ids = [...first.files, ...second.files].map((file) => file.id);
      expect(new Set(ids).size).toBe(18);
      expect(ids).not.toContain(privateId);
      expect((await files_({ query: { composer: 'MOZART' } })).count).toBe(18);
    });

    it('ANDs several conditions, also several on one property', async () => {
      expect((await files_({ query: { composer: 'mozart', title: 'K. 331' } })).count).toBe(3);
      expect((await files_({ query: { title: ['K. 331', 'Turca'] } })).count).toBe(1);
      expect((await files_({ query: { composer: 'mozart', title: 'Test 100%' } })).count).toBe(0);
      const performer = await files_({ query: { performer: 'alpha perf' } });
      expect(performer.files.map((file) => file.id)).toEqual([publicId]);
    });

    it('takes % and _ literally', async () => {
      expect((await files_({ query: { title: '100%' } })).files.map((f) => f.id)).toEqual([
        publicId,
      ]);
      expect((await files_({ query: { title: 'a_1' } })).count).toBe(1);
      expect((await files_({ query: { title: '%' } })).count).toBe(1);
      expect((await files_({ query: { title: 'o_a' } })).count).toBe(0);
    });

    it('never lists a private file', async () => {
      const body = await files_({ query: { title: 'Private' } });
      expect(body.count).toBe(0);
      expect(body.files).toEqual([]);
    });

    it.each([
      ['title', 'asc'],
      ['title', 'desc'],
      ['composer', 'asc'],
      ['performer', 'desc'],
      ['file_author', 'asc'],
      ['file_author', 'desc'],
    ] as const)(
      'sorts by %s %s, ties by id, pages neither repeating nor skipping',
      async (key, direction) => {
        const rows = await suite.testDb.database.db
          .select({
            id: files.id,
            title: abstractWorks.title,
            composer: abstractWorks.composer,
            performer: concreteWorks.artist,
            file_author: users.username,
          })
          .from(files)
          .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
          .innerJoin(abstractWorks, eq(abstractWorks.id, concreteWorks.abstractWorkId))
          .innerJoin(users, eq(users.id, files.authorId))
          .where(eq(files.isPublic, true));
        const sign = direction === 'asc' ? 1 : -1;
        const sortKey = (text: string) => (key === 'title' ? naturalKey(text) : text.toLowerCase());
        const expected = rows
          .sort((a, b) => sign * (compareKeys(sortKey(a[key]), sortKey(b[key])) || a.id - b.id))
          .map((row) => row.id);
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / 15); page += 1) {
          const body = await files_({ order_by: key, order_direction: direction, page });
          expect(body.count).toBe(expected.length);
          seen.push(...body.files.map((file) => file.id));
        }
        expect(seen).toEqual(expected);
      },
    );

    it('answers a page past the end with no files and the full count', async () => {
      const body = await files_({ query: { title: 'K. 331' }, page: 2 });
      expect(body).toEqual({ files: [], concrete_works: [], abstract_works: [], count: 3 });
    });

    it('defaults to title ascending, page 1, no condition', async () => {
      const implicit = await files_({});
      const explicit = await files_({
        query: {},
        order_by: 'title',
        order_direction: 'asc',
        page: 1,
      });
      expect(implicit).toEqual(explicit);
      expect(implicit.files).toHaveLength(15);
    });
  });

  describe('components/query', () => {
    const all = async (params: Params) => {
      const first = await components_({ ...params, page: 1 });
      const pages = [first];
      for (let page = 2; page <= Math.ceil(first.count / 15); page += 1) {
        pages.push(await components_({ ...params, page }));
      }
      return pages;
    };

    it("finds hierarchies labelled 'development' in public files only, with their context", async () => {
      const body = await components_({
        query: { 'tl.kind': 'HIERARCHY', cmp: { label: 'DEVELOPMENT' } },
        order_by: 'start',
      });
      const ours = body.components.filter((c) =>
        body.timelines.some((t) => t.id === c.timeline_id && t.file_id === publicId),
      );
      expect(ours.map((c) => c.timeline_id === ours[0]!.timeline_id)).toEqual([true, true]);
      expect(ours[0]).toEqual({
        id: ours[0]!.id,
        timeline_id: ours[0]!.timeline_id,
        label: 'development',
        comments: '',
        color: '#ff0000',
        formal_function: 'cadential',
        formal_type: '',
        start: 10,
        end: 20,
        // A file without bars.
        measure: null,
        pass: null,
        beat: null,
      });
      expect(body.timelines.map((t) => t.file_id)).not.toContain(privateId);
      for (const component of body.components) {
        expect((component as { label: string }).label.toLowerCase()).toContain('development');
        const timeline = body.timelines.find((t) => t.id === component.timeline_id)!;
        expect(timeline.kind).toBe('HIERARCHY');
        const file = body.files.find((f) => f.id === timeline.file_id)!;
        expect(file.is_public).toBe(true);
        const work = body.concrete_works.find((cw) => cw.id === file.concrete_work_id)!;
        expect(body.abstract_works.map((aw) => aw.id)).toContain(work.abstract_work_id);
      }
    });

    it("lists the seeded cadences labelled 'PAC' with marker fields, sorted by time", async () => {
      const pages = await all({
        query: { 'tl.kind': 'MARKER', cmp: { label: 'pac' } },
        order_by: 'time',
      });
      const found = pages.flatMap((page) => page.components) as { label: string; time: number }[];
      expect(found.length).toBe(pages[0]!.count);
      expect(found.length).toBeGreaterThan(15);
      for (const component of found) {
        expect(Object.keys(component).sort()).toEqual(
          [
            'beat',
            'color',
            'comments',
            'id',
            'label',
            'measure',
            'pass',
            'time',
            'timeline_id',
          ].sort(),
        );
        expect(component.label.toUpperCase()).toContain('PAC');
      }
      // Each cadence's bar and beat, as the viewer finds them in the file's beat timeline; none
      // in a file without one.
      let withBars = 0;
      for (const page of pages) {
        for (const component of page.components as MarkerSearchComponentJson[]) {
          const fileId = page.timelines.find((t) => t.id === component.timeline_id)!.file_id;
          const viewed = await suite.app.inject({ url: `/api/v1/files/${fileId}/json` });
          const json = viewed.json<ViewerFileJson>();
          const position = fileTimeMap(json.timelines, null)?.position(component.time) ?? null;
          if (!position) {
            expect([component.measure, component.pass, component.beat]).toEqual([null, null, null]);
            continue;
          }
          withBars++;
          expect([component.measure, component.pass]).toEqual([
            position.bar.number,
            position.bar.pass,
          ]);
          expect(component.beat).toBeCloseTo(position.beat, 3);
        }
      }
      expect(withBars).toBeGreaterThan(15);
      const times = found.map((component) => component.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // The file-level condition narrows to K. 331.
      const k331 = await components_({
        query: { 'tl.kind': 'MARKER', cmp: { label: 'pac' }, file: { title: 'K. 331' } },
      });
      const k331Files = (await files_({ query: { title: 'K. 331' } })).files.map((f) => f.id);
      expect(k331.count).toBeGreaterThan(0);
      expect(k331.count).toBeLessThan(pages[0]!.count);
      for (const timeline of k331.timelines) expect(k331Files).toContain(timeline.file_id);
    });

    it('never finds components of timelines that are not searchable or files that are private', async () => {
      const body = await components_({
        query: { 'tl.kind': 'MARKER', cmp: { label: 'PAC' }, file: { composer: 'zeta' } },
      });
      expect(body.count).toBe(1);
      expect((body.components[0] as { time: number }).time).toBe(12.344);
    });

    it('matches times to the hundredth of a second, as numbers, texts, clocks and ranges', async () => {
      const beats = async (time: unknown) =>
        (
          await components_({
            query: { 'tl.kind': 'BEAT', cmp: { time }, file: { composer: 'zeta' } },
          })
        ).components.map((c) => (c as { time: number }).time);
      expect(await beats(2)).toEqual([2]);
      expect(await beats('3.5')).toEqual([3.5]);
      expect(await beats('1-2')).toEqual([1, 2]);
      expect(await beats('0:00:01.00 - 0:00:03.50')).toEqual([1, 2, 3.5]);
      expect(await beats(['1-3.5', '2-9'])).toEqual([2, 3.5]);
      const markers = async (time: unknown) =>
        (
          await components_({
            query: { 'tl.kind': 'MARKER', cmp: { time }, file: { composer: 'zeta' } },
          })
        ).count;
      expect(await markers(12.34)).toBe(1);
      expect(await markers(12.35)).toBe(0);
      expect(await markers('1:02:03.46')).toBe(1);
    });

    it.each(['HIERARCHY', 'MARKER', 'BEAT'] as const)(
      'sorts %s components by every sort key both ways, pages neither repeating nor skipping',
      async (searchKind: SearchKind) => {
        const query = { 'tl.kind': searchKind, file: { composer: 'zeta' } };
        const expectedCount = (await components_({ query })).count;
        expect(expectedCount).toBeGreaterThan(1);
        for (const key of componentSortKeys(searchKind)) {
          for (const direction of ['asc', 'desc'] as const) {
            const pages = await all({ query, order_by: key, order_direction: direction });
            const found = pages.flatMap((page) => page.components);
            expect(found.length).toBe(expectedCount);
            const keyOf = (c: SearchComponentJson): string | number | null => {
              if (key === 'title') return 'test 100% sonata_1';
              if (key === 'composer') return 'zeta composer';
              const value = (c as unknown as Record<string, string | number | null>)[key] ?? null;
              return typeof value === 'string' ? value.toLowerCase() : value;
            };
            const sign = direction === 'asc' ? 1 : -1;
            for (let index = 1; index < found.length; index += 1) {
              const [a, b] = [found[index - 1]!, found[index]!];
              expect(sign * (compareKeys(keyOf(a), keyOf(b)) || a.id - b.id)).toBeLessThan(0);
            }
          }
        }
      },
    );

    /**
     * A search's raw parameters, page by page, its walk keys checked by `checkKeys`; then every
     * page of the walk restricted to those keys must equal the page of a full sort.
     */
    async function walksAsSorted(
      query: object,
      orderBy: string,
      direction: string,
      checkKeys: (keys: string[] | null, search: ComponentSearch) => Promise<void>,
    ) {
      const db = suite.testDb.database.db;
      const params = (page: number) => ({
        query: JSON.stringify(query),
        order_by: JSON.stringify(orderBy),
        order_direction: JSON.stringify(direction),
        page: JSON.stringify(page),
      });
      const first = parseComponentSearch(params(1));
      const sort = conditionedSort(first);
      expect(sort).not.toBeNull();
      const keys = await walkKeys(db, first, sort!, 1000);
      await checkKeys(keys, first);
      const { count } = await components_({ query, order_by: orderBy, order_direction: direction });
      expect(count).toBeGreaterThan(30);
      for (let page = 1; page <= Math.ceil(count / 15); page += 1) {
        const search = parseComponentSearch(params(page));
        const walked = await findComponentPage(db, search, 'walk', keys);
        const sorted = await findComponentPage(db, search, 'indexed');
        expect(walked.map((hit) => hit.id)).toEqual(sorted.map((hit) => hit.id));
      }
    }

    it.each(['asc', 'desc'])(
      'sorted by the field it searches, walks only the matching texts and pages as a full sort (%s)',
      async (direction) => {
        const query = { 'tl.kind': 'MARKER', cmp: { label: 'ac' } };
        await walksAsSorted(query, 'label', direction, async (keys, search) => {
          // The seeded cadences: 'PAC' and 'IAC' as the sort index holds them; never 'HC'.
          expect(keys).toEqual(expect.arrayContaining(['pac', 'iac']));
          expect(keys).not.toContain('hc');
          expect(keys!.every((key) => key === key.toLowerCase() && key.includes('ac'))).toBe(true);
          // More distinct texts than the limit: no keys, the walk reads the whole index.
          const sort = { on: 'component', field: 'label' } as const;
          expect(await walkKeys(suite.testDb.database.db, search, sort, 1)).toBeNull();
        });
      },
    );

    it.each(['asc', 'desc'])(
      "sorted by the work's composer it searches, walks only the matching composers (%s)",
      async (direction) => {
        const query = { 'tl.kind': 'HIERARCHY', file: { composer: 'MOZ' } };
        await walksAsSorted(query, 'composer', direction, async (keys) => {
          // The seeded sonatas' composer, once for all 18 files, as the sort index holds it.
          expect(keys).toEqual(['wolfgang amadeus mozart']);
        });
      },
    );

    it('restricts a walk only when the search sorts by a text it has conditions on', () => {
      const sortOf = (query: object, orderBy: string) =>
        conditionedSort(
          parseComponentSearch({
            query: JSON.stringify(query),
            order_by: JSON.stringify(orderBy),
          }),
        );
      expect(sortOf({ 'tl.kind': 'MARKER', cmp: { label: 'PAC' } }, 'time')).toBeNull();
      expect(sortOf({ 'tl.kind': 'MARKER', cmp: { comments: 'x' } }, 'label')).toBeNull();
      expect(sortOf({ 'tl.kind': 'HIERARCHY', file: { title: 'K. 331' } }, 'composer')).toBeNull();
      expect(sortOf({ 'tl.kind': 'HIERARCHY', file: { title: 'K. 331' } }, 'title')).toEqual({
        on: 'work',
        property: 'title',
      });
      expect(sortOf({ 'tl.kind': 'MARKER', cmp: { label: 'PAC' } }, 'label')).toEqual({
        on: 'component',
        field: 'label',
      });
    });

    it('walk keys are the lower-case texts of the matching files only', async () => {
      const search = parseComponentSearch({
        query: JSON.stringify({
          'tl.kind': 'HIERARCHY',
          file: { title: 'Test 100%' },
          cmp: { label: 'develop' },
        }),
        order_by: JSON.stringify('label'),
      });
      expect(
        (await walkKeys(
          suite.testDb.database.db,
          search,
          { on: 'component', field: 'label' },
          10,
        ))!.sort(),
      ).toEqual(['development', 'development section']);
    });

    it('pages a large result without repeats, in title order, ties by id', async () => {
      const pages = await all({ query: { 'tl.kind': 'HIERARCHY' }, order_by: 'title' });
      const ids = pages.flatMap((page) => page.components.map((c) => c.id));
      expect(ids.length).toBe(pages[0]!.count);
      expect(new Set(ids).size).toBe(ids.length);
      const stored = await suite.testDb.database.db
        .select({ count: sql<number>`count(*)::integer` })
        .from(components)
        .innerJoin(timelines, eq(timelines.id, components.timelineId))
        .innerJoin(files, eq(files.id, components.fileId))
        .where(
          sql`${files.isPublic} AND ${timelines.kind} = 'HIERARCHY_TIMELINE' AND ${components.kind} = 'HIERARCHY'`,
        );
      expect(ids.length).toBe(Number(stored[0]!.count));
    });

    it('counts a file stored after the same search was counted', async () => {
      const query = { query: { 'tl.kind': 'MARKER', cmp: { label: 'fermata' } } };
      expect((await components_(query)).count).toBe(0);
      const db = suite.testDb.database.db;
      await addFile(db, {
        title: 'Late arrival',
        composer: 'Zeta Composer',
        performer: '',
        authorId: await addUser(db, 'late'),
        isPublic: true,
        timelines: [
          { kind: 'MARKER_TIMELINE', components: [{ kind: 'MARKER', label: 'Fermata', time: 2 }] },
        ],
      });
      expect((await components_(query)).count).toBe(1);
      expect((await files_({ query: { title: 'late arrival' } })).count).toBe(1);
    });

    it('finds a typographic apostrophe from a straight one, and the other way round', async () => {
      const db = suite.testDb.database.db;
      await addFile(db, {
        title: 'L\u2019Apostrophe typographique',
        composer: 'Apostrophe Composer',
        performer: '',
        authorId: await addUser(db, 'apostrophes'),
        isPublic: true,
        timelines: [
          {
            kind: 'MARKER_TIMELINE',
            components: [
              { kind: 'MARKER', label: 'don\u2019t breathe', time: 1 },
              { kind: 'MARKER', label: "won't stop", time: 2 },
            ],
          },
        ],
      });
      const labels = async (label: string) =>
        (await components_({ query: { 'tl.kind': 'MARKER', cmp: { label } } })).components.map(
          (component) => (component as { label: string }).label,
        );
      expect(await labels("don't")).toEqual(['don\u2019t breathe']);
      expect(await labels('won\u2019t')).toEqual(["won't stop"]);
      expect(await labels('won\u02bct')).toEqual(["won't stop"]);
      // Not any character: an apostrophe is still needed where the text has one.
      expect(await labels('dont')).toEqual([]);
      expect((await files_({ query: { title: "l'apostrophe" } })).count).toBe(1);
    });

    it('follows a change of the public flag', async () => {
      const query = { query: { 'tl.kind': 'HIERARCHY', cmp: { label: 'development' } } };
      const before = (await components_(query)).count;
      await suite.testDb.database.db
        .update(files)
        .set({ isPublic: true })
        .where(eq(files.id, privateId));
      expect((await components_(query)).count).toBe(before + 1);
      await suite.testDb.database.db
        .update(files)
        .set({ isPublic: false })
        .where(eq(files.id, privateId));
      expect((await components_(query)).count).toBe(before);
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['files', { query: { genre: 'x' } }, 'query'],
      ['files', { query: ['title'] }, 'query'],
      ['files', { query: { title: 3 } }, 'query'],
      ['files', { order_by: 'label' }, 'order_by'],
      ['files', { order_direction: 'up' }, 'order_direction'],
      ['files', { page: 0 }, 'page'],
      ['files', { page: 1.5 }, 'page'],
      ['files', { page: '2' }, 'page'],
      ['components', { query: {} }, 'query'],
      ['components', { query: { 'tl.kind': 'CHORDS' } }, 'query'],
      ['components', { query: { 'tl.kind': 'MARKER', kind: 'x' } }, 'query'],
      ['components', { query: { 'tl.kind': 'MARKER', cmp: { formal_function: 'x' } } }, 'query'],
      ['components', { query: { 'tl.kind': 'BEAT', cmp: { label: 'x' } } }, 'query'],
      ['components', { query: { 'tl.kind': 'BEAT', cmp: { time: 'soon' } } }, 'query'],
      ['components', { query: { 'tl.kind': 'BEAT', cmp: { time: '5-2' } } }, 'query'],
      ['components', { query: { 'tl.kind': 'BEAT', cmp: ['time'] } }, 'query'],
      ['components', { query: { 'tl.kind': 'HIERARCHY', file: { label: 'x' } } }, 'query'],
      ['components', { query: { 'tl.kind': 'MARKER' }, order_by: 'formal_type' }, 'order_by'],
      ['components', { query: { 'tl.kind': 'BEAT' }, order_by: 'label' }, 'order_by'],
      ['components', { query: { 'tl.kind': 'BEAT' }, page: -1 }, 'page'],
    ] as const)('%s %j gives 400 naming %s', async (route, params, parameter) => {
      const response = await get(route, params);
      expect(response.statusCode).toBe(400);
      const body = response.json<Record<string, string[]>>();
      expect(Object.keys(body)).toEqual([parameter]);
      expect(body[parameter]![0]).toMatch(/\w/);
    });

    it.each([
      ['files', 'query', '{title'],
      ['files', 'order_by', 'title'],
      ['files', 'page', 'one'],
      ['components', 'order_direction', 'asc'],
      ['components', 'query', ''],
    ] as const)(
      '%s with %s that is not JSON (%j) gives 400 naming it',
      async (route, name, text) => {
        const valid = route === 'components' ? { query: { 'tl.kind': 'BEAT' } } : {};
        const response = await get(route, name === 'query' ? {} : valid, { [name]: text });
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json<object>())).toEqual([name]);
        expect(response.json<Record<string, string[]>>()[name]![0]).toContain('JSON');
      },
    );

    it('names every faulty parameter at once', async () => {
      const response = await get('files', { query: { genre: 'x' }, order_by: 'x', page: 0 });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<object>()).sort()).toEqual(['order_by', 'page', 'query']);
    });

    it('sorts titles in natural order: No. 6 before No. 10, in files and components', async () => {
      const db = suite.testDb.database.db;
      const author = await addUser(db, 'numbers');
      for (const title of ['Etude No. 10', 'Etude No. 6', 'etude no. 9', 'Etude No. 100']) {
        await addFile(db, {
          title,
          composer: 'Natural Order',
          performer: '',
          authorId: author,
          isPublic: true,
          timelines: [
            { kind: 'MARKER_TIMELINE', components: [{ kind: 'MARKER', label: 'x', time: 1 }] },
          ],
        });
      }
      const titles = ['Etude No. 6', 'etude no. 9', 'Etude No. 10', 'Etude No. 100'];
      const found = await files_({ query: { composer: 'Natural Order' }, order_by: 'title' });
      expect(found.abstract_works.map((work) => work.title)).toEqual(titles);
      const down = await files_({
        query: { composer: 'Natural Order' },
        order_by: 'title',
        order_direction: 'desc',
      });
      expect(down.abstract_works.map((work) => work.title)).toEqual([...titles].reverse());
      const markers = await components_({
        query: { 'tl.kind': 'MARKER', file: { composer: 'Natural Order' } },
        order_by: 'title',
      });
      expect(markers.abstract_works.map((work) => work.title)).toEqual(titles);
    });

    it('gives 400 for a repeated parameter', async () => {
      const response = await suite.app.inject({
        method: 'GET',
        url: '/api/v1/files/query/?page=1&page=2',
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<object>())).toEqual(['page']);
    });
  });
});
