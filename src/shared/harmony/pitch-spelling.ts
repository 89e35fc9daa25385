/**
 * Spelled pitches as TiLiA stores them: a step (0-6 = C D E F G A B) plus an accidental (-2..2).
 * Keys are the MODE component's fields. Everything here is pure arithmetic shared by the label and
 * pitch-class code.
 */

export interface KeyFields {
  step: number;
  accidental: number;
  type: 'major' | 'minor';
}

/** STEP_TO_PITCH_CLASS of the desktop app (tilia/ui/timelines/harmony/constants.py). */
const STEP_PITCH_CLASSES = [0, 2, 4, 5, 7, 9, 11] as const;
export const STEP_NAMES = ['C', 'D', 'E', 'F', 'G', 'A', 'B'] as const;

/** Semitones of the scale degrees above the tonic. Minor is the natural minor, as music21's Key. */
const SCALE_SEMITONES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
} as const;

export const C_MAJOR: KeyFields = { step: 0, accidental: 0, type: 'major' };

export function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`index ${index} out of range`);
  return value;
}

export function pitchClassOf(step: number, accidental: number): number {
  return mod(at(STEP_PITCH_CLASSES, mod(step, 7)) + accidental, 12);
}

/** The accidental that spells pitch class `pc` on `step`, in -6..5 (0 when they agree). */
export function accidentalFor(step: number, pc: number): number {
  const diff = mod(pc - at(STEP_PITCH_CLASSES, mod(step, 7)), 12);
  return diff > 6 ? diff - 12 : diff;
}

export interface SpelledPitch {
  step: number;
  accidental: number;
}

/** Scale degree `degree` (0-based) of `key`, spelled. */
export function scaleDegree(key: KeyFields, degree: number): SpelledPitch {
  const step = mod(key.step + degree, 7);
  const pc = mod(
    pitchClassOf(key.step, key.accidental) + at(SCALE_SEMITONES[key.type], mod(degree, 7)),
    12,
  );
  return { step, accidental: accidentalFor(step, pc) };
}

/** ASCII accidentals as chord symbols and roman-numeral prefixes write them ('#', 'bb'). */
export function accidentalText(accidental: number): string {
  return accidental > 0 ? '#'.repeat(accidental) : 'b'.repeat(-accidental);
}

export function noteName(step: number, accidental: number): string {
  return at(STEP_NAMES, mod(step, 7)) + accidentalText(accidental);
}

/**
 * The key an applied chord is read in: the diatonic degree `appliedTo` of `key`, major or minor by
 * the triad the key builds on it (dominant major in minor, as harmonic practice has it).
 */
export function tonicizedKey(key: KeyFields, appliedTo: number): KeyFields {
  if (appliedTo === 0) return key;
  const tonic = scaleDegree(key, appliedTo);
  const minorDegrees = key.type === 'major' ? [1, 2, 5, 6] : [1, 3];
  return { ...tonic, type: minorDegrees.includes(mod(appliedTo, 7)) ? 'minor' : 'major' };
}
