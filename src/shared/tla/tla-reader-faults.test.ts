import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTla } from './tla-reader';
import { TlaReadError } from './tla-model';

/** The message of the TlaReadError that reading `input` throws. */
function faultOf(input: string | Uint8Array, fileName = 'bad.tla'): string {
  try {
    readTla(input, fileName);
  } catch (error) {
    expect(error).toBeInstanceOf(TlaReadError);
    expect((error as TlaReadError).fileName).toBe(fileName);
    return (error as Error).message;
  }
  throw new Error('expected a TlaReadError');
}

function withTimeline(timeline: Record<string, unknown>, id = '3'): string {
  return JSON.stringify(
    { media_path: '', media_metadata: {}, timelines: { [id]: timeline } },
    null,
    2,
  );
}

function withComponent(timelineKind: string, component: Record<string, unknown>): string {
  return withTimeline({ kind: timelineKind, ordinal: 1, components: { '7': component } });
}

describe('readTla rejects text that is not a JSON object', () => {
  it('names the line and column of a JSON syntax error', () => {
    const text = '{\n  "timelines": {},\n  }';
    expect(faultOf(text, 'analysis.tla')).toBe(`'analysis.tla': not valid JSON (line 3, column 3)`);
    expect(faultOf(text.replace(/\n/g, '\r\n'))).toBe(
      `'bad.tla': not valid JSON (line 3, column 3)`,
    );
    expect(faultOf('{\n  "timelines": {\n    "0": {"kind": "Marker"')).toBe(
      `'bad.tla': not valid JSON (line 3, column 27)`,
    );
  });

  it('says when the file is empty', () => {
    expect(faultOf('')).toBe(`'bad.tla': not valid JSON (the file is empty)`);
    expect(faultOf(new Uint8Array([0xef, 0xbb, 0xbf, 0x0a]))).toContain('the file is empty');
  });

  it('rejects bytes that are not UTF-8', () => {
    expect(faultOf(new Uint8Array([0x7b, 0xff, 0x7d]))).toBe(`'bad.tla': not valid UTF-8 text`);
    // A truncated two-byte sequence inside a string value.
    const bytes = new TextEncoder().encode(
      '{"timelines": {"0": {"kind": "Marker", "name": "ab"}}}',
    );
    bytes[bytes.indexOf(0x61)] = 0xc3;
    expect(faultOf(bytes)).toContain('not valid UTF-8');
  });

  it('rejects a top level that is not an object', () => {
    for (const text of ['[]', '"timelines"', 'null', '42']) {
      expect(faultOf(text)).toBe(`'bad.tla': the top level must be a JSON object`);
    }
  });

  it('rejects a file without timelines', () => {
    expect(faultOf('{"media_path": ""}')).toBe(`'bad.tla': field 'timelines' is missing`);
    expect(faultOf('{"timelines": 3}')).toBe(
      `'bad.tla': field 'timelines' must be an object or a list`,
    );
  });
});

describe('readTla rejects impossible values', () => {
  it('rejects a segment that ends before it starts, naming timeline and component', () => {
    expect(faultOf(withComponent('HIERARCHY_TIMELINE', { start: 5, end: 2, level: 1 }))).toBe(
      `'bad.tla': timeline '3' component '7': end (2) is before start (5)`,
    );
    expect(faultOf(withComponent('Audiowave', { start: 1, end: 0.5, amplitude: 0.2 }))).toContain(
      `timeline '3' component '7': end (0.5) is before start (1)`,
    );
  });

  const wrongTypes: [string, Record<string, unknown>, string][] = [
    ['MARKER_TIMELINE', { time: '1' }, `field 'time' must be a number`],
    ['MARKER_TIMELINE', { time: -0.5 }, `field 'time' must not be negative`],
    ['MARKER_TIMELINE', { label: 'x' }, `field 'time' is missing`],
    ['MARKER_TIMELINE', { time: 1, label: 5 }, `field 'label' must be a string`],
    ['MARKER_TIMELINE', { time: 1, comments: [] }, `field 'comments' must be a string`],
    ['MARKER_TIMELINE', { time: 1, color: 255 }, `field 'color' must be a string or null`],
    ['BEAT_TIMELINE', { time: null }, `field 'time' must be a number`],
    ['HIERARCHY_TIMELINE', { start: 0, end: 1 }, `field 'level' is missing`],
    [
      'HIERARCHY_TIMELINE',
      { start: 0, end: 1, level: 0 },
      `field 'level' must be an integer from 1 to 2147483647`,
    ],
    [
      'HIERARCHY_TIMELINE',
      { start: 0, end: 1, level: 1.5 },
      `field 'level' must be an integer from 1 to 2147483647`,
    ],
    [
      'HIERARCHY_TIMELINE',
      { start: 0, end: 1, level: 1, pre_start: -1 },
      `field 'pre_start' must not be negative`,
    ],
    [
      'HIERARCHY_TIMELINE',
      { start: 0, end: 1, level: 1, formal_type: {} },
      `field 'formal_type' must be a string`,
    ],
    [
      'HARMONY_TIMELINE',
      { time: 0, step: 7, quality: 'major', kind: 'HARMONY' },
      `field 'step' must be an integer from 0 to 6`,
    ],
    [
      'HARMONY_TIMELINE',
      { time: 0, step: 0, accidental: 3, quality: 'major', kind: 'HARMONY' },
      `field 'accidental' must be an integer from -2 to 2`,
    ],
    [
      'HARMONY_TIMELINE',
      { time: 0, step: 0, inversion: 4, quality: 'major', kind: 'HARMONY' },
      `field 'inversion' must be an integer from 0 to 3`,
    ],
    [
      'HARMONY_TIMELINE',
      { time: 0, step: 0, applied_to: -1, quality: 'major', kind: 'HARMONY' },
      `field 'applied_to' must be an integer from 0 to 6`,
    ],
    [
      'HARMONY_TIMELINE',
      { time: 0, step: 0, quality: 3, kind: 'HARMONY' },
      `field 'quality' must be a string`,
    ],
    [
      'HARMONY_TIMELINE',
      { time: 0, step: 0, quality: 'major', display_mode: 'x', kind: 'HARMONY' },
      `field 'display_mode' must be one of 'chord', 'roman', 'custom'`,
    ],
    [
      'HARMONY_TIMELINE',
      { time: 0, step: 0, quality: 'major', level: 0, kind: 'HARMONY' },
      `field 'level' must be an integer from 1 to 2147483647`,
    ],
    [
      'HARMONY_TIMELINE',
      { time: 0, type: 'dorian', kind: 'MODE' },
      `field 'type' must be one of 'major', 'minor'`,
    ],
    [
      'HARMONY_TIMELINE',
      { time: 0, key_type: 1, kind: 'MODE' },
      `field 'key_type' must be one of 'major', 'minor'`,
    ],
    ['HARMONY_TIMELINE', { time: 0, step: 0, quality: 'major' }, `field 'kind' is missing`],
    ['HARMONY_TIMELINE', { time: 0, kind: 7 }, `field 'kind' must be a string`],
    [
      'PDF_TIMELINE',
      { time: 0, page_number: 0 },
      `field 'page_number' must be an integer from 1 to 2147483647`,
    ],
    [
      'AUDIOWAVE_TIMELINE',
      { start: 0, end: 1, amplitude: 1.5 },
      `field 'amplitude' must be a number from 0 to 1`,
    ],
    [
      'MARKER_TIMELINE',
      { time: 1, kind: 'BEAT' },
      `a 'BEAT' component does not belong in a MARKER_TIMELINE`,
    ],
  ];

  it.each(wrongTypes)('%s component %j: %s', (kind, component, expected) => {
    expect(faultOf(withComponent(kind, component))).toBe(
      `'bad.tla': timeline '3' component '7': ${expected}`,
    );
  });

  const wrongTimelineFields: [Record<string, unknown>, string][] = [
    [{ kind: 'MARKER_TIMELINE', name: 3 }, `field 'name' must be a string`],
    [{ kind: 'MARKER_TIMELINE', is_visible: 'yes' }, `field 'is_visible' must be true or false`],
    [{ kind: 'MARKER_TIMELINE', height: '30' }, `field 'height' must be a number`],
    [{ kind: 'MARKER_TIMELINE', ordinal: -1 }, `field 'ordinal' must be an integer >= 0`],
    [{ kind: 'MARKER_TIMELINE', ordinal: 1.5 }, `field 'ordinal' must be an integer >= 0`],
    [
      { kind: 'MARKER_TIMELINE', display_position: '0' },
      `field 'display_position' must be an integer >= 0`,
    ],
    [
      { kind: 'MARKER_TIMELINE', components: 'none' },
      `field 'components' must be an object or a list`,
    ],
    [{ kind: 'MARKER_TIMELINE', components: { '1': 5 } }, `component '1': must be an object`],
    [
      { kind: 'BEAT_TIMELINE', beat_pattern: [4, 0] },
      `field 'beat_pattern' must be a list of integers >= 1`,
    ],
    [
      { kind: 'BEAT_TIMELINE', beat_pattern: '4' },
      `field 'beat_pattern' must be a list of integers >= 1`,
    ],
    [
      { kind: 'BEAT_TIMELINE', measure_numbers: [1, 'x'] },
      `field 'measure_numbers' must be a list of integers`,
    ],
    [
      { kind: 'HARMONY_TIMELINE', level_count: 3 },
      `field 'level_count' must be an integer from 1 to 2`,
    ],
    [{ kind: 'HARMONY_TIMELINE', level_height: 0 }, `field 'level_height' must be a number > 0`],
    [{ kind: 'PDF_TIMELINE', path: false }, `field 'path' must be a string`],
    [{ kind: 9 }, `field 'kind' must be a string`],
    [{ name: 'x' }, `field 'kind' is missing`],
  ];

  it.each(wrongTimelineFields)('timeline %j: %s', (timeline, expected) => {
    const fault = faultOf(withTimeline(timeline));
    expect(fault.startsWith(`'bad.tla': timeline '3`)).toBe(true);
    expect(fault).toContain(expected);
  });

  it('names list positions in the export format', () => {
    const text = JSON.stringify({
      timelines: [{ kind: 'MARKER_TIMELINE', components: [{ time: 0 }, { time: 'x' }] }],
    });
    expect(faultOf(text)).toBe(
      `'bad.tla': timeline #1 component #2: field 'time' must be a number`,
    );
    expect(faultOf('{"timelines": [7]}')).toBe(`'bad.tla': timeline #1: must be an object`);
  });

  it('rejects a version that is not a string', () => {
    expect(faultOf(JSON.stringify({ timelines: { '0': { kind: 'Slider' } }, version: 5 }))).toBe(
      `'bad.tla': field 'version' must be a string`,
    );
  });
});

describe('readTla resists hostile input', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('rejects prototype keys anywhere, without polluting prototypes', () => {
    const proto = '{"timelines": {"0": {"kind": "Marker", "__proto__": {"polluted": 1}}}}';
    expect(faultOf(proto)).toBe(`'bad.tla': forbidden key '__proto__' at timelines.0`);
    expect(faultOf('{"__proto__": 1, "timelines": {"0": {"kind": "Slider"}}}')).toBe(
      `'bad.tla': forbidden key '__proto__' at the top level`,
    );
    // The same key spelt with escapes is the same key once parsed.
    const escaped =
      '{"timelines": {"0": {"kind": "Slider"}}, "media_metadata": {"\\u0063onstructor": {}}}';
    expect(faultOf(escaped)).toBe(`'bad.tla': forbidden key 'constructor' at media_metadata`);
    expect(faultOf('{"timelines": [{"kind": "Foo", "x": [{"prototype": 1}]}]}')).toContain(
      `forbidden key 'prototype' at timelines.0.x.0`,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('treats numbers that overflow to Infinity as wrong', () => {
    const time = '{"timelines": {"0": {"kind": "Marker", "components": {"4": {"time": 1e309}}}}}';
    expect(faultOf(time)).toBe(
      `'bad.tla': timeline '0' component '4': field 'time' must be a number`,
    );
    const metadata = '{"timelines": {"0": {"kind": "Slider"}}, "media_metadata": {"x": -1e309}}';
    expect(faultOf(metadata)).toBe(`'bad.tla': number out of range at media_metadata.x`);
    const ignored =
      '{"timelines": [{"kind": "Marker", "components": [{"time": 1, "beat": 1e999}]}]}';
    expect(faultOf(ignored)).toBe(
      `'bad.tla': number out of range at timelines.0.components.0.beat`,
    );
  });

  it('rejects deep nesting', () => {
    const depth = 200_000;
    const deep = `{"timelines": {"0": {"kind": "Slider"}}, "x": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect(faultOf(deep)).toBe(`'bad.tla': nested too deeply (over 100 levels)`);
  });

  it('reports a parser stack overflow as nesting too deep', () => {
    // V8's parser is iterative today, but other engines (and older V8) recurse.
    vi.spyOn(JSON, 'parse').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    expect(faultOf('[[[]]]')).toBe(`'bad.tla': nested too deeply`);
  });

  it('limits string sizes, except a score svg', () => {
    const long = 'x'.repeat(1_000_001);
    expect(faultOf(withComponent('MARKER_TIMELINE', { time: 0, label: long }))).toBe(
      `'bad.tla': string longer than 1000000 characters at timelines.3.components.7.label`,
    );
    const score = withTimeline({ kind: 'SCORE_TIMELINE', svg_data: long, components: {} });
    expect(readTla(score, 'score.tla').timelines[0]?.kind).toBe('SCORE_TIMELINE');
  });

  it('limits the number of timelines', () => {
    const timelines = Array.from({ length: 10_001 }, () => ({ kind: 'Marker' }));
    expect(faultOf(JSON.stringify({ timelines }))).toBe(`'bad.tla': more than 10000 timelines`);
  });

  it('reads a 40,000-component file as the desktop writes it', () => {
    // As the desktop writes a long beat timeline: 2-space indent, a hash on every beat (5 MB).
    // How fast is the bench's to say (machines here vary 2x); this checks that all of it is read.
    const components: Record<string, unknown> = {};
    for (let i = 0; i < 40_000; i++) {
      components[String(i + 1)] = {
        time: i * 0.25,
        kind: 'BEAT',
        hash: 'ef7323af4582f50d5e939a198222d68c',
      };
    }
    const text = withTimeline({ kind: 'BEAT_TIMELINE', ordinal: 1, components }, '0');
    const doc = readTla(new TextEncoder().encode(text), 'big.tla');
    const beats = doc.timelines[0]?.components as { time: number }[];
    expect(beats).toHaveLength(40_000);
    expect(beats.at(-1)?.time).toBe(39_999 * 0.25);
  });
});
