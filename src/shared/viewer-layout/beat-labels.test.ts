import { describe, expect, it } from 'vitest';
import { SMALL_LABEL_FONT_SIZE } from './layout-constants';
import { labelWidth } from './label-fit';
import { beatView, measureStructure, shownMeasures } from './beat-labels';

const none = { beatsInMeasure: [], measureNumbers: [], measuresToForceDisplay: [] };

describe('measureStructure', () => {
  it('cycles the beat pattern [3, 4] to size measures', () => {
    const s = measureStructure({ ...none, beatCount: 17, beatPattern: [3, 4] });
    expect(Array.from(s.measureStart)).toEqual([0, 3, 7, 10, 14]);
    expect(Array.from(s.measureNumber)).toEqual([1, 2, 3, 4, 5]);
    const firsts = Array.from(s.firstInMeasure).flatMap((v, i) => (v ? [i] : []));
    expect(firsts).toEqual([0, 3, 7, 10, 14]);
  });

  it('uses stored measure sizes first, then the pattern, cutting the last measure short', () => {
    const s = measureStructure({
      ...none,
      beatCount: 10,
      beatPattern: [4],
      beatsInMeasure: [1, 2],
    });
    expect(Array.from(s.measureStart)).toEqual([0, 1, 3, 7]);
  });

  it('keeps a pickup measure numbered 0 and continues from it', () => {
    const s = measureStructure({
      ...none,
      beatCount: 9,
      beatPattern: [4],
      beatsInMeasure: [1, 4, 4],
      measureNumbers: [0],
    });
    expect(Array.from(s.measureStart)).toEqual([0, 1, 5]);
    expect(Array.from(s.measureNumber)).toEqual([0, 1, 2]);
  });

  it('keeps repeated measure numbers as written', () => {
    const s = measureStructure({
      ...none,
      beatCount: 12,
      beatPattern: [2],
      measureNumbers: [1, 2, 3, 1, 2, 3],
    });
    expect(Array.from(s.measureNumber)).toEqual([1, 2, 3, 1, 2, 3]);
  });

  it('marks measures to force display by index and ignores bad indices', () => {
    const s = measureStructure({
      ...none,
      beatCount: 8,
      beatPattern: [2],
      measuresToForceDisplay: [2, 9, -1],
    });
    expect(Array.from(s.forced)).toEqual([0, 0, 1, 0]);
  });

  it('falls back to 4 beats for an empty or invalid pattern', () => {
    const s = measureStructure({ ...none, beatCount: 8, beatPattern: [0, -2] });
    expect(Array.from(s.measureStart)).toEqual([0, 4]);
  });
});

describe('shownMeasures', () => {
  it('thins labels to at least 25 px apart, walking from the start', () => {
    const s = measureStructure({ ...none, beatCount: 10, beatPattern: [1] });
    // Measures every 10 px: every third one shows (0, 30, 60, 90).
    const shown = shownMeasures(s, (beat) => beat * 10);
    expect(Array.from(shown)).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
  });

  it('always shows forced measures', () => {
    const s = measureStructure({
      ...none,
      beatCount: 5,
      beatPattern: [1],
      measuresToForceDisplay: [1],
    });
    // Measure 2 is forced; measure 1, ten pixels before it, would overlap it and gives way.
    expect(Array.from(shownMeasures(s, (beat) => beat * 10))).toEqual([0, 1, 0, 0, 1]);
    expect(Array.from(shownMeasures(s, (beat) => beat * 30))).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('beatView', () => {
  it('labels only the first beat of each measure, following pattern [3, 4] and a pickup', () => {
    const times = Float64Array.from({ length: 15 }, (_, i) => i);
    const s = measureStructure({
      beatCount: 15,
      beatPattern: [3, 4],
      beatsInMeasure: [1],
      measureNumbers: [0],
      measuresToForceDisplay: [],
    });
    const view = beatView(times, s, { pps: 30, offset: 0, viewport: 1000 });
    expect(view.labels.map((l) => [l.x, l.text])).toEqual([
      [0, '0'],
      [30, '1'],
      [150, '2'],
      [240, '3'],
      [360, '4'],
    ]);
    // Each names its measure's first beat, which a click on it selects.
    expect(view.labels.map((l) => l.beat)).toEqual([0, 1, 5, 8, 12]);
    expect(Array.from(view.tickIsMeasure).filter((v) => v === 1)).toHaveLength(5);
    expect(view.tickX).toHaveLength(15);
  });

  it('culls to the viewport', () => {
    const times = Float64Array.from({ length: 100 }, (_, i) => i);
    const s = measureStructure({ ...none, beatCount: 100, beatPattern: [4] });
    const view = beatView(times, s, { pps: 50, offset: 50 * 40, viewport: 500 });
    expect(view.tickBeat[0]).toBe(40);
    expect(view.tickBeat[view.tickBeat.length - 1]).toBe(50);
    expect(view.labels.map((l) => l.text)).toEqual(['11', '12', '13']);
  });

  it('draws 43,200 beats at full zoom-out as one tick per pixel and thinned labels', () => {
    const beatCount = 43_200;
    const times = Float64Array.from({ length: beatCount }, (_, i) => i / 4);
    const s = measureStructure({ ...none, beatCount, beatPattern: [4] });
    const width = 1800;
    const pps = width / (beatCount / 4);
    const view = beatView(times, s, { pps, offset: 0, viewport: width });
    expect(view.tickX.length).toBeLessThanOrEqual(width + 1);
    expect(view.tickX.length).toBeGreaterThan(width - 2);
    // Measure starts take their pixel column: every tall tick is a measure start.
    for (let n = 0; n < view.tickBeat.length; n++) {
      expect(s.firstInMeasure[view.tickBeat[n] ?? 0]).toBe(view.tickIsMeasure[n]);
    }
    // Apart by the spacing, and by the text of the one before ('10000' is wider than '7').
    for (let n = 1; n < view.labels.length; n++) {
      const before = view.labels[n - 1]!;
      const gap = view.labels[n]!.x - before.x;
      expect(gap).toBeGreaterThanOrEqual(25);
      expect(gap).toBeGreaterThanOrEqual(labelWidth(before.text, SMALL_LABEL_FONT_SIZE));
    }
    // Five-digit numbers at 12 px need about 42 px each.
    expect(view.labels.length).toBeGreaterThan(width / 50);
    expect(view.labels.length).toBeLessThanOrEqual(width / 25 + 1);
  });
});
