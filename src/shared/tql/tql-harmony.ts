/**
 * Chords and keys as TQL reads them (TQL.md section 10): derived labels (Roman numeral in the key
 * in force, chord symbol, key name) and the literals a chords or keys lane step is read as.
 */
import { harmonyLabelParts, type LabelledHarmony } from '../harmony/harmony-label';
import { chordQuality } from '../harmony/chord-qualities';
import { noteName, type KeyFields } from '../harmony/pitch-spelling';

export interface ChordFacts {
  root: string;
  quality: string;
  inversion: number;
  applied_to: number;
  /** The Roman numeral with its figure (V65), and without it (V7): what a figure-less literal takes. */
  roman: string;
  romanBase: string;
  /** The chord symbol (G7/B) and without its bass (G7). */
  symbol: string;
  symbolBase: string;
  /** The key in force ('' before the first key). */
  key: string;
  custom: string;
}

export interface KeyFacts {
  tonic: string;
  mode: 'major' | 'minor';
  key: string;
}

const KEY_RELATIVE: Record<string, string> = {
  Neapolitan: 'N6',
  Italian: 'It+6',
  French: 'Fr+6',
  German: 'Ger+6',
};

/** `C`, `c`, `Eb`, `f#`: upper case major, lower case minor. */
export function keyName(key: KeyFields): string {
  const name = noteName(key.step, key.accidental);
  return key.type === 'minor' ? name.toLowerCase() : name;
}

const markOf = (mark: string) => (mark === 'o' ? '°' : mark);

export function chordFacts(
  chord: Omit<LabelledHarmony, 'displayMode'>,
  key: KeyFields | null,
): ChordFacts {
  const quality = chordQuality(chord.quality);
  const roman = harmonyLabelParts({ ...chord, displayMode: 'roman' }, key);
  const symbol = harmonyLabelParts({ ...chord, displayMode: 'chord' }, key).text;
  let romanText = '';
  let romanBase = '';
  if (quality) {
    const keyRelative = KEY_RELATIVE[quality.name];
    if (keyRelative) {
      romanText = romanBase = keyRelative + roman.applied;
    } else {
      let figures = roman.figures.join('');
      if (quality.family === 'seventh' && figures === '42') figures = '2';
      if (quality.family === 'triad' && figures === '64') figures = '64';
      const head = roman.prefix + roman.numeral + markOf(roman.qualityMark);
      romanText = head + figures + roman.applied;
      romanBase =
        head +
        (quality.family === 'seventh' ? '7' : quality.family === 'triad' ? '' : figures) +
        roman.applied;
    }
  }
  return {
    root: noteName(chord.step, chord.accidental),
    quality: chord.quality,
    inversion: chord.inversion,
    applied_to: chord.appliedTo,
    roman: romanText,
    romanBase,
    symbol,
    symbolBase: symbol.replace(/\/.*$/, ''),
    key: key ? keyName(key) : '',
    custom: chord.customText.trim(),
  };
}

/** A chord's shown label: its custom text, else its numeral, else its symbol. */
export function chordLabel(facts: ChordFacts): string {
  return facts.custom || facts.roman || facts.symbol;
}

const ROOT = /^([A-G])(#{1,2}|b{1,2}|x|♯|♭)?/;

/** A key literal (C, c, Eb, f#, bb, C minor, Cm, CM) as its key name, or null. */
export function keyLiteral(text: string): string | null {
  const match = /^([A-Ga-g])(#{1,2}|b{1,2}|♯|♭)?\s*(major|minor|maj|min|m|M)?$/.exec(text.trim());
  if (!match) return null;
  const accidental = (match[2] ?? '').replace('♯', '#').replace('♭', 'b');
  const letter = match[1]!;
  const suffix = match[3];
  let minor = letter === letter.toLowerCase();
  if (suffix === 'minor' || suffix === 'min' || suffix === 'm') minor = true;
  if (suffix === 'major' || suffix === 'maj' || suffix === 'M') minor = false;
  const name = letter.toUpperCase() + accidental;
  return minor ? name.toLowerCase() : name;
}

const SYMBOL_SUFFIXES: Record<string, string> = {
  '': '',
  m: 'm',
  min: 'm',
  mi: 'm',
  '-': 'm',
  dim: 'dim',
  o: 'dim',
  '°': 'dim',
  aug: 'aug',
  '+': 'aug',
  '7': '7',
  maj7: 'maj7',
  M7: 'maj7',
  Δ: 'maj7',
  Δ7: 'maj7',
  m7: 'm7',
  min7: 'm7',
  '-7': 'm7',
  m7b5: 'm7b5',
  ø: 'm7b5',
  ø7: 'm7b5',
  '%': 'm7b5',
  dim7: 'dim7',
  o7: 'dim7',
  '°7': 'dim7',
  mM7: 'mM7',
  mmaj7: 'mM7',
  '6': '6',
  m6: 'm6',
  '9': '9',
  maj9: 'maj9',
  m9: 'm9',
  '11': '11',
  '13': '13',
  sus: 'sus4',
  sus4: 'sus4',
  sus2: 'sus2',
  '7sus4': '7sus4',
  '5': '5',
};

/** Our stored symbols' suffixes in the same canonical spelling. */
const STORED_SUFFIX: Record<string, string> = {
  '': '',
  m: 'm',
  dim: 'dim',
  '+': 'aug',
  aug: 'aug',
  '7': '7',
  maj7: 'maj7',
  m7: 'm7',
  m7b5: 'm7b5',
  dim7: 'dim7',
  mM7: 'mM7',
  'm(maj7)': 'mM7',
  '6': '6',
  m6: 'm6',
  '9': '9',
  maj9: 'maj9',
  m9: 'm9',
  '11': '11',
  '13': '13',
  sus4: 'sus4',
  sus2: 'sus2',
  '7sus4': '7sus4',
  '5': '5',
};

function canonicalSymbol(
  text: string,
  table: Record<string, string>,
): { root: string; suffix: string; bass: string | null } | null {
  const [head, bass, extra] = text.split('/');
  if (extra !== undefined || head === undefined) return null;
  const root = ROOT.exec(head);
  if (!root) return null;
  const rootName =
    root[1]! + (root[2] ?? '').replace('♯', '#').replace('♭', 'b').replace('x', '##');
  const suffix = table[head.slice(root[0].length)];
  if (suffix === undefined) return null;
  let bassName: string | null = null;
  if (bass !== undefined) {
    const b = ROOT.exec(bass);
    if (!b || b[0] !== bass) return null;
    bassName = b[1]! + (b[2] ?? '').replace('♯', '#').replace('♭', 'b').replace('x', '##');
  }
  return { root: rootName, suffix, bass: bassName };
}

const ROMAN =
  /^(bb|##|b|#|-)?(VII|VI|IV|V|III|II|I|vii|vi|iv|v|iii|ii|i)(°|o|dim|ø|%|\+|aug|M|maj|Δ)?(753|653|643|642|6\/5|4\/3|4\/2|53|63|64|65|43|42|7|6|2)?$/;

interface RomanLiteral {
  head: string;
  figure: string | null;
  target: string;
}

function romanLiteral(text: string): RomanLiteral | null {
  const [body, target, extra] =
    text.split('/').length > 2 && text.includes('6/5')
      ? [text, undefined, undefined]
      : text.split('/');
  if (extra !== undefined || body === undefined) return null;
  const special = /^(N6?|It\+?6|Fr\+?(?:6|43)|Ger\+?(?:6|65)|Gr\+?6)$/.exec(body);
  if (special) {
    const name = body.startsWith('N')
      ? 'N6'
      : body.startsWith('It')
        ? 'It+6'
        : body.startsWith('Fr')
          ? 'Fr+6'
          : 'Ger+6';
    return { head: name, figure: null, target: target ? `/${target}` : '' };
  }
  const match = ROMAN.exec(body);
  if (!match) return null;
  if (
    target !== undefined &&
    !/^(bb|##|b|#)?(VII|VI|IV|V|III|II|I|vii|vi|iv|v|iii|ii|i)$/.test(target)
  )
    return null;
  const accidental = match[1] === '-' ? 'b' : (match[1] ?? '');
  const markText = match[3] ?? '';
  const mark =
    ({ o: '°', dim: '°', '%': 'ø', aug: '+', maj: 'M', Δ: 'M' } as Record<string, string>)[
      markText
    ] ?? markText;
  let figure = (match[4] ?? '').replace('/', '');
  figure =
    (
      {
        '753': '7',
        '653': '65',
        '643': '43',
        '642': '2',
        '42': '2',
        '63': '6',
        '53': '',
      } as Record<string, string>
    )[figure] ?? figure;
  const seventh = ['7', '65', '43', '2'].includes(figure);
  const numeral = match[2]!;
  const rootPosition = match[4] === '53' || match[4] === '753';
  return {
    head: accidental + numeral + mark + (seventh ? '7' : ''),
    figure: match[4] === undefined ? null : rootPosition ? (seventh ? '7' : '') : figure,
    target: target ? `/${target}` : '',
  };
}

/** A literal of a chords lane read as a test of a chord, or null when it is no chord. */
export function chordLiteral(text: string): ((chord: ChordFacts) => boolean) | null {
  if (/^[A-G]/.test(text) && !/^(It|Fr|Ger|Gr)/.test(text)) {
    const literal = canonicalSymbol(text, SYMBOL_SUFFIXES);
    if (!literal) return null;
    return (chord) => {
      const stored = canonicalSymbol(chord.symbol, STORED_SUFFIX);
      if (!stored || stored.root !== literal.root || stored.suffix !== literal.suffix) return false;
      if (literal.bass === null) return true;
      return (stored.bass ?? stored.root) === literal.bass;
    };
  }
  const literal = romanLiteral(text);
  if (!literal) return null;
  return (chord) => {
    if (chord.roman === '') return false;
    const applied = chord.roman.match(/\/[^/]*$/)?.[0] ?? '';
    if (applied !== literal.target) return false;
    const ownBase = chord.romanBase.slice(0, chord.romanBase.length - applied.length);
    const own = chord.roman.slice(0, chord.roman.length - applied.length);
    const base = literal.head.replace(/^#(vii|vi)/, '$1');
    const ownBaseLoose = ownBase.replace(/^#(vii|vi)/, '$1');
    if (ownBaseLoose !== base && ownBase !== literal.head) return false;
    if (literal.figure === null) return true;
    const seventh = literal.head.endsWith('7');
    const wanted = seventh
      ? literal.head.slice(0, -1) + literal.figure
      : literal.head + literal.figure;
    return own.replace(/^#(vii|vi)/, '$1') === wanted.replace(/^#(vii|vi)/, '$1');
  };
}
