/**
 * One view of a Score timeline: staff lines, bar lines, the clef, key and time signature in force
 * at the view's left edge and where they change, and the notes as bodies from start to end at
 * their place on the staff, with ledger lines beyond it and accidentals where there is room.
 *
 * The cost is bounded by the screen: notes are culled by time, and at each staff place the
 * bodies that touch or overlap in pixels are drawn as one run, so a movement's thousands of
 * notes at fit-to-screen cost at most a run per place per pixel column, and a chord of ten notes
 * in one pixel column is drawn once per place it covers.
 */
import { diatonic, inForce, type PreparedScore } from './score-notes';
import { segmentRange, pointRange } from './visible-range';

/** Vertical geometry of the staves in a timeline of `height` px. */
export interface StaffGeometry {
  /** Distance between two staff lines (a staff space), px. */
  space: number;
  /** y of each staff's middle line, from the timeline's top. */
  middles: number[];
}

/** Staff space range: legible notes at the low end, no giant staves at the high end. */
const MIN_SPACE = 4;
const MAX_SPACE = 12;
/** A staff's band holds its 4 spaces and about 3 ledger lines above and below. */
const SPACES_PER_BAND = 10;

export function staffGeometry(height: number, staffCount: number): StaffGeometry {
  const count = Math.max(1, staffCount);
  const band = height / count;
  const space = Math.max(MIN_SPACE, Math.min(MAX_SPACE, Math.floor(band / SPACES_PER_BAND)));
  return { space, middles: Array.from({ length: count }, (_, i) => band * i + band / 2) };
}

/** A body's y: its place's centre, half a space up and down. */
export const placeY = (middle: number, place: number, space: number): number =>
  middle - (place * space) / 2;

/** SMuFL code points (Bravura) of the glyphs drawn as text. */
export const MUSIC_GLYPHS = {
  G: '\uE050',
  G8vb: '\uE052',
  G8va: '\uE053',
  F: '\uE062',
  F8vb: '\uE064',
  C: '\uE05C',
  flat: '\uE260',
  natural: '\uE261',
  sharp: '\uE262',
  doubleSharp: '\uE263',
  doubleFlat: '\uE264',
} as const;

export const ACCIDENTAL_GLYPHS: Record<number, string> = {
  [-2]: MUSIC_GLYPHS.doubleFlat,
  [-1]: MUSIC_GLYPHS.flat,
  0: MUSIC_GLYPHS.natural,
  1: MUSIC_GLYPHS.sharp,
  2: MUSIC_GLYPHS.doubleSharp,
};

/** Time signature digits: SMuFL timeSig0 (U+E080) to timeSig9. */
function meterDigits(value: number): string {
  return [...String(value)].map((digit) => String.fromCharCode(0xe080 + Number(digit))).join('');
}

/** Places of the sharps (or flats) of a key signature under the treble clef, in order. */
const SHARP_PLACES_TREBLE = [4, 1, 5, 2, -1, 3, 0];
const FLAT_PLACES_TREBLE = [0, 3, -1, 2, -2, 1, -3];
/** diatonic(B4): the note on the treble staff's middle line. */
const TREBLE_MIDDLE = 4 * 7 + 6;

/**
 * Where a key signature's accidentals sit under a clef whose middle line is `middle` (diatonic
 * steps from C0): the treble pattern moved by the clef's distance from treble (within an octave),
 * and an octave back where that would leave the staff (the tenor clef's sharps).
 */
export function keySignaturePlaces(fifths: number, middle: number, halfLines: number): number[] {
  let shift = (((TREBLE_MIDDLE - middle) % 7) + 7) % 7;
  if (shift > 3) shift -= 7;
  const pattern = fifths >= 0 ? SHARP_PLACES_TREBLE : FLAT_PLACES_TREBLE;
  // The treble pattern reaches the space above the staff (G sharp); moved up by a clef (the
  // tenor's), a sharp that would go there is written an octave lower instead.
  const top = shift > 0 ? halfLines : halfLines + 1;
  return pattern.slice(0, Math.min(7, Math.abs(fifths))).map((place) => {
    const moved = place + shift;
    if (moved > top) return moved - 7;
    if (moved < -halfLines - 1) return moved + 7;
    return moved;
  });
}

export interface ScoreDrawing {
  rect(x: number, y: number, w: number, h: number, color: number): void;
  hit(x0: number, y0: number, x1: number, y1: number, index: number): void;
  /** A music glyph; `behind`: under the notes, which stay in sight (signatures). */
  glyph(x: number, baseline: number, text: string, size: number, behind?: boolean): void;
  count(visible: number): void;
}

export const STAFF_LINE_COLOR = 0x8a8a8a;
export const BAR_LINE_COLOR = 0x6b6b6b;
export const NOTE_COLOR = 0x1f1f1f;
export const LEDGER_COLOR = 0x6b6b6b;

/**
 * Bar lines closer than this (px) to the last one drawn are left out: at an overview of a whole
 * movement a line in every pixel column turned the staves into a grey block.
 */
const BAR_LINE_MIN_GAP = 4;

/** Accidentals show when a bar is at least this wide (the desktop's own threshold). */
const ACCIDENTAL_MIN_BAR_WIDTH = 30;

interface Run {
  x0: number;
  x1: number;
  index: number;
}

/**
 * Draws the notes of the view and their ledger lines, one run per staff place of touching
 * bodies. Ledger lines are runs too, keyed by the line's y.
 */
function drawNotes(
  score: PreparedScore,
  geometry: StaffGeometry,
  pps: number,
  offset: number,
  viewport: number,
  withAccidentals: boolean,
  out: ScoreDrawing,
): void {
  const notes = score.notes;
  const t0 = offset / pps;
  const t1 = (offset + viewport) / pps;
  const [from, to] = segmentRange(notes.starts, notes.maxEnds, t0, t1);
  const { space } = geometry;
  const runs = new Map<number, Run>();
  const ledgers = new Map<number, Run>();
  let visible = 0;

  const flush = (key: number, run: Run, ledger: boolean) => {
    if (ledger) {
      out.rect(run.x0, key, run.x1 - run.x0, 1, LEDGER_COLOR);
      return;
    }
    const staff = Math.floor(key / 1000);
    const place = (key % 1000) - 500;
    const y = placeY(geometry.middles[staff] ?? 0, place, space);
    const width = Math.max(2, run.x1 - run.x0);
    // Three quarters of a space: a third (a space apart) keeps a gap, as noteheads on a staff do.
    const body = Math.max(2, Math.round(space * 0.75));
    out.rect(run.x0, y - body / 2, width, body, NOTE_COLOR);
    out.hit(run.x0, y - space / 2, run.x0 + Math.max(4, width), y + space / 2, run.index);
  };
  const extend = (
    map: Map<number, Run>,
    key: number,
    x0: number,
    x1: number,
    index: number,
    ledger: boolean,
  ) => {
    const run = map.get(key);
    // Overlapping bodies join; a repeated note keeps the pixel of space before it.
    if (run && x0 <= run.x1) {
      run.x1 = Math.max(run.x1, x1);
      return;
    }
    if (run) flush(key, run, ledger);
    map.set(key, { x0, x1, index });
  };

  for (let n = from; n < to; n++) {
    const start = notes.starts[n] ?? 0;
    const end = notes.ends[n] ?? start;
    if (end < t0 || start > t1) continue;
    visible++;
    const x0 = start * pps - offset;
    const x1 = Math.max(x0 + 2, end * pps - offset - 1);
    const staff = notes.staff[n] ?? 0;
    const place = notes.place[n] ?? 0;
    const index = notes.indices[n] ?? 0;
    extend(runs, staff * 1000 + place + 500, x0, x1, index, false);
    const halfLines = (score.staves[staff]?.lineCount ?? 5) - 1;
    const middle = geometry.middles[staff] ?? 0;
    // Ledger lines: every line place between the staff and the note, past the staff's edge.
    for (let line = halfLines + 2; line <= place; line += 2) {
      extend(ledgers, Math.round(placeY(middle, line, space)), x0 - 3, x1 + 3, index, true);
    }
    for (let line = -halfLines - 2; line >= place; line -= 2) {
      extend(ledgers, Math.round(placeY(middle, line, space)), x0 - 3, x1 + 3, index, true);
    }
    const accidental = notes.accidental[n] ?? 0;
    if (withAccidentals && notes.showAccidental[n] === 1) {
      const glyph = ACCIDENTAL_GLYPHS[accidental];
      if (glyph) out.glyph(x0 - space * 1.2, placeY(middle, place, space), glyph, space * 4);
    }
  }
  for (const [key, run] of ledgers) flush(key, run, true);
  for (const [key, run] of runs) flush(key, run, false);
  out.count(visible);
}

type Staff = PreparedScore['staves'][number];

/** Which signatures to draw: all of them (the header), or those that change (a change). */
type SignatureParts = { clef: boolean; key: boolean; meter: boolean };

/**
 * The places of the accidentals of key `before` that key `fifths` cancels, with naturals: all of
 * them for C major or A minor, or where sharps turn to flats or back; those beyond the new
 * count where the new key has fewer of the same kind.
 */
export function cancelledPlaces(before: number, fifths: number, places: number[]): number[] {
  if (before === 0) return [];
  if (fifths === 0 || Math.sign(before) !== Math.sign(fifths)) return places;
  return places.slice(Math.abs(fifths));
}

/** The key in force just before `time` (0 before the first). */
function keyBefore(keys: Staff['keys'], time: number): number {
  let before = 0;
  for (let i = 0; i < keys.times.length && (keys.times[i] ?? 0) < time; i++) {
    before = keys.values[i] ?? 0;
  }
  return before;
}

/**
 * The clef, key and time signature at x, for one staff, under the notes (a note is never hidden
 * by a signature: the view keeps time, so signatures share the notes' room). A change of key
 * first cancels, with naturals, the accidentals of the key before that the new one drops.
 * Returns the width used.
 */
function drawSignatures(
  staff: Staff,
  time: number,
  x: number,
  middle: number,
  space: number,
  parts: SignatureParts,
  out: ScoreDrawing,
  /** A change (not the signatures pinned at the left edge): the key before it is cancelled. */
  change = false,
): number {
  const size = space * 4;
  const halfLines = staff.lineCount - 1;
  let cursor = x;
  const clef = inForce(staff.clefs, time);
  if (clef && parts.clef) {
    // A clef glyph's origin is on the line the clef names.
    out.glyph(cursor, placeY(middle, clef.line * 2, space), MUSIC_GLYPHS[clef.shape], size, true);
    cursor += space * 3;
  }
  if (parts.key && clef) {
    const clefMiddle = diatonic(clef.step, clef.octave) - 2 * clef.line;
    const fifths = inForce(staff.keys, time) ?? 0;
    const before = change ? keyBefore(staff.keys, time) : 0;
    const oldPlaces = keySignaturePlaces(before, clefMiddle, halfLines);
    for (const place of cancelledPlaces(before, fifths, oldPlaces)) {
      out.glyph(cursor, placeY(middle, place, space), MUSIC_GLYPHS.natural, size, true);
      cursor += space;
    }
    const glyph = fifths > 0 ? MUSIC_GLYPHS.sharp : MUSIC_GLYPHS.flat;
    for (const place of keySignaturePlaces(fifths, clefMiddle, halfLines)) {
      out.glyph(cursor, placeY(middle, place, space), glyph, size, true);
      cursor += space;
    }
    if (fifths !== 0) cursor += space * 0.5;
  }
  const meter = inForce(staff.meters, time);
  if (meter && parts.meter) {
    out.glyph(cursor, placeY(middle, 2, space), meterDigits(meter.numerator), size, true);
    out.glyph(cursor, placeY(middle, -2, space), meterDigits(meter.denominator), size, true);
    cursor += space * 2.2;
  }
  return cursor - x;
}

/**
 * A staff's changes in [t0, t1], in time order, each with the signatures that change there: a
 * new key is drawn without the clef and time signature that stay, as a score writes it.
 */
function changes(staff: Staff, t0: number, t1: number): { time: number; parts: SignatureParts }[] {
  const byTime = new Map<number, SignatureParts>();
  const kinds = [
    ['clef', staff.clefs],
    ['key', staff.keys],
    ['meter', staff.meters],
  ] as const;
  for (const [part, changes] of kinds) {
    const [from, to] = pointRange(changes.times, t0, t1);
    for (let i = from; i < to; i++) {
      const time = changes.times[i] ?? 0;
      const parts = byTime.get(time) ?? { clef: false, key: false, meter: false };
      parts[part] = true;
      byTime.set(time, parts);
    }
  }
  return [...byTime].sort(([a], [b]) => a - b).map(([time, parts]) => ({ time, parts }));
}

/** Median bar length, seconds (0 without bars): how much room a bar has at this zoom. */
export function typicalBarSeconds(barTimes: Float64Array): number {
  if (barTimes.length < 2) return 0;
  const lengths = new Float64Array(barTimes.length - 1);
  for (let i = 1; i < barTimes.length; i++) lengths[i - 1] = barTimes[i]! - barTimes[i - 1]!;
  lengths.sort();
  return lengths[lengths.length >> 1] ?? 0;
}

const MEASURE_ONLY: ScoreDrawing = {
  rect: () => undefined,
  hit: () => undefined,
  glyph: () => undefined,
  count: () => undefined,
};

const ALL_SIGNATURES = { clef: true, key: true, meter: true };

function drawStaffLines(
  score: PreparedScore,
  geometry: StaffGeometry,
  width: number,
  out: ScoreDrawing,
): void {
  score.staves.forEach((staff, s) => {
    const halfLines = staff.lineCount - 1;
    for (let line = -halfLines; line <= halfLines; line += 2) {
      const y = Math.round(placeY(geometry.middles[s] ?? 0, line, geometry.space));
      out.rect(0, y, width, 1, STAFF_LINE_COLOR);
    }
  });
}

function drawBarLines(
  score: PreparedScore,
  geometry: StaffGeometry,
  pps: number,
  offset: number,
  viewport: number,
  out: ScoreDrawing,
): void {
  const first = score.staves[0];
  const last = score.staves[score.staves.length - 1];
  if (!first || !last) return;
  const { middles, space } = geometry;
  // From the top staff's top line to the bottom staff's bottom line, BAR_LINE_MIN_GAP apart at
  // least, walking from the file's first bar so the lines drawn stay put while scrolling.
  const top = Math.round(placeY(middles[0] ?? 0, first.lineCount - 1, space));
  const bottom = Math.round(placeY(middles[middles.length - 1] ?? 0, -(last.lineCount - 1), space));
  const [from, to] = pointRange(score.barTimes, offset / pps, (offset + viewport) / pps);
  let column = -Infinity;
  for (let i = from; i < to; i++) {
    const x = Math.floor((score.barTimes[i] ?? 0) * pps - offset);
    if (x - column < BAR_LINE_MIN_GAP) continue;
    column = x;
    out.rect(x, top, 1, bottom - top + 1, BAR_LINE_COLOR);
  }
}

export function scoreView(
  score: PreparedScore,
  height: number,
  pps: number,
  offset: number,
  viewport: number,
  barSeconds: number,
  out: ScoreDrawing,
  /** Where the media ends, viewport px: the staves stop there rather than run into the margin. */
  endX = viewport,
): void {
  const geometry = staffGeometry(height, score.staves.length);
  const { space, middles } = geometry;
  const t0 = offset / pps;
  const t1 = (offset + viewport) / pps;
  const headerRight =
    8 +
    Math.max(
      0,
      ...score.staves.map((staff, s) =>
        drawSignatures(staff, t0, 4, middles[s] ?? 0, space, ALL_SIGNATURES, MEASURE_ONLY),
      ),
    );

  drawStaffLines(score, geometry, Math.max(0, Math.min(viewport, Math.ceil(endX))), out);
  drawBarLines(score, geometry, pps, offset, viewport, out);
  const withAccidentals = barSeconds * pps >= ACCIDENTAL_MIN_BAR_WIDTH;
  drawNotes(score, geometry, pps, offset, viewport, withAccidentals, out);

  // What is in force at the left edge, pinned there; then the changes inside the view, where
  // there is room for them: with bars as narrow as an overview's, their glyphs would crowd the
  // notes of several bars each. All of them under the notes.
  score.staves.forEach((staff, s) => {
    drawSignatures(staff, t0, 4, middles[s] ?? 0, space, ALL_SIGNATURES, out);
    if (!withAccidentals) return;
    let lastRight = -Infinity;
    for (const { time, parts } of changes(staff, t0, t1)) {
      const x = time * pps - offset;
      if (x < headerRight || x < lastRight + space) continue;
      const right = drawSignatures(staff, time, x + 2, middles[s] ?? 0, space, parts, out, true);
      lastRight = x + right;
    }
  });
}
