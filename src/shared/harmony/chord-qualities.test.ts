import { describe, expect, it } from 'vitest';
import { CHORD_QUALITIES, chordQuality } from './chord-qualities';
import { harmonyPitchClasses } from './harmony-pitches';
import type { KeyFields } from './pitch-spelling';

const C: KeyFields = { step: 0, accidental: 0, type: 'major' };
const A_MINOR: KeyFields = { step: 5, accidental: 0, type: 'minor' };
const h = (step: number, accidental: number, quality: string, inversion = 0, appliedTo = 0) => ({
  step,
  accidental,
  quality,
  inversion,
  appliedTo,
});

describe('the quality table', () => {
  it("holds music21's 50 names once each", () => {
    const names = CHORD_QUALITIES.map((q) => q.name);
    expect(names).toHaveLength(50);
    expect(new Set(names).size).toBe(50);
  });

  it('derives intervals from the music21 degree strings', () => {
    expect(chordQuality('dominant-seventh')).toMatchObject({
      semitones: [0, 4, 7, 10],
      steps: [0, 2, 4, 6],
      maxInversion: 3,
    });
    expect(chordQuality('diminished-seventh')?.semitones).toEqual([0, 3, 6, 9]);
    expect(chordQuality('dominant-ninth')?.semitones).toEqual([0, 4, 7, 10, 14]);
    expect(chordQuality('German')?.semitones).toEqual([0, 3, 6, 8]);
    expect(chordQuality('Tristan')?.semitones).toEqual([0, 6, 10, 15]);
  });

  it('allows the inversions the desktop allows', () => {
    const max = (name: string) => chordQuality(name)?.maxInversion;
    for (const name of ['major', 'minor', 'augmented', 'diminished', 'suspended-second']) {
      expect(max(name)).toBe(2);
    }
    for (const name of ['major-sixth', 'minor-seventh', 'seventh-flat-five', 'dominant-13th']) {
      expect(max(name)).toBe(3);
    }
    for (const name of ['power', 'pedal', 'Neapolitan', 'Italian', 'French', 'German', 'Tristan']) {
      expect(max(name)).toBe(0);
    }
  });
});

describe('harmonyPitchClasses', () => {
  it.each([
    { harmony: h(4, 0, 'dominant-seventh', 1), pitchClasses: [2, 5, 7, 11], bass: 11 },
    { harmony: h(0, 0, 'major', 2), pitchClasses: [0, 4, 7], bass: 7 },
    { harmony: h(6, -1, 'major-seventh', 3), pitchClasses: [2, 5, 9, 10], bass: 9 },
  ])(
    'builds chords on the root and puts the inversion member in the bass: $harmony.quality',
    ({ harmony, pitchClasses, bass }) => {
      expect(harmonyPitchClasses(harmony, C)).toEqual({ pitchClasses, bass });
    },
  );

  it('ignores appliedTo for ordinary qualities (the step is absolute)', () => {
    expect(harmonyPitchClasses(h(1, 0, 'dominant-seventh', 0, 4), C)?.pitchClasses).toEqual([
      0, 2, 6, 9,
    ]);
  });

  it.each([
    { harmony: h(0, 0, 'German'), key: C, pitchClasses: [0, 3, 6, 8], bass: 8 },
    { harmony: h(0, 0, 'Italian'), key: C, pitchClasses: [0, 6, 8], bass: 8 },
    { harmony: h(0, 0, 'French'), key: C, pitchClasses: [0, 2, 6, 8], bass: 8 },
    { harmony: h(0, 0, 'Neapolitan'), key: C, pitchClasses: [1, 5, 8], bass: 5 },
    { harmony: h(5, 0, 'German'), key: A_MINOR, pitchClasses: [0, 3, 5, 9], bass: 5 },
    { harmony: h(4, 0, 'German', 0, 4), key: C, pitchClasses: [1, 3, 7, 10], bass: 3 },
  ])(
    'builds Neapolitan and augmented sixths on the key, b6 / 4 in the bass: $harmony.quality in $key.type',
    ({ harmony, key, pitchClasses, bass }) => {
      expect(harmonyPitchClasses(harmony, key)).toEqual({ pitchClasses, bass });
    },
  );

  it('returns null for an unknown quality', () => {
    expect(harmonyPitchClasses(h(0, 0, 'quartal'), C)).toBeNull();
  });
});
