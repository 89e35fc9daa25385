import { describe, expect, it } from 'vitest';
import { marker, markerTimeline, readTimelines } from './tla-text.test-support';

describe('readTla component defaults and order', () => {
  it('fills in the desktop constructor defaults', () => {
    const doc = readTimelines({
      '0': {
        kind: 'HIERARCHY_TIMELINE',
        ordinal: 1,
        components: {
          '1': { start: 2, end: 5, level: 1, pre_start: null, color: '', kind: 'HIERARCHY' },
        },
      },
      '2': {
        kind: 'HARMONY_TIMELINE',
        ordinal: 2,
        components: {
          '3': { time: 4, step: 1, quality: 'minor', kind: 'HARMONY' },
          '4': { kind: 'MODE' },
          '5': { time: 2, key_type: 'minor', kind: 'MODE' },
        },
      },
      '6': { kind: 'BEAT_TIMELINE', ordinal: 3, components: { '7': { time: 0 } } },
      '8': { kind: 'MARKER_TIMELINE', ordinal: 4, components: { '9': { time: 1 } } },
    });
    const [hierarchy, harmony, beat, markers] = doc.timelines;
    expect(hierarchy?.components).toEqual([
      {
        kind: 'HIERARCHY',
        start: 2,
        end: 5,
        preStart: 2,
        postEnd: 5,
        level: 1,
        label: '',
        color: null,
        formalType: '',
        formalFunction: '',
        comments: '',
      },
    ]);
    expect(harmony).toMatchObject({
      levelCount: 1,
      levelHeight: 35,
      visibleLevelCount: 2,
      height: 70,
    });
    expect(harmony?.components).toEqual([
      {
        kind: 'HARMONY',
        time: 4,
        step: 1,
        accidental: 0,
        quality: 'minor',
        inversion: 0,
        appliedTo: 0,
        level: 1,
        displayMode: 'chord',
        customText: '',
        customTextFontType: 'analytic',
        comments: '',
      },
      { kind: 'MODE', time: 0, step: 0, accidental: 0, type: 'major', level: 2, comments: '' },
      { kind: 'MODE', time: 2, step: 0, accidental: 0, type: 'minor', level: 2, comments: '' },
    ]);
    expect(beat).toMatchObject({
      beatPattern: [4],
      measureNumbers: [],
      beatsInMeasure: [],
      measuresToForceDisplay: [],
      height: null,
    });
    expect(beat?.components).toEqual([{ kind: 'BEAT', time: 0 }]);
    expect(markers?.components).toEqual([
      { kind: 'MARKER', time: 1, label: '', color: null, comments: '' },
    ]);
  });

  it('sorts components the way the desktop stores them', () => {
    const unit = (start: number, end: number, level: number) => ({
      start,
      end,
      level,
      kind: 'HIERARCHY',
    });
    const doc = readTimelines({
      '0': markerTimeline(1, { '1': marker(9, 'c'), '2': marker(1, 'a'), '3': marker(5, 'b') }),
      '4': {
        kind: 'HIERARCHY_TIMELINE',
        ordinal: 2,
        components: {
          '5': unit(4, 8, 2),
          '6': unit(4, 6, 1),
          '7': unit(0, 4, 1),
          '8': unit(0, 8, 2),
        },
      },
    });
    expect(doc.timelines[0]?.components.map((c) => ('label' in c ? c.label : ''))).toEqual([
      'a',
      'b',
      'c',
    ]);
    const hierarchy = doc.timelines[1];
    if (hierarchy?.kind !== 'HIERARCHY_TIMELINE') throw new Error('expected the hierarchy second');
    expect(hierarchy.components.map((c) => [c.level, c.start])).toEqual([
      [1, 0],
      [1, 4],
      [2, 0],
      [2, 4],
    ]);
  });

  it('ignores hashes, old hierarchy links and unknown keys', () => {
    const unit = {
      start: 0,
      end: 1,
      level: 1,
      parent: '9',
      children: ['3'],
      hash: 'x',
      future: true,
      kind: 'HIERARCHY',
    };
    const doc = readTimelines(
      {
        '0': {
          kind: 'HIERARCHY_TIMELINE',
          hash: '',
          components_hash: '',
          extra: 1,
          components: { '1': unit },
        },
      },
      { timelines_hash: '', later: {} },
    );
    expect(Object.keys(doc.timelines[0]?.components[0] ?? {})).not.toContain('parent');
    expect(doc.timelines[0]).not.toHaveProperty('extra');
  });
});

describe('readTla other component kinds and edge values', () => {
  it('reads PDF markers and audiowave bars, sorted by time', () => {
    const doc = readTimelines({
      '0': {
        kind: 'PDF_TIMELINE',
        ordinal: 1,
        path: 'score.pdf',
        components: { '1': { time: 8, page_number: 2 }, '2': { time: 0, page_number: 1 } },
      },
      '3': {
        kind: 'AUDIOWAVE_TIMELINE',
        ordinal: 2,
        components: [
          { start: 0.5, end: 1, amplitude: 1 },
          { start: 0, end: 0.5, amplitude: 0 },
        ],
      },
    });
    expect(doc.timelines[0]).toMatchObject({
      path: 'score.pdf',
      components: [
        { kind: 'PDF_MARKER', time: 0, pageNumber: 1 },
        { kind: 'PDF_MARKER', time: 8, pageNumber: 2 },
      ],
    });
    expect(doc.timelines[1]?.components).toEqual([
      { kind: 'AUDIOWAVE', start: 0, end: 0.5, amplitude: 0 },
      { kind: 'AUDIOWAVE', start: 0.5, end: 1, amplitude: 1 },
    ]);
  });

  it('keeps a zero-length unit and pulls margins that cross start or end back to them', () => {
    const unit = { start: 3, end: 3, pre_start: 4, post_end: 1, level: 1, kind: 'HIERARCHY' };
    const doc = readTimelines({ '0': { kind: 'Hierarchy', components: { '1': unit } } });
    expect(doc.timelines[0]?.components[0]).toMatchObject({
      start: 3,
      end: 3,
      preStart: 3,
      postEnd: 3,
    });
  });

  it("accepts SPEC.md's field names timeline_kind, harmony_level and key_type", () => {
    const doc = readTimelines({
      '0': {
        timeline_kind: 'HARMONY_TIMELINE',
        components: [
          { time: 1, step: 2, quality: 'minor', harmony_level: 2, kind: 'HARMONY' },
          { time: 0, step: 0, key_type: 'minor', harmony_level: 1, kind: 'MODE' },
        ],
      },
    });
    expect(doc.timelines[0]?.kind).toBe('HARMONY_TIMELINE');
    expect(doc.timelines[0]?.components).toMatchObject([
      { kind: 'MODE', level: 1, type: 'minor' },
      { kind: 'HARMONY', level: 2, step: 2 },
    ]);
  });
});

describe('readTla media length', () => {
  const lengthOf = (value: unknown) =>
    readTimelines({ '0': markerTimeline(1) }, { media_metadata: { 'media length': value } })
      .mediaLength;

  it('takes a finite number >= 0, or a plain decimal string', () => {
    expect(lengthOf(214.0)).toBe(214);
    expect(lengthOf(0)).toBe(0);
    expect(lengthOf('214.5')).toBe(214.5);
    expect(lengthOf(' 100 ')).toBe(100);
  });

  it('gives null for anything else', () => {
    for (const value of [-1, '', 'abc', '1e3', '-5', true, null, [3]])
      expect(lengthOf(value)).toBeNull();
    expect(
      readTimelines({ '0': markerTimeline(1) }, { media_metadata: undefined }).mediaMetadata,
    ).toEqual({});
  });
});
