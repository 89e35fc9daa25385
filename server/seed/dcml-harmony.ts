/**
 * One DCML chord label → the fields of a TiLiA HARMONY component that denotes exactly DCML's
 * chord: the pitch classes of `chord_tones` + `added_tones` over `bass_note`, checked with
 * harmonyPitchClasses under the local key (the MODE in force). DCML's own reading (root, chord
 * type, figured bass, relative root) is tried first, so the numeral reads like DCML's; failing
 * that, every quality, root and inversion TiLiA offers is searched for the same notes, spelled
 * alike. When nothing fits, the component shows DCML's label as custom text.
 */
import { CHORD_QUALITIES, type ChordQuality } from '../../src/shared/harmony/chord-qualities';
import { harmonyPitchClasses, type HarmonyFields } from '../../src/shared/harmony/harmony-pitches';
import { tonicizedKey, type KeyFields } from '../../src/shared/harmony/pitch-spelling';
import { cell, parseIntList, type TsvRow } from './dcml-tables';
import {
  keyFields,
  parseNumeral,
  spellTpc,
  tpcOf,
  tpcPitchClass,
  type AbsoluteKey,
} from './dcml-keys';

export interface TiliaChord extends HarmonyFields {
  displayMode: 'roman' | 'custom';
  customText: string;
  comments: string;
}

export interface ConvertedChord {
  chord: TiliaChord;
  exact: boolean;
  /** Why DCML's chord could not be expressed (a category, for the statistics), or null. */
  reason: string | null;
}

/** DCML chord_type → music21 quality. */
const QUALITY_OF_CHORD_TYPE: Readonly<Record<string, string>> = {
  M: 'major',
  m: 'minor',
  o: 'diminished',
  '+': 'augmented',
  Mm7: 'dominant-seventh',
  mm7: 'minor-seventh',
  MM7: 'major-seventh',
  mM7: 'minor-major-seventh',
  o7: 'diminished-seventh',
  '%7': 'half-diminished-seventh',
  '+7': 'augmented-seventh',
  '+M7': 'augmented-major-seventh',
  Ger: 'German',
  It: 'Italian',
  Fr: 'French',
};

const INVERSION_OF_FIGBASS: Readonly<Record<string, number>> = {
  '': 0,
  '7': 0,
  '6': 1,
  '65': 1,
  '64': 2,
  '43': 2,
  '2': 3,
  '42': 3,
};

/** Search order: plain chords before the rarer families, so a match reads as simply as it can. */
const FAMILY_RANK: Readonly<Record<ChordQuality['family'], number>> = {
  triad: 0,
  seventh: 1,
  'key-relative': 2,
  suspended: 3,
  sixth: 4,
  ninth: 5,
  eleventh: 6,
  thirteenth: 7,
  other: 8,
};

/** Line-of-fifths offset of an interval given as (generic steps, semitones). */
function intervalTpc(steps: number, semitones: number): number {
  const MAJOR_STEP_TPC = [0, 2, 4, -1, 1, 3, 5];
  const MAJOR_STEP_SEMITONES = [0, 2, 4, 5, 7, 9, 11];
  const simple = steps % 7;
  const octaves = Math.floor(steps / 7);
  const alter = semitones - ((MAJOR_STEP_SEMITONES[simple] ?? 0) + 12 * octaves);
  return (MAJOR_STEP_TPC[simple] ?? 0) + 7 * alter;
}

interface Target {
  pitchClasses: number[];
  bass: number;
  /** Spelled members on the line of fifths, sorted. */
  tpcs: number[];
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function matchesPitches(h: HarmonyFields, key: KeyFields, target: Target): boolean {
  const pitches = harmonyPitchClasses(h, key);
  return (
    pitches !== null &&
    pitches.bass === target.bass &&
    sameList(pitches.pitchClasses, target.pitchClasses)
  );
}

/** The candidate's members spelled on the line of fifths (quality from the table). */
function spelledTpcs(h: HarmonyFields, quality: ChordQuality, key: KeyFields): number[] {
  const reference = quality.keyRelative ? tonicizedKey(key, h.appliedTo) : h;
  const referenceTpc = tpcOf(reference.step, reference.accidental);
  const tpcs = quality.semitones.map(
    (s, i) => referenceTpc + intervalTpc(quality.steps[i] ?? 0, s),
  );
  return [...new Set(tpcs)].sort((a, b) => a - b);
}

function withRoot(
  tpc: number,
  quality: string,
  inversion: number,
  appliedTo: number,
): HarmonyFields {
  return { ...spellTpc(tpc), quality, inversion, appliedTo };
}

/** A key-relative quality is stored on the tonic it is built on, as music21's '1'. */
function keyRelativeFields(quality: string, appliedTo: number, key: KeyFields): HarmonyFields {
  const tonic = tonicizedKey(key, appliedTo);
  return { step: tonic.step, accidental: tonic.accidental, quality, inversion: 0, appliedTo };
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

function search(
  memberTpcs: readonly number[],
  dcmlRootTpc: number,
  appliedTo: number,
  key: KeyFields,
  target: Target,
): HarmonyFields | null {
  let best: HarmonyFields | null = null;
  let bestRank: number[] = [];
  for (const [index, quality] of CHORD_QUALITIES.entries()) {
    const tries: HarmonyFields[] = [];
    if (quality.keyRelative) {
      tries.push(keyRelativeFields(quality.name, appliedTo, key));
    } else {
      for (const root of new Set(memberTpcs)) {
        for (let inversion = 0; inversion <= quality.maxInversion; inversion++) {
          tries.push(withRoot(root, quality.name, inversion, root === dcmlRootTpc ? appliedTo : 0));
        }
      }
    }
    for (const fields of tries) {
      if (!matchesPitches(fields, key, target)) continue;
      // Same pitch classes is not enough: D# is not Eb, and 'i' is no reading of 'I(#2)'.
      if (!sameList(spelledTpcs(fields, quality, key), target.tpcs)) continue;
      const rootTpc = tpcOf(fields.step, fields.accidental);
      const rank = [
        rootTpc === dcmlRootTpc ? 0 : 1,
        FAMILY_RANK[quality.family],
        index,
        fields.inversion,
      ];
      if (best === null || compareRanks(rank, bestRank) < 0) {
        best = fields;
        bestRank = rank;
      }
    }
  }
  return best;
}

function reasonFor(row: TsvRow, quality: string | undefined): [category: string, detail: string] {
  const augmentedSixth = quality !== undefined && AUGMENTED_SIXTHS.has(quality);
  // DCML spells every augmented sixth with a lowered third ('Ger6' = viio65(b3)/V): not a change.
  const changes = augmentedSixth ? cell(row, 'changes').replace(/^b3/, '') : cell(row, 'changes');
  const prefix = augmentedSixth ? 'augmented sixth with ' : '';
  if (changes !== '') {
    return cell(row, 'added_tones') !== ''
      ? [`${prefix}added tones`, `added tones (${changes}) have no TiLiA quality`]
      : [
          `${prefix}suspension or retardation`,
          `suspension or retardation (${changes}) has no TiLiA quality`,
        ];
  }
  if (augmentedSixth) {
    return ['augmented sixth over another bass', 'TiLiA has augmented sixths only over b6'];
  }
  if (quality === undefined) {
    return [`chord type '${cell(row, 'chord_type')}'`, 'its chord type has no TiLiA quality'];
  }
  return ['other', 'no TiLiA quality, root and inversion give its notes'];
}

const AUGMENTED_SIXTHS = new Set(['German', 'Italian', 'French']);

/**
 * TiLiA's applied_to for DCML's `relativeroot`: a diatonic degree, so an altered relative root
 * ('/bVI') gives none. DCML stores an augmented sixth as a chord applied to V ('Ger6' is
 * viio65(b3)/V), while TiLiA builds it on the tonic it belongs to: 'V' means no applied degree
 * there, and 'V/ii' means applied to ii.
 */
function appliedDegree(relativeRoot: string, quality: string | undefined): number {
  let text = relativeRoot;
  if (quality !== undefined && AUGMENTED_SIXTHS.has(quality)) {
    if (text === 'V') return 0;
    if (!text.startsWith('V/')) return 0;
    text = text.slice(2);
  }
  const numeral = parseNumeral(text);
  return numeral && numeral.alter === 0 ? numeral.degree : 0;
}

export function convertChord(row: TsvRow, localKey: AbsoluteKey): ConvertedChord {
  const label = cell(row, 'chord');
  const key = keyFields(localKey);
  const memberOffsets = [
    ...parseIntList(cell(row, 'chord_tones')),
    ...parseIntList(cell(row, 'added_tones')),
  ];
  const memberTpcs = memberOffsets.map((offset) => localKey.tpc + offset);
  const bassTpc = localKey.tpc + (parseIntList(cell(row, 'bass_note'))[0] ?? 0);
  const target: Target = {
    pitchClasses: [...new Set(memberTpcs.map(tpcPitchClass))].sort((a, b) => a - b),
    bass: tpcPitchClass(bassTpc),
    tpcs: [...new Set(memberTpcs)].sort((a, b) => a - b),
  };
  const rootTpc = localKey.tpc + (parseIntList(cell(row, 'root'))[0] ?? 0);
  const quality = QUALITY_OF_CHORD_TYPE[cell(row, 'chord_type')];
  const appliedTo = appliedDegree(cell(row, 'relativeroot'), quality);
  const inversion = INVERSION_OF_FIGBASS[cell(row, 'figbass')];

  let primary: HarmonyFields | null = null;
  if (quality !== undefined && inversion !== undefined) {
    primary = AUGMENTED_SIXTHS.has(quality)
      ? keyRelativeFields(quality, appliedTo, key)
      : withRoot(rootTpc, quality, inversion, appliedTo);
  }
  const exactFields =
    primary && matchesPitches(primary, key, target)
      ? primary
      : search(memberTpcs, rootTpc, appliedTo, key, target);
  if (exactFields) {
    return {
      chord: { ...exactFields, displayMode: 'roman', customText: '', comments: `DCML: ${label}` },
      exact: true,
      reason: null,
    };
  }
  const [category, detail] = reasonFor(row, quality);
  const fallback = primary ?? withRoot(rootTpc, 'major', 0, appliedTo);
  return {
    chord: {
      ...fallback,
      displayMode: 'custom',
      customText: label,
      comments: `DCML chord '${label}': ${detail}`,
    },
    exact: false,
    reason: category,
  };
}
