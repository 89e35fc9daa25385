import { describe, expect, it } from 'vitest';
import {
  harmonyLabelSource,
  harmonyLabels,
  harmonyRow,
  harmonyRows,
  harmonyView,
  type HarmonyInput,
} from './harmony-runs';

const key = (time: number, step: number, type: 'major' | 'minor', label: string): HarmonyInput => ({
  kind: 'MODE',
  time,
  label,
  step,
  accidental: 0,
  type,
});

const roman = (
  time: number,
  step: number,
  quality: string,
  inversion = 0,
  appliedTo = 0,
): HarmonyInput => ({
  kind: 'HARMONY',
  time,
  label: 'server label',
  step,
  accidental: 0,
  quality,
  inversion,
  applied_to: appliedTo,
  display_mode: 'roman',
  custom_text: '',
});

describe('harmonyLabels', () => {
  it('splits roman numerals so figured-bass figures stack', () => {
    const [v65, viio43] = harmonyLabels([
      roman(0, 4, 'dominant-seventh', 1),
      roman(1, 6, 'diminished-seventh', 2),
    ]);
    expect(v65).toMatchObject({ main: 'V', figures: ['6', '5'], after: '' });
    expect(viio43).toMatchObject({ main: 'viio', figures: ['4', '3'] });
  });

  it("writes applied chords as '/V' after the figures", () => {
    const [applied] = harmonyLabels([roman(0, 1, 'dominant-seventh', 0, 4)]);
    expect(applied).toMatchObject({ main: 'V', figures: ['7'], after: '/V' });
  });

  it('reads numerals in the key in force', () => {
    const labels = harmonyLabels([
      key(0, 5, 'minor', 'a:'),
      roman(1, 5, 'minor'),
      roman(2, 4, 'major'),
    ]);
    expect(labels.map((l) => l.main)).toEqual(['a:', 'i', 'VII']);
  });

  it('draws chord symbols, custom text and keys as the server labels them', () => {
    const labels = harmonyLabels([
      { ...roman(0, 4, 'dominant-seventh'), display_mode: 'chord', label: 'G7' },
      { ...roman(1, 0, 'major'), display_mode: 'custom', label: 'Tonic!' },
      key(2, 0, 'major', 'C:'),
    ]);
    expect(labels.map((l) => [l.main, l.figures])).toEqual([
      ['G7', []],
      ['Tonic!', []],
      ['C:', []],
    ]);
  });
});

describe('harmonyRows and harmonyView', () => {
  const components = [
    key(0, 0, 'major', 'C:'),
    roman(0, 0, 'major'),
    roman(1, 4, 'dominant-seventh', 1),
    roman(1.05, 0, 'major'),
    key(4, 7, 'major', 'G:'),
  ];
  const rows = harmonyRows(components);
  const labels = harmonyLabels(components);

  it('puts MODE in the upper row and HARMONY in the lower row', () => {
    expect(harmonyRow('MODE')).toBe(0);
    expect(harmonyRow('HARMONY')).toBe(1);
    expect(Array.from(rows[0].indices)).toEqual([0, 4]);
    expect(Array.from(rows[1].indices)).toEqual([1, 2, 3]);
  });

  it('shows a label where it starts clear of the last one drawn in its row', () => {
    const marks = harmonyView(rows, labels, { pps: 100, offset: 0, viewport: 1000 }, 1000);
    const lower = marks.filter((m) => m.row === 1);
    // V65 at 100 px runs over the I five pixels later, which goes unlabelled.
    expect(lower.map((m) => [m.index, m.label?.main ?? null])).toEqual([
      [1, 'I'],
      [2, 'V'],
      [3, null],
    ]);
    expect(marks.filter((m) => m.row === 0).map((m) => m.label?.main)).toEqual(['C:', 'G:']);
  });

  it('names a dense passage every label width at fit-to-screen, never overlapping', () => {
    const dense = Array.from({ length: 2_000 }, (_, i) => roman(i, i % 7, 'major'));
    const asked: number[] = [];
    const lookup = harmonyLabelSource(dense);
    // 2,000 harmonies a second apart across 500 px: four to a pixel.
    const marks = harmonyView(
      harmonyRows(dense),
      (index) => {
        asked.push(index);
        return lookup(index);
      },
      { pps: 0.25, offset: 0, viewport: 500 },
      2_000 * 0.25,
    );
    const shown = marks.filter((m) => m.label !== null);
    expect(shown.length).toBeGreaterThan(20);
    for (let n = 1; n < shown.length; n++) {
      const before = shown[n - 1]!;
      expect(shown[n]!.x).toBeGreaterThanOrEqual(before.x + before.label!.width);
    }
    const last = shown.at(-1)!;
    expect(last.x + last.label!.width).toBeLessThanOrEqual(500);
    // Labels are worked out only where one could start (the last few do not fit before the
    // end), not for the 500 marks.
    expect(asked.length).toBeLessThan(shown.length + 5);
  });

  it('keeps the run that began before the viewport', () => {
    const marks = harmonyView(rows, labels, { pps: 100, offset: 200, viewport: 100 }, 1000);
    expect(marks.filter((m) => m.row === 0).map((m) => m.index)).toEqual([0]);
  });
});

describe('harmonyLabelSource', () => {
  const components = [
    roman(0, 5, 'dominant-seventh'),
    key(1, 3, 'minor', 'f:'),
    roman(1, 5, 'major'),
    key(4, 1, 'major', 'C:'),
    roman(3, 1, 'minor'),
  ];

  it('gives the same labels as harmonyLabels, each read in the key in force at its time', () => {
    const labelOf = harmonyLabelSource(components);
    expect(components.map((_, index) => labelOf(index))).toEqual(harmonyLabels(components));
  });

  it('works a label out once and has none for an index out of range', () => {
    const labelOf = harmonyLabelSource(components);
    expect(labelOf(2)).toBe(labelOf(2));
    expect(labelOf(components.length)).toBeUndefined();
  });
});
