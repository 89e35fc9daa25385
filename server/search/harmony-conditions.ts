import { CHORD_QUALITIES } from '../../src/shared/harmony/chord-qualities';
import { harmonyLabel } from '../../src/shared/harmony/harmony-label';
import { STEP_NAMES, type KeyFields } from '../../src/shared/harmony/pitch-spelling';
import { keyLiteral } from '../../src/shared/tql/tql-harmony';

/**
 * The HARMONY search's own conditions (docs/search.md): each value a user types, read into what
 * the query index stores for a chord (tql_units.facts, built by server/tql/tql-index.ts from
 * src/shared/tql/tql-harmony.ts chordFacts), or a message saying why it cannot be one.
 */

export type HarmonyProperty = 'key' | 'numeral' | 'quality' | 'inversion' | 'applied_to';

export const HARMONY_PROPERTIES: readonly HarmonyProperty[] = [
  'key',
  'numeral',
  'quality',
  'inversion',
  'applied_to',
];

/**
 * One condition: the stored values any of which the chord's fact must equal. A numeral is
 * matched against the chord's numeral with its figures and without them (`facts.roman` and
 * `facts.romanBase`), so 'V7' finds every inversion of the dominant seventh and 'V65' the first.
 */
export interface HarmonyCondition {
  property: HarmonyProperty;
  values: string[];
}

export class HarmonyValueError extends Error {}

const NUMERAL_WORDS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];

/** 'C', 'c', 'Eb', 'f#' (the key names the index stores) from 'A major', 'f# minor', 'C:', 'Bb'. */
export function keyValue(text: string): string {
  const key = keyLiteral(text.trim().replace(/:$/, ''));
  if (key === null) {
    throw new HarmonyValueError(
      `'${text}' is not a key: write it as the viewer shows it (A:, f#:) or as A major, f# minor, Eb, c.`,
    );
  }
  return key;
}

const ACCIDENTAL = '(bb|##|b|#)?';
const DEGREE = '(VII|VI|IV|V|III|II|I|vii|vi|iv|v|iii|ii|i)';
const APPLIED = `(?:/(${ACCIDENTAL.slice(1, -2)})?${DEGREE})?`;
const ROMAN = new RegExp(`^${ACCIDENTAL}${DEGREE}(o|°|ø|\\+M|\\+|M)?([0-9]*|b9)${APPLIED}$`);
const KEY_RELATIVE = new RegExp(
  `^(N6?|It\\+?6\\+?|Fr\\+?6\\+?|Gr\\+?6\\+?|Ger\\+?6\\+?)${APPLIED}$`,
);

/** The index's spelling of the Neapolitan and augmented sixths ('Ger+6'; the viewer: 'Gr6+'). */
function keyRelativeName(body: string): string {
  if (body.startsWith('N')) return 'N6';
  if (body.startsWith('It')) return 'It+6';
  if (body.startsWith('Fr')) return 'Fr+6';
  return 'Ger+6';
}

/**
 * A Roman numeral as the viewer draws it ('V7', 'ii6', 'V65/V', 'viio7', 'bVI', 'Gr6+'), case
 * sensitive (upper case major, lower case minor): the stored numerals it may equal. The index
 * writes '°' for 'o', '2' for a seventh chord's '42', and key-relative chords as 'N6', 'It+6',
 * 'Fr+6', 'Ger+6'; both spellings are accepted.
 */
export function numeralValues(text: string): string[] {
  const numeral = text.trim();
  const special = KEY_RELATIVE.exec(numeral);
  if (special) {
    const applied = numeral.slice(special[1]!.length);
    return [keyRelativeName(special[1]!) + applied];
  }
  const match = ROMAN.exec(numeral);
  if (!match) {
    throw new HarmonyValueError(
      `'${text}' is not a Roman numeral: write it as the viewer shows it, such as V7, ii6, V65/V, viio7, bVI or N6.`,
    );
  }
  const stored = numeral.replace(/^([^/]*?)o/, '$1°');
  const figures = match[4] ?? '';
  // The index writes the last inversion of a seventh chord '2' (V2), the viewer 'V42'.
  if (figures === '42') return [stored, stored.replace('42', '2')];
  return [stored];
}

const QUALITY_NAMES = CHORD_QUALITIES.map((quality) => quality.name);

/** A music21 chord quality name as stored ('dominant-seventh'), in any case. */
export function qualityValue(text: string): string {
  const wanted = text.trim().toLowerCase();
  const name = QUALITY_NAMES.find((candidate) => candidate.toLowerCase() === wanted);
  if (name === undefined) {
    throw new HarmonyValueError(
      `'${text}' is not a chord quality. Choose one of: ${QUALITY_NAMES.join(', ')}.`,
    );
  }
  return name;
}

function wholeNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  return /^\s*[0-9]+\s*$/.test(value) ? Number(value) : null;
}

/** 0 (root position) to 3. */
export function inversionValue(value: string | number): string {
  const inversion = wholeNumber(value);
  if (inversion === null || inversion > 3) {
    throw new HarmonyValueError(
      `An inversion is a whole number from 0 (root position) to 3 (got ${JSON.stringify(value)}).`,
    );
  }
  return String(inversion);
}

/**
 * The degree a chord is applied to: a Roman numeral in either case ('V' for V/V; 'I' for a chord
 * that is not applied), or the stored number, 0 to 6 from the tonic as in the .tla file.
 */
export function appliedToValue(value: string | number): string {
  const number = wholeNumber(value);
  const degree =
    number ??
    (typeof value === 'string'
      ? NUMERAL_WORDS.indexOf(value.trim().replace(/^\//, '').toUpperCase())
      : -1);
  if (degree < 0 || degree > 6) {
    throw new HarmonyValueError(
      `An applied-to degree is a Roman numeral I to VII (V for chords applied to V; I for none) or a number 0 to 6 (got ${JSON.stringify(value)}).`,
    );
  }
  return String(degree);
}

/** The stored values of one typed value of a property. */
export function harmonyValues(property: HarmonyProperty, value: string | number): string[] {
  switch (property) {
    case 'key':
      return [keyValue(String(value))];
    case 'numeral':
      return numeralValues(String(value));
    case 'quality':
      return [qualityValue(String(value))];
    case 'inversion':
      return [inversionValue(value)];
    case 'applied_to':
      return [appliedToValue(value)];
    default: {
      const unexpected: never = property;
      throw new Error(`unknown harmony property ${String(unexpected)}`);
    }
  }
}

/** Key fields from a stored key name ('Eb', 'f#'); null for '' (before the first key). */
function keyFieldsOf(name: string): KeyFields | null {
  const spelled = spelling(name);
  if (!spelled) return null;
  return { ...spelled, type: name[0] === name[0]!.toLowerCase() ? 'minor' : 'major' };
}

function spelling(name: string): { step: number; accidental: number } | null {
  const match = /^([A-Ga-g])(#*|b*)$/.exec(name);
  if (!match) return null;
  const step = STEP_NAMES.indexOf(match[1]!.toUpperCase() as (typeof STEP_NAMES)[number]);
  const marks = match[2]!;
  const accidental = marks.startsWith('#') ? marks.length : -marks.length;
  return { step, accidental };
}

/** What the index stores of a chord (chordFacts), as far as the search reads it. */
export interface StoredChordFacts {
  root: string;
  quality: string;
  inversion: number;
  applied_to: number;
  roman: string;
  key: string;
}

/**
 * The Roman numeral the viewer draws for a chord (harmonyLabel in roman mode, in the key in
 * force), from the index's facts; the index's own numeral when the root cannot be read back.
 */
export function viewerNumeral(facts: StoredChordFacts): string {
  const root = spelling(facts.root);
  if (!root || facts.roman === '') return facts.roman;
  return harmonyLabel(
    {
      ...root,
      quality: facts.quality,
      inversion: facts.inversion,
      appliedTo: facts.applied_to,
      displayMode: 'roman',
      customText: '',
    },
    keyFieldsOf(facts.key),
  );
}
