import { describe, expect, it } from 'vitest';
import type { HarmonyDisplayMode, ModeComponent } from '../tla/tla-model';
import { CHORD_QUALITIES } from './chord-qualities';
import {
  harmonyLabel,
  harmonyLabelParts,
  keyFinder,
  keyLabel,
  type LabelledHarmony,
} from './harmony-label';
import type { KeyFields } from './pitch-spelling';

const C: KeyFields = { step: 0, accidental: 0, type: 'major' };
const A_MINOR: KeyFields = { step: 5, accidental: 0, type: 'minor' };
const [STEP_C, STEP_D, STEP_E, STEP_F, STEP_G, STEP_A, STEP_B] = [0, 1, 2, 3, 4, 5, 6];

function chord(
  step: number,
  quality: string,
  inversion = 0,
  appliedTo = 0,
  accidental = 0,
  displayMode: HarmonyDisplayMode = 'roman',
): LabelledHarmony {
  return { step, accidental, quality, inversion, appliedTo, displayMode, customText: '' };
}

describe('roman numerals in C major', () => {
  it.each([
    [chord(STEP_C, 'major'), 'I'],
    [chord(STEP_C, 'major', 1), 'I6'],
    [chord(STEP_C, 'major', 2), 'I64'],
    [chord(STEP_G, 'dominant-seventh'), 'V7'],
    [chord(STEP_G, 'dominant-seventh', 1), 'V65'],
    [chord(STEP_G, 'dominant-seventh', 2), 'V43'],
    [chord(STEP_G, 'dominant-seventh', 3), 'V42'],
    [chord(STEP_B, 'diminished-seventh'), 'viio7'],
    [chord(STEP_B, 'diminished'), 'viio'],
    [chord(STEP_B, 'half-diminished-seventh', 1), 'viiø65'],
    [chord(STEP_D, 'minor-seventh', 2), 'ii43'],
    [chord(STEP_D, 'minor'), 'ii'],
    [chord(STEP_A, 'minor', 1), 'vi6'],
    [chord(STEP_E, 'augmented'), 'III+'],
    [chord(STEP_F, 'major-seventh'), 'IVM7'],
    [chord(STEP_D, 'dominant-seventh', 0, 4), 'V7/V'],
    [chord(STEP_D, 'dominant-seventh', 1, 4), 'V65/V'],
    [chord(STEP_F, 'diminished-seventh', 0, 4, 1), 'viio7/V'],
    [chord(STEP_A, 'dominant-seventh', 0, 1), 'V7/ii'],
    [chord(STEP_D, 'major', 1, 0, -1), 'bII6'],
    [chord(STEP_F, 'diminished-seventh', 0, 0, 1), '#ivo7'],
    [chord(STEP_A, 'major', 0, 0, -1), 'bVI'],
    [chord(STEP_C, 'Neapolitan'), 'N6'],
    [chord(STEP_C, 'Italian'), 'It6+'],
    [chord(STEP_C, 'French'), 'Fr6+'],
    [chord(STEP_C, 'German'), 'Gr6+'],
    [chord(STEP_G, 'German', 0, 4), 'Gr6+/V'],
    [chord(STEP_G, 'seventh-flat-five', 2), 'V43(b5)'],
    [chord(STEP_G, 'dominant-ninth'), 'V9'],
    [chord(STEP_G, 'suspended-fourth'), 'V54'],
    [chord(STEP_G, 'suspended-fourth-seventh'), 'V74'],
  ])('%o → %s', (h, expected) => {
    expect(harmonyLabel(h, C)).toBe(expected);
  });

  it('uses C major when no key is in force', () => {
    expect(harmonyLabel(chord(STEP_G, 'dominant-seventh', 1), null)).toBe('V65');
  });
});

describe('roman numerals in minor keys', () => {
  it.each([
    [chord(STEP_A, 'minor'), 'i'],
    [chord(STEP_G, 'major'), 'VII'],
    [chord(STEP_G, 'diminished', 0, 0, 1), 'viio'],
    [chord(STEP_G, 'diminished-seventh', 0, 0, 1), 'viio7'],
    [chord(STEP_E, 'dominant-seventh', 1), 'V65'],
    [chord(STEP_E, 'minor'), 'v'],
    [chord(STEP_C, 'major'), 'III'],
    [chord(STEP_F, 'major'), 'VI'],
    [chord(STEP_B, 'major', 1, 0, -1), 'bII6'],
    [chord(STEP_B, 'diminished'), 'iio'],
    [chord(STEP_D, 'minor', 1), 'iv6'],
    [chord(STEP_B, 'dominant-seventh', 0, 4), 'V7/V'],
    [chord(STEP_G, 'major', 0, 2), 'V/III'],
    [chord(STEP_C, 'diminished-seventh', 2, 3, 1), 'viio43/iv'],
  ])('%o → %s in a minor', (h, expected) => {
    expect(harmonyLabel(h, A_MINOR)).toBe(expected);
  });

  it('reads flats against a flat minor key', () => {
    const bFlatMinor: KeyFields = { step: 6, accidental: -1, type: 'minor' };
    expect(harmonyLabel(chord(STEP_F, 'major'), bFlatMinor)).toBe('V');
    expect(harmonyLabel(chord(STEP_G, 'major', 0, 0, -1), bFlatMinor)).toBe('VI');
    expect(harmonyLabel(chord(STEP_A, 'diminished-seventh', 0, 0, 0), bFlatMinor)).toBe('viio7');
  });
});

describe('chord symbols', () => {
  const symbol = (h: LabelledHarmony) => harmonyLabel({ ...h, displayMode: 'chord' }, C);
  it.each([
    [chord(STEP_C, 'major'), 'C'],
    [chord(STEP_F, 'minor', 0, 0, 1), 'F#m'],
    [chord(STEP_G, 'dominant-seventh'), 'G7'],
    [chord(STEP_B, 'major-seventh', 0, 0, -1), 'Bbmaj7'],
    [chord(STEP_B, 'diminished'), 'Bdim'],
    [chord(STEP_B, 'half-diminished-seventh'), 'Bm7b5'],
    [chord(STEP_C, 'augmented'), 'C+'],
    [chord(STEP_C, 'major', 1), 'C/E'],
    [chord(STEP_C, 'major', 2), 'C/G'],
    [chord(STEP_G, 'dominant-seventh', 1), 'G7/B'],
    [chord(STEP_G, 'dominant-seventh', 3), 'G7/F'],
    [chord(STEP_E, 'major', 1, 0, -1), 'Eb/G'],
    [chord(STEP_B, 'diminished-seventh', 3), 'Bdim7/Ab'],
    [chord(STEP_C, 'German'), 'Gr6+'],
  ])('%o → %s', (h, expected) => {
    expect(symbol(h)).toBe(expected);
  });
});

describe('custom text and parts', () => {
  it('shows custom_text in custom mode', () => {
    expect(
      harmonyLabel({ ...chord(STEP_G, 'major'), displayMode: 'custom', customText: 'V(64)' }, C),
    ).toBe('V(64)');
  });

  it('splits a roman numeral into stackable parts', () => {
    expect(harmonyLabelParts(chord(STEP_D, 'dominant-seventh', 1, 4), C)).toEqual({
      prefix: '',
      numeral: 'V',
      qualityMark: '',
      figures: ['6', '5'],
      alteration: '',
      applied: '/V',
      text: 'V65/V',
    });
    expect(harmonyLabelParts(chord(STEP_B, 'half-diminished-seventh', 2, 0, -1), C)).toMatchObject({
      prefix: 'b',
      numeral: 'vii',
      qualityMark: 'ø',
      figures: ['4', '3'],
      text: 'bviiø43',
    });
  });
});

describe('every quality and inversion the app offers', () => {
  const cases = CHORD_QUALITIES.flatMap((q) =>
    Array.from({ length: q.maxInversion + 1 }, (_, inversion) => ({ q, inversion })),
  );

  it('gives a non-empty roman label and chord symbol to each', () => {
    for (const { q, inversion } of cases) {
      const h = chord(STEP_D, q.name, inversion);
      expect(harmonyLabel(h, C), `${q.name} ${inversion}`).not.toBe('');
      expect(harmonyLabel({ ...h, displayMode: 'chord' }, C)).not.toBe('');
    }
  });

  it('keeps the roman labels on one root apart, except the rootless key-relative ones', () => {
    const labels = new Map<string, string>();
    for (const { q, inversion } of cases) {
      if (q.keyRelative) continue;
      const text = harmonyLabel(chord(STEP_D, q.name, inversion), C);
      expect(labels.get(text), `${q.name} ${inversion} vs ${labels.get(text)}`).toBeUndefined();
      labels.set(text, `${q.name} ${inversion}`);
    }
  });

  it('keeps the chord symbols on one root apart', () => {
    const labels = new Set<string>();
    for (const { q, inversion } of cases) {
      if (q.keyRelative) continue;
      const text = harmonyLabel(chord(STEP_D, q.name, inversion, 0, 0, 'chord'), C);
      expect(labels.has(text), `${q.name} ${inversion}: ${text}`).toBe(false);
      labels.add(text);
    }
  });
});

describe('the v0.6.4 harmony fixture', () => {
  // tests/fixtures/tla/harmony-v0.6.4.tla's nine HARMONY components (step, quality, inversion,
  // applied_to; accidental 0, display_mode 'roman'), copied here because src/ tests run without
  // Node's fs in their type environment.
  const fixture: [number, string, number, number][] = [
    [0, 'major', 0, 0],
    [0, 'major', 1, 0],
    [0, 'major', 2, 0],
    [4, 'dominant-seventh', 1, 0],
    [4, 'dominant-seventh', 2, 0],
    [4, 'dominant-seventh', 3, 0],
    [1, 'dominant-seventh', 1, 4],
    [1, 'minor-seventh', 1, 0],
    [4, 'dominant-ninth', 3, 0],
  ];

  it('labels its nine harmonies in C major', () => {
    const labels = fixture.map(([step, quality, inversion, appliedTo]) =>
      harmonyLabel(chord(step, quality, inversion, appliedTo), C),
    );
    // The last one is a dominant ninth with its seventh in the bass: figures 4-3-2, as the desktop.
    expect(labels).toEqual(['I', 'I6', 'I64', 'V65', 'V43', 'V42', 'V65/V', 'ii65', 'V432']);
  });
});

describe('keyLabel', () => {
  it.each([
    [{ step: 0, accidental: 0, type: 'major' as const }, 'C:'],
    [{ step: 5, accidental: 0, type: 'minor' as const }, 'a:'],
    [{ step: 3, accidental: 1, type: 'major' as const }, 'F#:'],
    [{ step: 6, accidental: -1, type: 'minor' as const }, 'bb:'],
  ])('%o → %s', (mode, expected) => {
    expect(keyLabel(mode)).toBe(expected);
  });
});

describe('keyFinder', () => {
  const mode = (time: number, step: number): ModeComponent => ({
    kind: 'MODE',
    time,
    step,
    accidental: 0,
    type: 'major',
    level: 1,
    comments: '',
  });

  it('finds the latest key at or before a time, stored in any order, and none before the first', () => {
    const g = mode(10, STEP_G);
    const f = mode(20, STEP_F);
    const keyAt = keyFinder([f, g]);
    expect(keyAt(9.5)).toBeNull();
    expect(keyAt(10)).toBe(g);
    expect(keyAt(19.9)).toBe(g);
    expect(keyAt(20)).toBe(f);
    expect(keyAt(1_000)).toBe(f);
  });
});
