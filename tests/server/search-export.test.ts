import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app';
import { prepareDatabase } from '../../server/db/prepare';
import {
  EXPORT_BATCH_SIZE,
  exportColumns,
  exportComponents,
} from '../../server/search/search-export.service';
import type { ComponentsQueryResponse } from '../../src/shared/api-types';
import { parseCsv } from '../../src/shared/csv';
import { addFile, addUser, type ComponentDraft } from './support/search-fixtures';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database';
import { testApp } from './support/test-app';

const MARKERS = EXPORT_BATCH_SIZE * 2 + 37;
const TRICKY = 'comma, "quote" and\nline break';

function query(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, JSON.stringify(value));
  return search.toString();
}

describe.each(databaseKinds)('components/export/ (CSV of a component search) on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let publicId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    await prepareDatabase(testDb.database);
    app = await testApp(testDb.database);
    const authorId = await addUser(testDb.database.db, 'exporter');
    const markers: ComponentDraft[] = Array.from({ length: MARKERS }, (_, i) => ({
      kind: 'MARKER',
      time: i / 4,
      label: i === 5 ? TRICKY : i === 6 ? '=HYPERLINK("x")' : `zqxexport ${i}`,
      comments: i % 2 ? 'odd' : '',
      // Every third has a colour, two values between them: long runs of ties and of NULLs.
      color: i % 3 === 0 ? (i % 2 ? '#ff0000' : '#0000ff') : null,
    }));
    publicId = await addFile(testDb.database.db, {
      title: 'Exported, "quoted" work',
      composer: 'Export Composer',
      performer: 'Export Performer',
      authorId,
      isPublic: true,
      timelines: [{ kind: 'MARKER_TIMELINE', components: markers }],
    });
    await addFile(testDb.database.db, {
      title: 'Private work',
      composer: 'Export Composer',
      performer: '',
      authorId,
      isPublic: false,
      timelines: [
        {
          kind: 'MARKER_TIMELINE',
          components: [{ kind: 'MARKER', time: 1, label: 'zqxexport private' }],
        },
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  const exportCsv = (params: Record<string, unknown>) =>
    app.inject({ method: 'GET', url: `/api/v1/components/export/?${query(params)}` });

  it('streams every match of every page, with the columns of the kind, public files only', async () => {
    const response = await exportCsv({
      query: { 'tl.kind': 'MARKER', file: { composer: 'Export Composer' } },
      order_by: 'time',
      order_direction: 'asc',
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tilia-marker-components.csv"',
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(exportColumns('MARKER'));
    expect(header).toEqual([
      'file_id',
      'title',
      'composer',
      'performer',
      'timeline_id',
      'component_id',
      'time',
      'label',
      'comments',
      'viewer_url',
    ]);
    expect(rows).toHaveLength(MARKERS);
    expect(rows.map((row) => Number(row[6]))).toEqual(
      Array.from({ length: MARKERS }, (_, i) => i / 4),
    );
    expect(new Set(rows.map((row) => row[5])).size).toBe(MARKERS);
    expect(rows.every((row) => row[0] === String(publicId))).toBe(true);
    expect(rows[0]![1]).toBe('Exported, "quoted" work');
    expect(rows[5]![7]).toBe(TRICKY);
    // A label a spreadsheet would run as a formula is made inert.
    expect(rows[6]![7]).toBe('\'=HYPERLINK("x")');
    expect(rows[3]![8]).toBe('odd');
    expect(rows[8]![9]).toMatch(new RegExp(`/viewer/${publicId}\\?t=2&c=${rows[8]![5]}$`));
  });

  /** The service's export of a search (parameters JSON-encoded, as in a query string). */
  const serviceExport = (params: Record<string, unknown>, batchSize: number) =>
    exportComponents(
      testDb.database.db,
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])),
      'http://test',
      batchSize,
    ).stream;

  /** A search's export read through the service with tiny batches, as component ids. */
  async function exportedIds(params: Record<string, unknown>, batchSize: number) {
    const stream = serviceExport(params, batchSize);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    return parseCsv(text)
      .slice(1)
      .map((row) => Number(row[5]));
  }

  async function pagedIds(params: Record<string, unknown>) {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/components/query/?${query({ ...params, page })}`,
      });
      const body = response.json<ComponentsQueryResponse>();
      ids.push(...body.components.map((c) => c.id));
      if (ids.length >= body.count || body.components.length === 0) return ids;
    }
  }

  it('uses the same conditions and order as components/query', async () => {
    const params = {
      query: { 'tl.kind': 'MARKER', cmp: { label: 'zqxexport 1' } },
      order_by: 'time',
      order_direction: 'desc',
    };
    const [, ...rows] = parseCsv((await exportCsv(params)).body);
    const paged = await pagedIds(params);
    expect(paged.length).toBeGreaterThan(15);
    expect(rows.map((row) => Number(row[5]))).toEqual(paged);
  });

  it.each([
    ['comments', 'asc'],
    ['comments', 'desc'],
    ['color', 'asc'],
    ['color', 'desc'],
    ['time', 'desc'],
  ])(
    'walks batch by batch in the order of every page of components/query (%s %s)',
    async (orderBy, direction) => {
      const params = {
        query: { 'tl.kind': 'MARKER', cmp: { label: 'zqxexport 2' } },
        order_by: orderBy,
        order_direction: direction,
      };
      const paged = await pagedIds(params);
      expect(paged.length).toBeGreaterThan(100);
      // Batches of 7 cross runs of equal keys and the switch between colours and no colour.
      expect(await exportedIds(params, 7)).toEqual(paged);
    },
  );

  it('leaves out components stored after the export started', async () => {
    const params = {
      query: { 'tl.kind': 'MARKER', cmp: { label: 'zqxexport 1' } },
      order_by: 'time',
      order_direction: 'asc',
    };
    const before = await pagedIds(params);
    const chunks = serviceExport(params, 5)[Symbol.asyncIterator]();
    let text = '';
    for (let i = 0; i < 3; i++) text += String((await chunks.next()).value);
    // Later than every exported time, so they would come in the last batches.
    const lateId = await addFile(testDb.database.db, {
      title: 'Late work',
      composer: 'Export Composer',
      performer: '',
      authorId: await addUser(testDb.database.db, 'late-exporter'),
      isPublic: true,
      timelines: [
        {
          kind: 'MARKER_TIMELINE',
          components: [{ kind: 'MARKER', time: 99_999, label: 'zqxexport 1 late' }],
        },
      ],
    });
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      text += String(next.value);
    }
    const rows = parseCsv(text).slice(1);
    expect(rows.map((row) => Number(row[5]))).toEqual(before);
    expect(rows.some((row) => row[0] === String(lateId))).toBe(false);
    // A new export sees it.
    expect(await exportedIds(params, 500)).toHaveLength(before.length + 1);
  });

  it('answers a bad parameter with a 400 before streaming', async () => {
    const response = await exportCsv({ query: { 'tl.kind': 'CHORD' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('exports a header alone when nothing matches', async () => {
    const response = await exportCsv({ query: { 'tl.kind': 'BEAT', cmp: { time: 99999 } } });
    expect(response.statusCode, response.body).toBe(200);
    expect(parseCsv(response.body)).toEqual([exportColumns('BEAT')]);
  });
});
