import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type {
  ComponentsQueryResponse,
  UploadResponseJson,
  ViewerFileJson,
} from '../../src/shared/api-types';
import { parseCsv } from '../../src/shared/csv';
import { databaseKinds } from './support/test-database';
import { upload, uploadSuite } from './support/upload-helpers';

/**
 * Desktop 0.7's Range timelines end to end on the server: a 0.7 file with a Range timeline of two
 * rows, one of its rows holding two joined ranges (tests/fixtures/tla/make-range-fixture.py
 * writes it as 0.7 does), uploaded, downloaded byte for byte, in the viewer JSON, found by the
 * components search (label, comments, row name, start, end) and exported as CSV.
 */

const RANGE_FILE = 'range-v0.7.0.tla';
const rangeBytes = readFileSync(`tests/fixtures/tla/${RANGE_FILE}`);

function query(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, JSON.stringify(value));
  return search.toString();
}

describe.each(databaseKinds)('Range timelines on %s', (kind) => {
  const suite = uploadSuite(kind);
  let fileId: number;

  beforeAll(async () => {
    const response = await upload(suite.app, suite.ana, [{ name: RANGE_FILE, bytes: rangeBytes }], {
      is_public: 'true',
    });
    expect(response.statusCode, response.body).toBe(201);
    fileId = response.json<UploadResponseJson>().files[0]!.id;
  });

  const search = async (params: Record<string, unknown>) => {
    const response = await suite.app.inject({
      url: `/api/v1/components/query/?${query(params)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ComponentsQueryResponse>();
  };

  it('gives the download back byte for byte', async () => {
    const response = await suite.app.inject({ url: `/api/v1/files/${fileId}/tla` });
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare(response.rawPayload, rangeBytes)).toBe(0);
  });

  it('carries the rows and every range, joins as ids, in the viewer JSON', async () => {
    const response = await suite.app.inject({ url: `/api/v1/files/${fileId}/json` });
    const json = response.json<ViewerFileJson>();
    const range = json.timelines.find((timeline) => timeline.kind === 'RANGE_TIMELINE')!;
    expect(range.rows?.map((row) => row.name)).toEqual(['Right hand', 'Left hand']);
    expect(range.components).toHaveLength(4);
    const byLabel = (label: string) =>
      range.components.filter((c) => 'label' in c && c.label === label);
    const melody = byLabel('melody') as { id: number; joined_right: number | null }[];
    expect(melody).toHaveLength(2);
    const joined = melody.filter((c) => c.joined_right !== null);
    expect(joined).toHaveLength(1);
    expect(melody.map((c) => c.id)).toContain(joined[0]!.joined_right);
    expect(json.file_name).toBe(RANGE_FILE);
  });

  it('finds ranges by label, with their row, start and end', async () => {
    const result = await search({
      query: { 'tl.kind': 'RANGE', cmp: { label: 'melody' } },
      order_by: 'start',
    });
    expect(result.count).toBe(2);
    expect(result.components).toEqual([
      expect.objectContaining({ label: 'melody', row_name: 'Right hand', start: 0, end: 4 }),
      expect.objectContaining({ label: 'melody', row_name: 'Right hand', start: 4, end: 8 }),
    ]);
    expect(result.timelines).toEqual([expect.objectContaining({ file_id: fileId, kind: 'RANGE' })]);
    expect(result.abstract_works[0]?.title).toBe('Range example');
  });

  it('finds ranges by row name, comments, start and end', async () => {
    const byRow = await search({ query: { 'tl.kind': 'RANGE', cmp: { row_name: 'LEFT' } } });
    expect(byRow.count).toBe(1);
    expect(byRow.components[0]).toMatchObject({ label: 'Alberti bass', row_name: 'Left hand' });

    const byComment = await search({ query: { 'tl.kind': 'RANGE', cmp: { comments: 'octave' } } });
    expect(byComment.components.map((c) => 'comments' in c && c.comments)).toEqual([
      "answer à l'octave",
    ]);

    const byStart = await search({
      query: { 'tl.kind': 'RANGE', cmp: { start: '0-1' } },
      order_by: 'row_name',
      order_direction: 'desc',
    });
    expect(byStart.count).toBe(2);
    expect(byStart.components.map((c) => 'row_name' in c && c.row_name)).toEqual([
      'Right hand',
      'Left hand',
    ]);

    const byEnd = await search({ query: { 'tl.kind': 'RANGE', cmp: { end: 12 } } });
    expect(byEnd.components.map((c) => 'label' in c && c.label).sort()).toEqual([
      'Alberti bass',
      'codetta',
    ]);

    const all = await search({ query: { 'tl.kind': 'RANGE' }, order_by: 'label' });
    expect(all.count).toBe(4);
    expect(all.components.map((c) => 'label' in c && c.label)).toEqual([
      'Alberti bass',
      'codetta',
      'melody',
      'melody',
    ]);
  });

  it('refuses a field ranges do not have', async () => {
    const response = await suite.app.inject({
      url: `/api/v1/components/query/?${query({ query: { 'tl.kind': 'RANGE', cmp: { formal_type: 'x' } } })}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('RANGE property');
  });

  it('exports ranges as CSV with their row', async () => {
    const response = await suite.app.inject({
      url: `/api/v1/components/export/?${query({ query: { 'tl.kind': 'RANGE', cmp: { row_name: 'right' } }, order_by: 'start' })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'file_id',
      'title',
      'composer',
      'performer',
      'timeline_id',
      'component_id',
      'start',
      'end',
      'row_name',
      'label',
      'comments',
      'measure',
      'pass',
      'beat',
      'viewer_url',
    ]);
    expect(rows.map((row) => [row[6], row[7], row[8], row[9]])).toEqual([
      ['0', '4', 'Right hand', 'melody'],
      ['4', '8', 'Right hand', 'melody'],
      ['8', '12', 'Right hand', 'codetta'],
    ]);
  });

  it('finds nothing of a file made private', async () => {
    const patch = await suite.app.inject({
      method: 'PATCH',
      url: `/api/v1/files/${fileId}/`,
      payload: { is_public: false },
      headers: suite.ana.auth,
    });
    expect(patch.statusCode).toBe(200);
    const result = await search({ query: { 'tl.kind': 'RANGE', cmp: { label: 'melody' } } });
    expect(result.count).toBe(0);
    expect(result.components).toEqual([]);
  });
});
