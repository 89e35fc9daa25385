/**
 * Which pitches a HARMONY component denotes. The step/accidental is the absolute root and
 * `appliedTo` only changes how the numeral is written, except for the key-relative qualities
 * (Neapolitan, Italian, French, German), whose labels name no root: they are built on the tonic
 * of the key in force, or of the applied degree.
 */
import type { HarmonyComponent } from '../tla/tla-model';
import { chordQuality, type ChordQuality } from './chord-qualities';
import {
  C_MAJOR,
  accidentalFor,
  mod,
  pitchClassOf,
  tonicizedKey,
  type KeyFields,
  type SpelledPitch,
} from './pitch-spelling';

export type HarmonyFields = Pick<
  HarmonyComponent,
  'step' | 'accidental' | 'quality' | 'inversion' | 'appliedTo'
>;

export interface HarmonyPitches {
  /** Distinct pitch classes 0-11, ascending. */
  pitchClasses: number[];
  bass: number;
}

/** The note the quality's intervals are measured from (the root, or a key's tonic). */
export function referencePitch(h: HarmonyFields, key: KeyFields | null): SpelledPitch {
  const quality = chordQuality(h.quality);
  if (quality?.keyRelative) {
    const target = tonicizedKey(key ?? C_MAJOR, h.appliedTo);
    return { step: target.step, accidental: target.accidental };
  }
  return { step: h.step, accidental: h.accidental };
}

/** Index of the chord member in the bass. */
export function bassMember(quality: ChordQuality, inversion: number): number {
  if (quality.maxInversion === 0) return quality.fixedBass;
  return Math.min(Math.max(inversion, 0), quality.semitones.length - 1);
}

/** The chord member `index`, spelled (for slash-bass chord symbols). */
export function spelledMember(
  reference: SpelledPitch,
  quality: ChordQuality,
  index: number,
): SpelledPitch {
  const step = mod(reference.step + (quality.steps[index] ?? 0), 7);
  const pc = pitchClassOf(reference.step, reference.accidental) + (quality.semitones[index] ?? 0);
  return { step, accidental: accidentalFor(step, pc) };
}

/** Null for a quality the desktop does not know. */
export function harmonyPitchClasses(
  h: HarmonyFields,
  key: KeyFields | null,
): HarmonyPitches | null {
  const quality = chordQuality(h.quality);
  if (!quality) return null;
  const reference = referencePitch(h, key);
  const referencePc = pitchClassOf(reference.step, reference.accidental);
  const members = quality.semitones.map((s) => mod(referencePc + s, 12));
  const pitchClasses = [...new Set(members)].sort((a, b) => a - b);
  const bass = members[bassMember(quality, h.inversion)] ?? referencePc;
  return { pitchClasses, bass };
}
