import { describe, expect, it } from 'vitest';
import { readTla } from './tla-reader';
import type { TlaDocument } from './tla-model';
import { marker, markerTimeline, readTimelines, tlaText } from './tla-text.test-support';

/** json.dump's default ensure_ascii: every non-ASCII UTF-16 unit as a \uXXXX escape. */
function escapeNonAscii(json: string): string {
  return json.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function read(input: string | Uint8Array): TlaDocument {
  return readTla(input, 'variant.tla');
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('readTla text variants', () => {
  const text = tlaText({ '0': markerTimeline(1, { '1': marker(1.5, 'Ação 🎵') }) });
  const expected = read(text);

  it('reads the base variant', () => {
    expect(expected.timelines[0]?.components).toEqual([
      { kind: 'MARKER', time: 1.5, label: 'Ação 🎵', color: null, comments: '' },
    ]);
  });

  it('accepts a UTF-8 byte order mark, in bytes or in a string', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
    expect(read(bom)).toEqual(expected);
    expect(read(`\ufeff${text}`)).toEqual(expected);
  });

  it('accepts CRLF line endings, blank lines and a final newline', () => {
    expect(read(utf8(text.replace(/\n/g, '\r\n')))).toEqual(expected);
    expect(read(text.replace(/,\n/g, ',\n\n') + '\n')).toEqual(expected);
  });

  it('reads raw UTF-8 and \\u escapes (with surrogate pairs) the same', () => {
    const escaped = escapeNonAscii(text);
    expect(escaped).toContain('A\\u00e7\\u00e3o \\ud83c\\udfb5');
    expect(read(utf8(escaped))).toEqual(expected);
    expect(read(utf8(text))).toEqual(expected);
  });

  it('reads compact and 4-space JSON', () => {
    const value: unknown = JSON.parse(text);
    expect(read(JSON.stringify(value))).toEqual(expected);
    expect(read(JSON.stringify(value, null, 4))).toEqual(expected);
  });

  it('keeps a lone surrogate escape as it is', () => {
    const doc = read(text.replace('Ação 🎵', 'cut \\ud83c'));
    expect(doc.timelines[0]?.components[0]).toMatchObject({ label: 'cut \ud83c' });
  });
});

describe('readTla export format', () => {
  const exportText = JSON.stringify(
    {
      timelines: [
        {
          kind: 'HIERARCHY_TIMELINE',
          name: 'Form',
          height: 120,
          is_visible: true,
          ordinal: 2,
          components: [
            {
              start: 10,
              pre_start: 10,
              end: 20,
              post_end: 20,
              level: 1,
              label: 'B',
              formal_type: '',
              formal_function: '',
              comments: '',
              start_measure: 9,
              start_beat: 1,
              end_measure: 3,
              end_beat: 1,
              length: 10,
              length_in_measures: [-6, 0],
              kind: 'HIERARCHY',
            },
            {
              start: 0,
              pre_start: 0,
              end: 10,
              post_end: 10,
              level: 1,
              label: 'A',
              formal_type: 'theme',
              formal_function: '',
              comments: '',
              start_measure: null,
              length_in_measures: null,
              kind: 'HIERARCHY',
            },
          ],
        },
        {
          kind: 'MARKER_TIMELINE',
          name: 'Cues',
          height: 30,
          is_visible: true,
          ordinal: 1,
          components: [
            { time: 1.5, comments: '', label: 'x', measure: 1, beat: 2.5, kind: 'MARKER' },
          ],
        },
        {
          kind: 'HARMONY_TIMELINE',
          is_visible: true,
          name: '',
          ordinal: 3,
          visible_level_count: 1,
          components: [],
        },
      ],
      media_metadata: { title: 'D790 L\u00e4ndler', 'media length': 51.017 },
      media_path: 'C:\\Music\\D790l\u00e4ndler03.mp3',
    },
    null,
    2,
  );

  it('reads list timelines and list components, ignoring the metric fields', () => {
    const doc = read(exportText);
    expect(doc.format).toBe('export');
    expect(doc.version).toBeNull();
    expect(doc.mediaPath).toBe('C:\\Music\\D790ländler03.mp3');
    expect(doc.mediaLength).toBe(51.017);
    expect(doc.timelines.map((t) => [t.kind, t.ordinal, t.sourceId])).toEqual([
      ['MARKER_TIMELINE', 1, null],
      ['HIERARCHY_TIMELINE', 2, null],
      ['HARMONY_TIMELINE', 3, null],
    ]);
    expect(doc.timelines[0]?.components).toEqual([
      { kind: 'MARKER', time: 1.5, label: 'x', color: null, comments: '' },
    ]);
    expect(doc.timelines[1]?.components).toEqual([
      {
        kind: 'HIERARCHY',
        start: 0,
        end: 10,
        preStart: 0,
        postEnd: 10,
        level: 1,
        label: 'A',
        color: null,
        formalType: 'theme',
        formalFunction: '',
        comments: '',
      },
      expect.objectContaining({ label: 'B', start: 10 }),
    ]);
    // An export leaves out level_count and level_height: the defaults apply.
    expect(doc.timelines[2]).toMatchObject({ levelCount: 1, levelHeight: 35, height: 35 });
  });
});

describe('readTla timeline kinds', () => {
  it('maps the short 0.7 kind names to the long ones and keeps the spelling', () => {
    const short = ['Marker', 'Hierarchy', 'Beat', 'Slider', 'Harmony', 'Pdf'];
    const more = ['Audiowave', 'AudioWave', 'Score'];
    const timelines = Object.fromEntries(
      [...short, ...more].map((kind, i) => [String(i), { kind, ordinal: i + 1, components: {} }]),
    );
    const doc = readTimelines(timelines);
    expect(doc.timelines.map((t) => [t.kindName, t.kind])).toEqual([
      ['Marker', 'MARKER_TIMELINE'],
      ['Hierarchy', 'HIERARCHY_TIMELINE'],
      ['Beat', 'BEAT_TIMELINE'],
      ['Slider', 'SLIDER_TIMELINE'],
      ['Harmony', 'HARMONY_TIMELINE'],
      ['Pdf', 'PDF_TIMELINE'],
      ['Audiowave', 'AUDIOWAVE_TIMELINE'],
      ['AudioWave', 'AUDIOWAVE_TIMELINE'],
      ['Score', 'SCORE_TIMELINE'],
    ]);
  });

  it('keeps unknown kinds with their raw attributes and components', () => {
    const lcmaUnit = {
      start: 0,
      end: 4,
      level: 1,
      annotation_data: '{"@id": "x"}',
      kind: 'LCMA_FORM',
    };
    const doc = readTimelines({
      '0': {
        kind: 'Lcma',
        name: 'LCMA',
        height: 120,
        is_visible: false,
        ordinal: 1,
        hash: 'h',
        components: { '5': lcmaUnit },
      },
      '1': {
        kind: 'Foo',
        ordinal: 2,
        name: 7,
        mood: { deep: [1, 2] },
        components: ['not', 'objects'],
      },
      '2': { kind: 'constructor', ordinal: 3 },
    });
    expect(doc.timelines[0]).toEqual({
      sourceId: '0',
      kind: 'UNKNOWN',
      kindName: 'Lcma',
      name: 'LCMA',
      ordinal: 1,
      isVisible: false,
      height: 120,
      otherComponents: [],
      attributes: { name: 'LCMA', height: 120, is_visible: false, ordinal: 1, hash: 'h' },
      components: [
        {
          kind: 'LCMA_FORM',
          fields: { start: 0, end: 4, level: 1, annotation_data: '{"@id": "x"}' },
        },
      ],
    });
    expect(doc.timelines[1]).toMatchObject({
      kind: 'UNKNOWN',
      kindName: 'Foo',
      name: '',
      attributes: { name: 7, mood: { deep: [1, 2] }, components: ['not', 'objects'] },
      components: [],
    });
    expect(doc.timelines[2]).toMatchObject({ kind: 'UNKNOWN', kindName: 'constructor' });
  });

  it('keeps score components raw', () => {
    const doc = readTimelines({
      '0': {
        kind: 'SCORE_TIMELINE',
        ordinal: 1,
        svg_data: '<svg/>',
        viewer_beat_x: { '1.0': 12.5 },
        components: { '3': { line_count: 5, index: 0, kind: 'STAFF', hash: 'a' } },
      },
    });
    expect(doc.timelines[0]?.components).toEqual([
      { kind: 'STAFF', fields: { line_count: 5, index: 0, hash: 'a' } },
    ]);
  });
});

describe('readTla ordinals', () => {
  const order = (doc: TlaDocument) => doc.timelines.map((t) => [t.sourceId, t.ordinal]);

  // Each row: the rule, the timelines, and their source ids in the order they are shown, which
  // numbers them from 1.
  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'converts 0-based display_position',
      {
        '0': { kind: 'SLIDER_TIMELINE', display_position: 1, components: {} },
        '1': { kind: 'MARKER_TIMELINE', display_position: 0, components: {} },
      },
      ['1', '0'],
    ],
    [
      'puts timelines with neither ordinal nor display_position after the others',
      { '0': markerTimeline(2), '1': { kind: 'MARKER_TIMELINE' }, '2': markerTimeline(1) },
      ['2', '0', '1'],
    ],
    [
      'accepts ordinal 0 and closes gaps',
      { '0': markerTimeline(7), '1': markerTimeline(0), '2': markerTimeline(3) },
      ['1', '2', '0'],
    ],
  ])('%s', (_rule, timelines, shown) => {
    const doc = readTimelines(timelines);
    expect(order(doc)).toEqual(shown.map((id, index) => [id, index + 1]));
  });

  it('breaks ties by the order of the file, not the numeric order of the ids', () => {
    // JSON.parse would enumerate "2" before "10"; the file writes "10" first.
    const text = `{"timelines": {"10": {"kind": "Marker", "ordinal": 1, "name": "first"},
      "2": {"kind": "Marker", "ordinal": 1, "name": "second"}, "7": {"kind": "Marker"}}}`;
    expect(read(text).timelines.map((t) => [t.name, t.ordinal])).toEqual([
      ['first', 1],
      ['second', 2],
      ['', 3],
    ]);
  });
});
