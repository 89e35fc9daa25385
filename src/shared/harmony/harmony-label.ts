/**
 * Text labels of HARMONY and MODE components, after the desktop app's rules
 * (tilia/ui/timelines/harmony/utils.py `to_roman_numeral`, elements/harmony.py
 * `chord_symbol_label`), written in plain text instead of the desktop's MusAnalysis-font codes:
 *
 * - Roman numerals are read against the key in force (C major when none). The numeral is the
 *   root's degree counted from the key, or from the applied degree (`appliedTo`); it is lower case
 *   for minor, diminished and half-diminished qualities.
 * - Marks: 'o' diminished, 'ø' half-diminished, '+' augmented, 'M' major seventh (the desktop's
 *   '^^7'). Figures: triads '' / 6 / 64; sevenths 7 / 65 / 43 / 42 (the desktop writes '2');
 *   ninths 9 / 765 / 543 / 432 as the desktop; elevenths and thirteenths take the ninth's
 *   inversion figures plus '(11)' / '(13)' so they stay apart from ninths.
 * - An accidental prefix says how the root differs from the scale of the key it is read in. Unlike
 *   the desktop (which compares with music21's natural minor, giving '#viio' for G# in a minor),
 *   raised sixth and seventh degrees of a minor key take no prefix: 'viio', as textbooks write it.
 *   Applied chords get a prefix too, read in the applied key (the desktop leaves them bare), and
 *   the applied numeral's case follows the triad on that degree ('V7/ii'; the desktop: '/II').
 * - Neapolitan and augmented sixths are 'N6', 'It6+', 'Fr6+', 'Gr6+' (the desktop's spellings),
 *   with '/V' when applied.
 */
import type { HarmonyComponent, ModeComponent } from '../tla/tla-model';
import { chordQuality, type ChordQuality } from './chord-qualities';
import { bassMember, referencePitch, spelledMember } from './harmony-pitches';
import {
  C_MAJOR,
  accidentalText,
  mod,
  noteName,
  scaleDegree,
  tonicizedKey,
  type KeyFields,
} from './pitch-spelling';

export interface HarmonyLabelParts {
  /** Accidental before the numeral: '', 'b', '#', 'bb'. */
  prefix: string;
  /** 'V', 'ii', 'N', 'Gr'; in chord and custom modes the whole label. */
  numeral: string;
  /** 'o', 'ø', '+', 'M', '+M' or ''. */
  qualityMark: string;
  /** Figured-bass figures top to bottom, for stacking: ['6', '5']. */
  figures: string[];
  /** Written after the figures: '(b5)', '(11)', '+', 'ped', '(sus4)'. */
  alteration: string;
  /** '/V', '/ii' or ''. */
  applied: string;
  text: string;
}

export type LabelledHarmony = Pick<
  HarmonyComponent,
  'step' | 'accidental' | 'quality' | 'inversion' | 'appliedTo' | 'displayMode' | 'customText'
>;

const NUMERALS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'] as const;

const TRIAD_FIGURES = [[], ['6'], ['6', '4']];
const SEVENTH_FIGURES = [['7'], ['6', '5'], ['4', '3'], ['4', '2']];
const NINTH_FIGURES = [['9'], ['7', '6', '5'], ['5', '4', '3'], ['4', '3', '2']];
/** Desktop: '((6))', '6((4))', '64((2))', '7'; the last one marked so it is not a seventh chord. */
const SIXTH_FIGURES = [['(6)'], ['6', '(4)'], ['6', '4', '(2)'], ['7']];
/** Intervals above the bass of each suspended chord position (C D G, C F G, C F G Bb). */
const SUSPENDED_FIGURES: Readonly<Record<string, string[][]>> = {
  'suspended-second': [
    ['5', '2'],
    ['7', '4'],
    ['5', '4'],
  ],
  'suspended-fourth': [
    ['5', '4'],
    ['5', '2'],
    ['7', '4'],
  ],
  'suspended-fourth-seventh': [
    ['7', '4'],
    ['5', '4', '2'],
    ['7', '4', '3'],
    ['6', '5', '2'],
  ],
};
const SUSPENDED_NAMES: Readonly<Record<string, string>> = {
  'suspended-second': 'sus2',
  'suspended-fourth': 'sus4',
  'suspended-fourth-seventh': '7sus4',
};
const KEY_RELATIVE_NUMERALS: Readonly<Record<string, [string, string]>> = {
  Neapolitan: ['N', ''],
  Italian: ['It', '+'],
  French: ['Fr', '+'],
  German: ['Gr', '+'],
};

function pick(table: string[][], inversion: number): string[] {
  return [...(table[Math.min(inversion, table.length - 1)] ?? [])];
}

function figuresOf(quality: ChordQuality, inversion: number): [string[], string] {
  const inverted = inversion > 0;
  switch (quality.family) {
    case 'triad':
      return [pick(TRIAD_FIGURES, inversion), ''];
    case 'seventh':
      return [pick(SEVENTH_FIGURES, inversion), quality.name === 'seventh-flat-five' ? '(b5)' : ''];
    case 'sixth':
      return [pick(SIXTH_FIGURES, inversion), inversion === 3 ? '(6)' : ''];
    case 'ninth': {
      const flatNinth = quality.name.endsWith('minor-ninth');
      if (flatNinth && !inverted) return [['b9'], ''];
      return [pick(NINTH_FIGURES, inversion), flatNinth ? '(b9)' : ''];
    }
    case 'eleventh':
      return inverted ? [pick(NINTH_FIGURES, inversion), '(11)'] : [['11'], ''];
    case 'thirteenth':
      return inverted ? [pick(NINTH_FIGURES, inversion), '(13)'] : [['13'], ''];
    case 'suspended':
      return [
        pick(SUSPENDED_FIGURES[quality.name] ?? [], inversion),
        inverted ? `(${SUSPENDED_NAMES[quality.name] ?? ''})` : '',
      ];
    case 'key-relative':
      return [['6'], KEY_RELATIVE_NUMERALS[quality.name]?.[1] ?? ''];
    case 'other':
      if (quality.name === 'power') return [['5'], ''];
      return [[], quality.name === 'pedal' ? 'ped' : 'trist'];
    default: {
      const unreachable: never = quality.family;
      throw new Error(`unknown quality family ${String(unreachable)}`);
    }
  }
}

function numeralOf(degree: number, lowerCase: boolean): string {
  const numeral = NUMERALS[mod(degree, 7)] ?? 'I';
  return lowerCase ? numeral.toLowerCase() : numeral;
}

/** Accidental of the root against the scale of `key`; a minor key's raised 6 and 7 count as its own. */
function prefixIn(key: KeyFields, degree: number, accidental: number): string {
  let diff = accidental - scaleDegree(key, degree).accidental;
  if (key.type === 'minor' && (degree === 5 || degree === 6) && diff === 1) diff = 0;
  return accidentalText(diff);
}

/** The applied suffix, with the case of the triad the key builds on that degree. */
function appliedText(key: KeyFields, appliedTo: number): string {
  if (appliedTo === 0) return '';
  return '/' + numeralOf(appliedTo, tonicizedKey(key, appliedTo).type === 'minor');
}

function joinParts(parts: Omit<HarmonyLabelParts, 'text'>): HarmonyLabelParts {
  const text =
    parts.prefix +
    parts.numeral +
    parts.qualityMark +
    parts.figures.join('') +
    parts.alteration +
    parts.applied;
  return { ...parts, text };
}

function wholeText(text: string): HarmonyLabelParts {
  return {
    prefix: '',
    numeral: text,
    qualityMark: '',
    figures: [],
    alteration: '',
    applied: '',
    text,
  };
}

function romanParts(h: LabelledHarmony, quality: ChordQuality, key: KeyFields): HarmonyLabelParts {
  const inversion = Math.min(Math.max(h.inversion, 0), quality.maxInversion);
  const [figures, alteration] = figuresOf(quality, inversion);
  const applied = appliedText(key, h.appliedTo);
  const keyRelative = KEY_RELATIVE_NUMERALS[quality.name];
  if (keyRelative) {
    return joinParts({
      prefix: '',
      numeral: keyRelative[0],
      qualityMark: '',
      figures,
      alteration,
      applied,
    });
  }
  const target = tonicizedKey(key, h.appliedTo);
  const degree = mod(h.step - target.step, 7);
  return joinParts({
    prefix: prefixIn(target, degree, h.accidental),
    numeral: numeralOf(degree, quality.lowerCase),
    qualityMark: quality.mark,
    figures,
    alteration,
    applied,
  });
}

/** 'C', 'F#m', 'Bbmaj7', 'G7/B'; Neapolitan and augmented sixths as in roman mode. */
function chordSymbol(h: LabelledHarmony, quality: ChordQuality, key: KeyFields): string {
  if (quality.keyRelative) return romanParts(h, quality, key).text;
  const name = noteName(h.step, h.accidental) + quality.symbol;
  const inversion = Math.min(Math.max(h.inversion, 0), quality.maxInversion);
  if (inversion === 0) return name;
  const reference = referencePitch(h, key);
  const bass = spelledMember(reference, quality, bassMember(quality, inversion));
  return `${name}/${noteName(bass.step, bass.accidental)}`;
}

export function harmonyLabelParts(h: LabelledHarmony, key: KeyFields | null): HarmonyLabelParts {
  if (h.displayMode === 'custom') return wholeText(h.customText);
  const quality = chordQuality(h.quality);
  // A quality this table does not know still deserves a readable label.
  if (!quality) return wholeText(h.customText || h.quality);
  const inForce = key ?? C_MAJOR;
  if (h.displayMode === 'chord') return wholeText(chordSymbol(h, quality, inForce));
  return romanParts(h, quality, inForce);
}

export function harmonyLabel(h: LabelledHarmony, key: KeyFields | null): string {
  return harmonyLabelParts(h, key).text;
}

/** 'C:', 'a:', 'F#:', 'bb:' (upper case major, lower case minor). */
export function keyLabel(mode: Pick<ModeComponent, 'step' | 'accidental' | 'type'>): string {
  const name = noteName(mode.step, mode.accidental);
  return (mode.type === 'minor' ? name.toLowerCase() : name) + ':';
}

/**
 * The key in force at a time among a harmony timeline's components: the latest MODE at or before
 * it, or null (read as C major) when there is none. Upload and the viewer JSON label alike by it.
 */
export function keyFinder(components: (HarmonyComponent | ModeComponent)[]) {
  const modes = components
    .filter((component): component is ModeComponent => component.kind === 'MODE')
    .sort((a, b) => a.time - b.time);
  return (time: number): ModeComponent | null => {
    let found: ModeComponent | null = null;
    for (const mode of modes) {
      if (mode.time > time) break;
      found = mode;
    }
    return found;
  };
}
