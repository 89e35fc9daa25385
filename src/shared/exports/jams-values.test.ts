import { describe, expect, it } from 'vitest';
import type { BeatTimeline, HarmonyComponent, ModeComponent } from '../tla/tla-model';
import { NAMESPACE_VALUE_CHECKS } from './jams-checks.test-support';
import { beatPositions, chordRomanValue, keyModeValue } from './jams-values';

const chord = (fields: Partial<HarmonyComponent>): HarmonyComponent => ({
  kind: 'HARMONY',
  time: 0,
  step: 0,
  accidental: 0,
  quality: 'major',
  inversion: 0,
  appliedTo: 0,
  level: 1,
  displayMode: 'roman',
  customText: '',
  customTextFontType: 'analytic',
  comments: '',
  ...fields,
});
const key = (step: number, accidental: number, type: 'major' | 'minor'): ModeComponent => ({
  kind: 'MODE',
  time: 0,
  step,
  accidental,
  type,
  level: 2,
  comments: '',
});

describe('chord_roman values', () => {
  it('reads a chord in the key in force, with figures, qualities and applied numerals', () => {
    const D = key(1, 0, 'major');
    expect(
      chordRomanValue(chord({ step: 5, quality: 'dominant-seventh', inversion: 1 }), D),
    ).toEqual({
      tonic: 'D',
      chord: 'V65',
    });
    expect(chordRomanValue(chord({ step: 1, quality: 'minor' }), null)).toEqual({
      tonic: 'C',
      chord: 'ii',
    });
    const a = key(5, 0, 'minor');
    expect(
      chordRomanValue(chord({ step: 4, accidental: 1, quality: 'diminished-seventh' }), a)?.chord,
    ).toBe('viix7');
    expect(
      chordRomanValue(chord({ step: 6, quality: 'half-diminished-seventh', inversion: 1 }), a)
        ?.chord,
    ).toBe('iih65');
    expect(
      chordRomanValue(chord({ step: 6, quality: 'diminished' }), key(0, 0, 'major'))?.chord,
    ).toBe('viio');
    expect(
      chordRomanValue(
        chord({ step: 1, quality: 'dominant-seventh', appliedTo: 4 }),
        key(0, 0, 'major'),
      )?.chord,
    ).toBe('V7/V');
    expect(
      chordRomanValue(chord({ step: 1, accidental: -1, quality: 'Neapolitan' }), key(0, 0, 'minor'))
        ?.chord,
    ).toBe('bII6');
  });

  it('writes a chord the viewer shows as custom text or a chord symbol as a numeral all the same', () => {
    const C = key(0, 0, 'major');
    expect(chordRomanValue(chord({ step: 4, displayMode: 'chord' }), C)?.chord).toBe('V');
    expect(
      chordRomanValue(chord({ step: 4, displayMode: 'custom', customText: 'Dom!' }), C)?.chord,
    ).toBe('V');
  });

  it('leaves out what the namespace cannot say, and only that', () => {
    const C = key(0, 0, 'major');
    expect(chordRomanValue(chord({ step: 3, accidental: 1, quality: 'German' }), C)).toBeNull();
    expect(
      chordRomanValue(chord({ step: 4, quality: 'dominant-ninth', inversion: 1 }), C),
    ).toBeNull();
    expect(chordRomanValue(chord({ step: 0 }), key(1, -2, 'major'))).toBeNull();
    expect(chordRomanValue(chord({ step: 0, quality: 'no-such-quality' }), C)).toBeNull();
  });

  it('gives values the namespace accepts for every quality, step and inversion it can say', () => {
    const qualities = [
      'major',
      'minor',
      'diminished',
      'augmented',
      'dominant-seventh',
      'major-seventh',
      'minor-seventh',
      'half-diminished-seventh',
      'diminished-seventh',
      'suspended-fourth',
      'dominant-ninth',
      'power',
      'pedal',
    ];
    let written = 0;
    for (const quality of qualities)
      for (let step = 0; step < 7; step++)
        for (const accidental of [-1, 0, 1])
          for (let inversion = 0; inversion < 4; inversion++)
            for (const tonic of [key(0, 0, 'major'), key(5, 0, 'minor'), key(3, 1, 'minor')]) {
              const value = chordRomanValue(chord({ step, accidental, quality, inversion }), tonic);
              if (value === null) continue;
              written++;
              expect(NAMESPACE_VALUE_CHECKS.chord_roman!(value), JSON.stringify(value)).toBe(true);
            }
    expect(written).toBeGreaterThan(1000);
  });
});

describe('key_mode values', () => {
  it("writes the tonic and the mode, the tonic's letter in upper case", () => {
    expect(keyModeValue(key(1, 0, 'major'))).toBe('D:major');
    expect(keyModeValue(key(3, 1, 'minor'))).toBe('F#:minor');
    expect(keyModeValue(key(6, -1, 'major'))).toBe('Bb:major');
    expect(keyModeValue(key(6, -2, 'major'))).toBeNull();
    expect(NAMESPACE_VALUE_CHECKS.key_mode!(keyModeValue(key(3, 1, 'minor')))).toBe(true);
  });
});

describe('beat_position values', () => {
  const beats = (times: number[], fields: Partial<BeatTimeline> = {}): BeatTimeline => ({
    kind: 'BEAT_TIMELINE',
    sourceId: '1',
    kindName: 'BEAT_TIMELINE',
    name: 'Beats',
    ordinal: 1,
    isVisible: true,
    height: 30,
    otherComponents: [],
    beatPattern: [3],
    measureNumbers: [],
    beatsInMeasure: [],
    measuresToForceDisplay: [],
    beatUnits: [],
    components: times.map((time) => ({ kind: 'BEAT', time })),
    ...fields,
  });

  it('gives each beat its place in its bar, the printed bar number and the bar size', () => {
    const timeline = beats([0, 1, 2, 3, 4, 5, 6], {
      beatsInMeasure: [1, 3, 3],
      measureNumbers: [0, 1, 1],
      beatPattern: [3],
    });
    expect(beatPositions(timeline)).toEqual([
      { position: 1, measure: 0, num_beats: 1, beat_units: 4 },
      { position: 1, measure: 1, num_beats: 3, beat_units: 4 },
      { position: 2, measure: 1, num_beats: 3, beat_units: 4 },
      { position: 3, measure: 1, num_beats: 3, beat_units: 4 },
      // A repeat prints bar 1 again.
      { position: 1, measure: 1, num_beats: 3, beat_units: 4 },
      { position: 2, measure: 1, num_beats: 3, beat_units: 4 },
      { position: 3, measure: 1, num_beats: 3, beat_units: 4 },
    ]);
  });

  it("takes the beat's note value from BEAT_UNIT components when they agree", () => {
    const unit = (denominator: number) => ({ kind: 'BEAT_UNIT', fields: { denominator } });
    const eighths = beats([0, 1], { beatUnits: [unit(8), unit(8)] });
    expect(beatPositions(eighths).map((p) => p.beat_units)).toEqual([8, 8]);
    const mixed = beats([0, 1], { beatUnits: [unit(8), unit(4)] });
    expect(beatPositions(mixed).map((p) => p.beat_units)).toEqual([4, 4]);
  });

  it('gives a lone beat, which makes no bars, a valid first position', () => {
    const [only] = beatPositions(beats([3]));
    expect(NAMESPACE_VALUE_CHECKS.beat_position!(only)).toBe(true);
  });
});
