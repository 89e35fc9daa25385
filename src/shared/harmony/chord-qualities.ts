/**
 * The chord qualities the desktop app offers: the names of music21's `harmony.CHORD_TYPES`
 * (tilia/timelines/harmony/constants.py), with music21's interval strings, and how each one is
 * labelled here. The interval strings use music21's notation: a chord member's degree above the
 * root (1, 3, 5, 7, 9, 11, 13), raised by '#' and lowered by '-' (before or after the number),
 * measured from the root's major scale.
 */

export type QualityFamily =
  | 'triad'
  | 'seventh'
  | 'sixth'
  | 'ninth'
  | 'eleventh'
  | 'thirteenth'
  | 'suspended'
  | 'key-relative'
  | 'other';

export interface ChordQuality {
  /** The music21 name stored in a HARMONY component's `quality`. */
  name: string;
  /** music21's degree string; for the key-relative qualities, degrees above the key's tonic. */
  intervals: string;
  /** Semitones above the reference note, chord-member order (root, third, fifth, ...). */
  semitones: readonly number[];
  /** Generic (diatonic) steps above the reference note, 0-based: 2 = a third, 8 = a ninth. */
  steps: readonly number[];
  /** Highest inversion the desktop allows (get_inversion_amount in 0.5.x). */
  maxInversion: number;
  family: QualityFamily;
  /**
   * Key-relative qualities (Neapolitan and the augmented sixths) are labelled without their root
   * ('N6', 'Gr6+'), so their pitches come from the key in force: the interval reference is the
   * tonic of that key (or of the applied degree), as in music21's '1,-3,#4,-6' for German.
   */
  keyRelative: boolean;
  /** For qualities with no inversions: which member sounds in the bass (its index). */
  fixedBass: number;
  /** Roman numeral in lower case (minor, diminished and half-diminished qualities). */
  lowerCase: boolean;
  /** Mark after the numeral: 'o', 'ø', '+', 'M' (major seventh), '+M'. */
  mark: string;
  /** Chord-symbol suffix after the root's name: 'm', '7', 'maj7', 'm7b5'. */
  symbol: string;
}

type Row = [name: string, intervals: string, family: QualityFamily, mark: string, symbol: string];

/** In music21's order. */
const ROWS: readonly Row[] = [
  ['major', '1,3,5', 'triad', '', ''],
  ['minor', '1,-3,5', 'triad', '', 'm'],
  ['augmented', '1,3,#5', 'triad', '+', '+'],
  ['diminished', '1,-3,-5', 'triad', 'o', 'dim'],
  ['dominant-seventh', '1,3,5,-7', 'seventh', '', '7'],
  ['major-seventh', '1,3,5,7', 'seventh', 'M', 'maj7'],
  ['minor-major-seventh', '1,-3,5,7', 'seventh', 'M', 'm(maj7)'],
  ['minor-seventh', '1,-3,5,-7', 'seventh', '', 'm7'],
  ['augmented-major-seventh', '1,3,#5,7', 'seventh', '+M', '+maj7'],
  ['augmented-seventh', '1,3,#5,-7', 'seventh', '+', '+7'],
  ['half-diminished-seventh', '1,-3,-5,-7', 'seventh', 'ø', 'm7b5'],
  ['diminished-seventh', '1,-3,-5,--7', 'seventh', 'o', 'dim7'],
  ['seventh-flat-five', '1,3,-5,-7', 'seventh', '', '7b5'],
  ['major-sixth', '1,3,5,6', 'sixth', '', '6'],
  ['minor-sixth', '1,-3,5,6', 'sixth', '', 'm6'],
  ['major-ninth', '1,3,5,7,9', 'ninth', 'M', 'maj9'],
  ['dominant-ninth', '1,3,5,-7,9', 'ninth', '', '9'],
  ['minor-major-ninth', '1,-3,5,7,9', 'ninth', 'M', 'm(maj9)'],
  ['minor-ninth', '1,-3,5,-7,9', 'ninth', '', 'm9'],
  ['augmented-major-ninth', '1,3,#5,7,9', 'ninth', '+M', '+maj9'],
  ['augmented-dominant-ninth', '1,3,#5,-7,9', 'ninth', '+', '+9'],
  ['half-diminished-ninth', '1,-3,-5,-7,9', 'ninth', 'ø', 'm9b5'],
  ['half-diminished-minor-ninth', '1,-3,-5,-7,-9', 'ninth', 'ø', 'm7b5b9'],
  ['diminished-ninth', '1,-3,-5,--7,9', 'ninth', 'o', 'dim9'],
  ['diminished-minor-ninth', '1,-3,-5,--7,-9', 'ninth', 'o', 'dim7b9'],
  ['dominant-11th', '1,3,5,-7,9,11', 'eleventh', '', '11'],
  ['major-11th', '1,3,5,7,9,11', 'eleventh', 'M', 'maj11'],
  ['minor-major-11th', '1,-3,5,7,9,11', 'eleventh', 'M', 'm(maj11)'],
  ['minor-11th', '1,-3,5,-7,9,11', 'eleventh', '', 'm11'],
  ['augmented-major-11th', '1,3,#5,7,9,11', 'eleventh', '+M', '+maj11'],
  ['augmented-11th', '1,3,#5,-7,9,11', 'eleventh', '+', '+11'],
  ['half-diminished-11th', '1,-3,-5,-7,-9,11', 'eleventh', 'ø', 'm11b5b9'],
  ['diminished-11th', '1,-3,-5,--7,-9,-11', 'eleventh', 'o', 'dim11'],
  ['major-13th', '1,3,5,7,9,11,13', 'thirteenth', 'M', 'maj13'],
  ['dominant-13th', '1,3,5,-7,9,11,13', 'thirteenth', '', '13'],
  ['minor-major-13th', '1,-3,5,7,9,11,13', 'thirteenth', 'M', 'm(maj13)'],
  ['minor-13th', '1,-3,5,-7,9,11,13', 'thirteenth', '', 'm13'],
  ['augmented-major-13th', '1,3,#5,7,9,11,13', 'thirteenth', '+M', '+maj13'],
  ['augmented-dominant-13th', '1,3,#5,-7,9,11,13', 'thirteenth', '+', '+13'],
  ['half-diminished-13th', '1,-3,-5,-7,9,11,13', 'thirteenth', 'ø', 'm13b5'],
  ['suspended-second', '1,2,5', 'suspended', '', 'sus2'],
  ['suspended-fourth', '1,4,5', 'suspended', '', 'sus4'],
  ['suspended-fourth-seventh', '1,4,5,-7', 'suspended', '', '7sus4'],
  // music21 spells Neapolitan '1,2-,3,5-', which is no Neapolitan sixth (the desktop's own notes
  // say its pitches need building independently). Here it is the major triad on the lowered
  // second degree of the key in force, in first inversion, as its label 'N6' says.
  ['Neapolitan', '-2,4,-6', 'key-relative', '', 'N6'],
  ['Italian', '1,#4,-6', 'key-relative', '', 'It6+'],
  ['French', '1,2,#4,-6', 'key-relative', '', 'Fr6+'],
  ['German', '1,-3,#4,-6', 'key-relative', '', 'Gr6+'],
  ['pedal', '1', 'other', '', 'ped'],
  ['power', '1,5', 'other', '', '5'],
  ['Tristan', '1,#4,#6,#9', 'other', '', 'Tristan'],
];

/** Semitones of the major scale's degrees 1..13 above the root. */
const MAJOR_DEGREE_SEMITONES: Readonly<Record<number, number>> = {
  1: 0,
  2: 2,
  3: 4,
  4: 5,
  5: 7,
  6: 9,
  7: 11,
  9: 14,
  11: 17,
  13: 21,
};

function parseDegree(token: string): { semitones: number; step: number } {
  const degree = Number(token.replace(/[#-]/g, ''));
  const base = MAJOR_DEGREE_SEMITONES[degree];
  if (base === undefined) throw new Error(`unknown chord degree '${token}'`);
  const sharps = token.split('#').length - 1;
  const flats = token.split('-').length - 1;
  return { semitones: base + sharps - flats, step: degree - 1 };
}

/** The desktop's get_inversion_amount (0.5.x): what its Inversion field offers for a quality. */
function maxInversionOf(name: string): number {
  if (['power', 'pedal', 'French', 'German', 'Italian', 'Neapolitan', 'Tristan'].includes(name)) {
    return 0;
  }
  if (/(sixth|seventh|ninth|11th|13th)$/.test(name) || name === 'seventh-flat-five') return 3;
  return 2;
}

/** Member in the bass of the qualities that have no inversion: the augmented sixth's b6 in the
 * bass, the Neapolitan's third (the fourth degree); the root for the rest. */
const FIXED_BASS: Readonly<Record<string, number>> = {
  Neapolitan: 1,
  Italian: 2,
  French: 3,
  German: 3,
};

export const CHORD_QUALITIES: readonly ChordQuality[] = ROWS.map(
  ([name, intervals, family, mark, symbol]) => {
    const degrees = intervals.split(',').map(parseDegree);
    return {
      name,
      intervals,
      semitones: degrees.map((d) => d.semitones),
      steps: degrees.map((d) => d.step),
      maxInversion: maxInversionOf(name),
      family,
      keyRelative: family === 'key-relative',
      fixedBass: FIXED_BASS[name] ?? 0,
      lowerCase: /^(minor|diminished|half-diminished)/.test(name),
      mark,
      symbol,
    };
  },
);

const BY_NAME = new Map(CHORD_QUALITIES.map((q) => [q.name, q]));

export function chordQuality(name: string): ChordQuality | undefined {
  return BY_NAME.get(name);
}
