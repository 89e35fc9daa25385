import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTla } from './tla-reader';
import type { TlaDocument, TlaTimeline } from './tla-model';
import { readTimelines } from './tla-text.test-support';

function fixture(path: string): Uint8Array {
  return readFileSync(new URL(`../../../tests/fixtures/${path}`, import.meta.url));
}

function timelineOf<K extends TlaTimeline['kind']>(
  doc: TlaDocument,
  kind: K,
): Extract<TlaTimeline, { kind: K }> {
  const found = doc.timelines.find((t) => t.kind === kind);
  if (!found) throw new Error(`no ${kind}`);
  return found as Extract<TlaTimeline, { kind: K }>;
}

function faultOf(text: string): string {
  try {
    readTla(text, 'bad.tla');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('read without a fault');
}

describe('readTla on a file as desktop 0.7 writes it', () => {
  const doc = readTla(fixture('tla/range-v0.7.0.tla'), 'range-v0.7.0.tla');

  it('reads a Range timeline with its rows, in the desktop order (start, then row id)', () => {
    const range = timelineOf(doc, 'RANGE_TIMELINE');
    expect(range).toMatchObject({ kindName: 'Range', name: 'Texture', ordinal: 2, height: 80 });
    expect(range.rows).toEqual([
      { id: 'rH7kQ2', name: 'Right hand', color: null, height: null },
      { id: 'Lh3Zp9', name: 'Left hand', color: '#e57373', height: 40 },
    ]);
    expect(range.defaultRowHeight).toBeNull();
    expect(range.components.map((c) => [c.sourceId, c.rowId, c.start, c.end, c.label])).toEqual([
      ['5', 'Lh3Zp9', 0, 12, 'Alberti bass'],
      ['3', 'rH7kQ2', 0, 4, 'melody'],
      ['2', 'rH7kQ2', 4, 8, 'melody'],
      ['4', 'rH7kQ2', 8, 12, 'codetta'],
    ]);
  });

  it('keeps joins, colours, comments and extensions', () => {
    const [, first, second] = timelineOf(doc, 'RANGE_TIMELINE').components;
    expect(first).toMatchObject({ joinedRight: '2', color: null, preStart: 0, postEnd: 4 });
    expect(second).toEqual({
      kind: 'RANGE',
      sourceId: '2',
      start: 4,
      end: 8,
      preStart: 3.5,
      postEnd: 8.5,
      rowId: 'rH7kQ2',
      label: 'melody',
      color: '#81c784',
      comments: "answer à l'octave",
      joinedRight: null,
    });
  });

  it('keeps a beat timeline’s BEAT_UNIT apart from its beats', () => {
    const beats = timelineOf(doc, 'BEAT_TIMELINE');
    expect(beats.components).toHaveLength(16);
    expect(beats.components.every((c) => c.kind === 'BEAT')).toBe(true);
    expect(beats.beatUnits).toEqual([
      { kind: 'BEAT_UNIT', fields: expect.objectContaining({ beat_id: '7', denominator: 4 }) },
    ]);
  });

  it('keeps a component kind no release writes, and the hidden flag', () => {
    const markers = timelineOf(doc, 'MARKER_TIMELINE');
    expect(markers.isVisible).toBe(false);
    expect(markers.components.map((c) => c.label)).toEqual(['HC', 'PAC']);
    expect(markers.otherComponents).toEqual([
      { kind: 'GLISSANDO', fields: expect.objectContaining({ start: 9, end: 10 }) },
    ]);
  });

  it('keeps custom metadata fields in their order', () => {
    expect(Object.keys(doc.mediaMetadata)).toEqual([
      'title',
      'notes',
      'media length',
      'composer',
      'performer',
      'edition',
      'analysed by',
    ]);
    expect(doc.mediaMetadata['analysed by']).toBe('Ana Sørensen');
  });
});

describe('readTla on Range timelines in other shapes', () => {
  const rows = [{ id: 'a1', name: 'Top', color: null, height: null }];
  const range = (start: number, end: number, extra: Record<string, unknown> = {}) => ({
    start,
    end,
    row_id: 'a1',
    kind: 'RANGE',
    ...extra,
  });

  it('reads the long kind name and fills the desktop constructor defaults', () => {
    const doc = readTimelines({
      '0': { kind: 'RANGE_TIMELINE', name: 'r', rows, components: { '1': range(1, 2) } },
    });
    expect(timelineOf(doc, 'RANGE_TIMELINE').components).toEqual([
      {
        kind: 'RANGE',
        sourceId: '1',
        start: 1,
        end: 2,
        preStart: 1,
        postEnd: 2,
        rowId: 'a1',
        label: '',
        color: null,
        comments: '',
        joinedRight: null,
      },
    ]);
  });

  it('takes an integer joined_right as the id it names', () => {
    const doc = readTimelines({
      '0': {
        kind: 'Range',
        rows,
        components: { '1': range(0, 1, { joined_right: 2 }), '2': range(1, 2) },
      },
    });
    expect(timelineOf(doc, 'RANGE_TIMELINE').components[0]?.joinedRight).toBe('2');
  });

  it.each([
    [{ '1': range(2, 1) }, `component '1': end (1) is before start (2)`],
    [
      { '1': { ...range(0, 1), row_id: 'zz' } },
      `field 'row_id' names no row of its timeline ('zz')`,
    ],
    [{ '1': { ...range(0, 1), row_id: undefined } }, `field 'row_id' is missing`],
    [{ '1': range(0, 1, { joined_right: [1] }) }, `must be a component id or null`],
    [
      { '1': range(0, 1, { kind: 'MARKER' }) },
      `a 'MARKER' component does not belong in a RANGE_TIMELINE`,
    ],
  ])('refuses %j: %s', (components, fault) => {
    const text = JSON.stringify({
      file_path: '',
      media_path: '',
      media_metadata: {},
      timelines: { '0': { kind: 'Range', rows, components } },
      app_name: 'TiLiA',
      version: '0.7.0',
    });
    expect(faultOf(text)).toContain(fault);
  });

  it('refuses rows that are not a list of objects with distinct ids', () => {
    const withRows = (value: unknown) =>
      JSON.stringify({ media_metadata: {}, timelines: { '0': { kind: 'Range', rows: value } } });
    expect(faultOf(withRows('a1'))).toContain(`field 'rows' must be a list`);
    expect(faultOf(withRows([{ name: 'x' }]))).toContain(`row 1: field 'id'`);
    expect(faultOf(withRows([...rows, ...rows]))).toContain(`row 2: the id 'a1' is used twice`);
  });
});

describe('readTla on the unreleased 1.0 draft format', () => {
  const message = 'this is the unreleased 1.0 draft format; save it from TiLiA 0.7 to upload it';

  it.each(['draft-empty.tla', 'draft-beats.tla', 'draft-markers.tla'])(
    'refuses %s with a message that says what to do',
    (name) => {
      expect(() => readTla(fixture(`tla-draft/${name}`), name)).toThrow(`'${name}': ${message}`);
    },
  );

  it('still reads a 0.x file that happens to have a document_id', () => {
    const doc = readTimelines({}, { document_id: 'x' });
    expect(doc.version).toBe('0.5.14');
  });
});
