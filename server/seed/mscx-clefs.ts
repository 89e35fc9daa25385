/**
 * The clefs of a DCML score, read from its MuseScore file: each staff's clef at the start (the
 * staff's `<defaultClef>`, treble when there is none) and every `<Clef>` change in the body, with
 * the stored bar (`mc`) and the position in it, in quarter notes. Positions are the sum of the
 * durations before the clef in its voice (dots, tuplets, `<location>` moves; grace notes take no
 * time).
 */

export type ClefSign = 'G' | 'F';

export interface ClefChange {
  /** 1-based staff number, as DCML's `staff` column. */
  staff: number;
  mc: number;
  /** Quarter notes from the start of the bar. */
  offset: number;
  sign: ClefSign;
}

interface XmlElement {
  name: string;
  /** Index of the start tag. */
  start: number;
  /** Index past the end tag (or the self-closing tag). */
  end: number;
  /** Index past the start tag (equal to `end` for a self-closing one). */
  contentStart: number;
}

const TAG = /<(\/?)([A-Za-z][\w-]*)([^>]*?)(\/?)>/g;

/** The elements directly inside [from, to): a depth count over start and end tags. */
function childElements(xml: string, from: number, to: number): XmlElement[] {
  const found: XmlElement[] = [];
  let depth = 0;
  let open: { name: string; start: number; contentStart: number } | null = null;
  TAG.lastIndex = from;
  for (let match = TAG.exec(xml); match && match.index < to; match = TAG.exec(xml)) {
    const [whole, closing, name = '', , selfClosing] = match;
    const afterTag = match.index + whole.length;
    if (closing) {
      depth -= 1;
      if (depth === 0 && open) {
        found.push({ ...open, end: afterTag });
        open = null;
      }
    } else if (selfClosing) {
      if (depth === 0) {
        found.push({ name, start: match.index, end: afterTag, contentStart: afterTag });
      }
    } else {
      if (depth === 0) open = { name, start: match.index, contentStart: afterTag };
      depth += 1;
    }
  }
  return found;
}

function inner(xml: string, element: XmlElement): string {
  return xml.slice(
    element.contentStart,
    Math.max(element.contentStart, xml.lastIndexOf('<', element.end - 1)),
  );
}

function childText(xml: string, parent: XmlElement, name: string): string | null {
  const child = childElements(xml, parent.contentStart, parent.end).find((c) => c.name === name);
  return child ? inner(xml, child).trim() : null;
}

const DURATION_QUARTERS: Readonly<Record<string, number>> = {
  long: 16,
  breve: 8,
  whole: 4,
  half: 2,
  quarter: 1,
  eighth: 1 / 2,
  '16th': 1 / 4,
  '32nd': 1 / 8,
  '64th': 1 / 16,
  '128th': 1 / 32,
};

const GRACE_MARKS = /<(acciaccatura|appoggiatura|grace\d+(after)?)\/>/;

/** '3/8' → 1.5 quarter notes; `measure` rests take their own `<duration>`. */
function wholeFraction(text: string): number {
  const [numerator, denominator] = text.split('/').map(Number);
  if (!numerator && numerator !== 0) throw new Error(`bad fraction '${text}'`);
  return (4 * numerator) / (denominator ?? 1);
}

function chordOrRestQuarters(xml: string, element: XmlElement): number {
  const body = xml.slice(element.contentStart, element.end);
  if (element.name === 'Chord' && GRACE_MARKS.test(body)) return 0;
  const type = childText(xml, element, 'durationType') ?? '';
  if (type === 'measure') return wholeFraction(childText(xml, element, 'duration') ?? '0');
  const base = DURATION_QUARTERS[type];
  if (base === undefined) throw new Error(`unknown durationType '${type}'`);
  const dots = Number(childText(xml, element, 'dots') ?? 0);
  return base * (2 - 1 / 2 ** dots);
}

function voiceClefs(xml: string, voice: XmlElement): { offset: number; sign: ClefSign }[] {
  const clefs: { offset: number; sign: ClefSign }[] = [];
  let offset = 0;
  let tuplet = 1;
  for (const element of childElements(xml, voice.contentStart, voice.end)) {
    switch (element.name) {
      case 'Chord':
      case 'Rest':
        offset += tuplet * chordOrRestQuarters(xml, element);
        break;
      case 'Tuplet': {
        const normal = Number(childText(xml, element, 'normalNotes'));
        const actual = Number(childText(xml, element, 'actualNotes'));
        if (!normal || !actual) throw new Error('tuplet without its ratio');
        tuplet *= normal / actual;
        break;
      }
      case 'endTuplet':
        tuplet = 1;
        break;
      case 'location': {
        const fractions = childText(xml, element, 'fractions');
        if (fractions) offset += wholeFraction(fractions);
        break;
      }
      case 'Clef': {
        const sign = childText(xml, element, 'concertClefType');
        if (sign !== 'G' && sign !== 'F') throw new Error(`unsupported clef '${sign}'`);
        clefs.push({ offset, sign });
        break;
      }
    }
  }
  return clefs;
}

/** Every staff's opening clef (at mc 1, offset 0) and its changes, in score order. */
export function readClefs(mscx: string): ClefChange[] {
  const scoreStart = mscx.indexOf('<Score>');
  if (scoreStart < 0) throw new Error('no <Score>');
  const score = childElements(mscx, scoreStart + '<Score>'.length, mscx.indexOf('</Score>'));
  const part = score.find((element) => element.name === 'Part');
  if (!part) throw new Error('no <Part>');
  const partStaves = childElements(mscx, part.contentStart, part.end).filter(
    (element) => element.name === 'Staff',
  );
  const changes: ClefChange[] = partStaves.map((staff, index) => ({
    staff: index + 1,
    mc: 1,
    offset: 0,
    sign: childText(mscx, staff, 'defaultClef') === 'F' ? 'F' : 'G',
  }));
  const bodies = score.filter((element) => element.name === 'Staff');
  bodies.forEach((body, index) => {
    // Bars do not nest, so they are found by their tags; only a bar with a clef is parsed.
    const open = /<Measure(?:\s[^>]*)?>/g;
    open.lastIndex = body.contentStart;
    let mc = 0;
    for (let match = open.exec(mscx); match && match.index < body.end; match = open.exec(mscx)) {
      mc += 1;
      const end = mscx.indexOf('</Measure>', match.index);
      open.lastIndex = end;
      const text = mscx.slice(match.index, end);
      if (!text.includes('<Clef>')) continue;
      const contentStart = match.index + match[0].length;
      for (const voice of childElements(mscx, contentStart, end)) {
        if (voice.name !== 'voice') continue;
        for (const clef of voiceClefs(mscx, voice)) changes.push({ staff: index + 1, mc, ...clef });
      }
    }
  });
  return changes.sort((a, b) => a.staff - b.staff || a.mc - b.mc || a.offset - b.offset);
}
