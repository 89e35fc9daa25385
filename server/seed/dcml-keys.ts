/**
 * DCML keys and numerals on the line of fifths (tonal pitch classes: C = 0, G = 1, F = -1,
 * F# = 6, Bb = -2), the unit of the tables' `chord_tones`, `added_tones`, `root`, `bass_note`.
 */
import type { KeyFields } from '../../src/shared/harmony/pitch-spelling';

export interface AbsoluteKey {
  /** Tonic on the line of fifths. */
  tpc: number;
  minor: boolean;
}

/** Steps C D E F G A B on the line of fifths. */
const STEP_TPC = [0, 2, 4, -1, 1, 3, 5] as const;
/** Steps in line-of-fifths order from F: F C G D A E B. */
const FIFTHS_STEPS = [3, 0, 4, 1, 5, 2, 6] as const;
/** Scale degrees I..VII on the line of fifths above the tonic: major, and natural minor. */
const DEGREE_TPC = { major: [0, 2, 4, -1, 1, 3, 5], minor: [0, 2, -3, -1, 1, -4, -2] } as const;
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];

function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

export function tpcPitchClass(tpc: number): number {
  return mod(tpc * 7, 12);
}

export function spellTpc(tpc: number): { step: number; accidental: number } {
  const index = tpc + 1;
  return { step: FIFTHS_STEPS[mod(index, 7)] ?? 0, accidental: Math.floor(index / 7) };
}

export function tpcOf(step: number, accidental: number): number {
  return (STEP_TPC[mod(step, 7)] ?? 0) + 7 * accidental;
}

export function keyFields(key: AbsoluteKey): KeyFields {
  return { ...spellTpc(key.tpc), type: key.minor ? 'minor' : 'major' };
}

/** `globalkey`: a letter with accidentals, upper case major ('D', 'a', 'Bb', 'f#'). */
export function parseGlobalKey(text: string): AbsoluteKey {
  const match = /^([A-Ga-g])((?:#|b)*)$/.exec(text);
  if (!match?.[1]) throw new Error(`not a DCML global key: '${text}'`);
  const letter = match[1];
  const step = 'CDEFGAB'.indexOf(letter.toUpperCase());
  const accidentals = match[2] ?? '';
  const alter = accidentals.split('#').length - accidentals.split('b').length;
  return { tpc: tpcOf(step, alter), minor: letter === letter.toLowerCase() };
}

export interface ParsedNumeral {
  /** 0-based scale degree. */
  degree: number;
  /** Sharps minus flats before the numeral. */
  alter: number;
  upper: boolean;
}

/** 'bIII' → degree 2, alter -1, upper; null when the text is not a plain numeral. */
export function parseNumeral(text: string): ParsedNumeral | null {
  const match = /^(#*|b*)(VII|VI|IV|V|III|II|I|vii|vi|iv|v|iii|ii|i)$/.exec(text);
  if (!match?.[2]) return null;
  const numeral = match[2];
  const accidentals = match[1] ?? '';
  return {
    degree: ROMAN.indexOf(numeral.toUpperCase()),
    alter: accidentals.startsWith('#') ? accidentals.length : -accidentals.length,
    upper: numeral === numeral.toUpperCase(),
  };
}

/** The tonic of scale degree `numeral` of `key` (DCML reads minor keys' numerals in natural minor). */
function degreeTpc(key: AbsoluteKey, numeral: ParsedNumeral): number {
  const offsets = key.minor ? DEGREE_TPC.minor : DEGREE_TPC.major;
  return key.tpc + (offsets[numeral.degree] ?? 0) + 7 * numeral.alter;
}

/** `localkey` is a numeral relative to the global key; its case gives the mode. */
export function absoluteLocalKey(global: AbsoluteKey, localkey: string): AbsoluteKey {
  const numeral = parseNumeral(localkey);
  if (!numeral) throw new Error(`not a DCML local key: '${localkey}'`);
  return { tpc: degreeTpc(global, numeral), minor: !numeral.upper };
}
