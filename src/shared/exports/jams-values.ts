/**
 * Values in the JAMS namespaces that TiLiA's harmony and beat timelines map onto, as the JAMS
 * schemata define them (jams/schemata/namespaces/): `chord_roman` {tonic, chord} with the tonic
 * a letter and at most one accidental and the chord a numeral with an optional accidental,
 * quality symbol (o + s d h x), up to two figures and an applied numeral; `key_mode` 'tonic:mode';
 * `beat_position` {position >= 1, measure >= 0, num_beats >= 1, beat_units a power of two}.
 * What a namespace cannot say is left out (null), never written as an invalid value.
 */
import type { BeatTimeline, HarmonyComponent, ModeComponent, RawComponent } from '../tla/tla-model';
import { harmonyLabelParts } from '../harmony/harmony-label';
import { chordQuality } from '../harmony/chord-qualities';
import { C_MAJOR, noteName, type KeyFields } from '../harmony/pitch-spelling';
import { TimeMap } from '../time-map/time-map';

export interface ChordRoman {
  tonic: string;
  chord: string;
}

export interface BeatPosition {
  position: number;
  measure: number;
  num_beats: number;
  beat_units: number;
}

/** A tonic JAMS can spell: a letter and at most one sharp or flat. */
function jamsTonic(key: Pick<KeyFields, 'step' | 'accidental'>): string | null {
  return Math.abs(key.accidental) <= 1 ? noteName(key.step, key.accidental) : null;
}

/** 'D:major', 'f#:minor' is written 'F#:minor'; null for a tonic JAMS cannot spell. */
export function keyModeValue(
  mode: Pick<ModeComponent, 'step' | 'accidental' | 'type'>,
): string | null {
  const tonic = jamsTonic(mode);
  return tonic === null ? null : `${tonic}:${mode.type}`;
}

/** The quality symbol chord_roman has for a chord of TiLiA's, from the label's mark. */
function qualitySymbol(mark: string, family: string): string {
  if (family === 'suspended') return 's';
  if (mark === 'ø') return 'h';
  if (mark === 'o') return family === 'triad' ? 'o' : 'x';
  // '+' augmented; '+M' keeps its '+'; a major seventh's 'M' has no symbol in chord_roman.
  return mark.startsWith('+') ? '+' : '';
}

/**
 * A chord as chord_roman writes it, read in the key in force (C major when none), as the viewer
 * labels it: 'V65', 'viix7/V', 'bII6'. Null for what the namespace has no room for: augmented
 * sixths, figures of three numbers (ninth chords inverted), or double accidentals.
 * Alterations after the figures ('(b5)', '(11)', 'ped') are dropped: the grammar has none.
 */
export function chordRomanValue(
  harmony: HarmonyComponent,
  key: Pick<ModeComponent, 'step' | 'accidental' | 'type'> | null,
): ChordRoman | null {
  const inForce: KeyFields = key ?? C_MAJOR;
  const tonic = jamsTonic(inForce);
  const quality = chordQuality(harmony.quality);
  if (tonic === null || !quality) return null;
  const parts = harmonyLabelParts({ ...harmony, displayMode: 'roman' }, inForce);
  let chord: string;
  if (quality.name === 'Neapolitan') {
    // The lowered second degree in first inversion, however the key is spelled.
    chord = `bII6${parts.applied}`;
  } else if (quality.keyRelative) {
    return null;
  } else {
    const figures = parts.figures.join('');
    if (!/^\d{0,2}$/.test(figures)) return null;
    chord = parts.prefix + parts.numeral + qualitySymbol(parts.qualityMark, quality.family);
    chord += figures + parts.applied;
  }
  return CHORD_ROMAN_CHORD.test(chord) ? { tonic, chord } : null;
}

const NUMERAL = '(i|I|ii|II|iii|III|iv|IV|v|V|vi|VI|vii|VII)';
/** The chord field's pattern in chord_roman's schema. */
export const CHORD_ROMAN_CHORD = new RegExp(
  `^([b#]?${NUMERAL})[osdhx+]?[0-9]?[0-9]?(/([b#]?${NUMERAL}))?$`,
);

/** Note values beat_position accepts for `beat_units`. */
export const BEAT_UNITS = [1, 2, 4, 8, 16, 32, 64, 128, 256] as const;

/**
 * What a beat is worth in notation: the one denominator of the timeline's BEAT_UNIT components
 * (desktop 0.7) when they agree on one JAMS accepts, else a quarter note.
 */
export function beatUnitsOf(beatUnits: readonly RawComponent[]): number {
  const denominators = new Set(beatUnits.map((unit) => unit.fields.denominator));
  const [only] = denominators;
  return denominators.size === 1 && (BEAT_UNITS as readonly unknown[]).includes(only)
    ? (only as number)
    : 4;
}

/**
 * The bar position of every beat, by the timeline's own bars (TimeMap): the beat in its bar, the
 * bar's printed number (a pickup is 0; a negative number, which JAMS does not take, becomes the
 * bar's place in playing order), how many beats the bar has.
 */
export function beatPositions(timeline: BeatTimeline): BeatPosition[] {
  const times = timeline.components.map((beat) => beat.time);
  const beatUnits = beatUnitsOf(timeline.beatUnits);
  const map = TimeMap.of({
    beatTimes: [...new Set(times)],
    mediaLength: null,
    beatPattern: timeline.beatPattern,
    beatsInMeasure: timeline.beatsInMeasure,
    measureNumbers: timeline.measureNumbers,
  });
  return times.map((time) => {
    const position = map?.position(time);
    if (!position) {
      // No bars to speak of (a single beat): the first beat of the first bar.
      const number = timeline.measureNumbers[0] ?? 1;
      return { position: 1, measure: Math.max(0, number), num_beats: 1, beat_units: beatUnits };
    }
    const { bar } = position;
    return {
      position: Math.max(1, Math.floor(position.beat)),
      measure: bar.number >= 0 ? bar.number : bar.index,
      num_beats: Math.max(1, bar.beatCount),
      beat_units: beatUnits,
    };
  });
}
