import { describe, expect, it } from 'vitest';
import { noteName, prepareScore, staffPlace, TREBLE } from './score-notes';
import {
  cancelledPlaces,
  ACCIDENTAL_GLYPHS,
  BAR_LINE_COLOR,
  keySignaturePlaces,
  LEDGER_COLOR,
  MUSIC_GLYPHS,
  NOTE_COLOR,
  placeY,
  scoreView,
  STAFF_LINE_COLOR,
  staffGeometry,
  type ScoreDrawing,
} from './score-view';

/** Clefs as the desktop writes them: the note on the clef's line, counted from the middle line. */
const CLEFS = {
  treble: { line_number: -1, step: 4, octave: 4, icon: 'clef-treble.svg' },
  bass: { line_number: 1, step: 3, octave: 3, icon: 'clef-bass.svg' },
  alto: { line_number: 0, step: 0, octave: 4, icon: 'clef-alto.svg' },
  tenor: { line_number: 1, step: 0, octave: 4, icon: 'clef-tenor.svg' },
  treble8vb: { line_number: -1, step: 4, octave: 3, icon: 'clef-treble-8vb.svg' },
  bass8vb: { line_number: 1, step: 3, octave: 2, icon: 'clef-bass-8vb.svg' },
} as const;

/** Staff steps: C is 0, B is 6. */
const [C, D, E, F, G, A, B] = [0, 1, 2, 3, 4, 5, 6];

const clefOf = (name: keyof typeof CLEFS) => {
  const { line_number: line, step, octave } = CLEFS[name];
  return { line, step, octave };
};

describe('staff places under each clef the desktop writes', () => {
  it('puts the lines of the treble staff on E4 G4 B4 D5 F5', () => {
    const clef = clefOf('treble');
    expect([E, G, B, D, F].map((step, i) => staffPlace(clef, step, i < 3 ? 4 : 5))).toEqual([
      -4, -2, 0, 2, 4,
    ]);
    expect(staffPlace(clef, C, 4)).toBe(-6); // middle C: one ledger line below
  });

  it('puts the lines of the bass staff on G2 B2 D3 F3 A3', () => {
    const clef = clefOf('bass');
    expect([G, B, D, F, A].map((step, i) => staffPlace(clef, step, i < 2 ? 2 : 3))).toEqual([
      -4, -2, 0, 2, 4,
    ]);
    expect(staffPlace(clef, C, 4)).toBe(6); // middle C: one ledger line above
  });

  it('puts middle C on the middle line of the alto staff and the fourth line of the tenor', () => {
    expect(staffPlace(clefOf('alto'), C, 4)).toBe(0);
    expect(staffPlace(clefOf('tenor'), C, 4)).toBe(2);
    expect(staffPlace(clefOf('tenor'), A, 3)).toBe(0);
  });

  it('reads octave clefs an octave off', () => {
    expect(staffPlace(clefOf('treble8vb'), B, 3)).toBe(0);
    expect(staffPlace(clefOf('bass8vb'), D, 2)).toBe(0);
  });

  it('draws each clef with its own glyph', () => {
    const glyphs = Object.values(CLEFS).map((clef) => {
      const score = prepareScore([
        { kind: 'STAFF', index: 0, line_count: 5 },
        { kind: 'CLEF', staff_index: 0, time: 0, ...clef },
      ]);
      return score.staves[0]!.clefs.values[0]!.shape;
    });
    expect(glyphs).toEqual(['G', 'F', 'C', 'C', 'G8vb', 'F8vb']);
  });
});

describe('key signatures', () => {
  it('place sharps and flats as engravers do in treble, bass, alto and tenor clefs', () => {
    const middle = (name: keyof typeof CLEFS) => {
      const clef = clefOf(name);
      return clef.octave * 7 + clef.step - 2 * clef.line;
    };
    expect(keySignaturePlaces(7, middle('treble'), 4)).toEqual([4, 1, 5, 2, -1, 3, 0]);
    expect(keySignaturePlaces(-7, middle('treble'), 4)).toEqual([0, 3, -1, 2, -2, 1, -3]);
    expect(keySignaturePlaces(7, middle('bass'), 4)).toEqual([2, -1, 3, 0, -3, 1, -2]);
    expect(keySignaturePlaces(3, middle('alto'), 4)).toEqual([3, 0, 4]);
    // The tenor clef's sharps: F# drops an octave below the pattern, onto the second line.
    expect(keySignaturePlaces(4, middle('tenor'), 4)).toEqual([-2, 2, -1, 3]);
  });
});

interface Recorded {
  rects: { x: number; y: number; w: number; h: number; color: number }[];
  hits: { x0: number; y0: number; x1: number; y1: number; index: number }[];
  glyphs: { x: number; y: number; text: string; behind: boolean }[];
  /** What was drawn, in order: 'rect' or a glyph's text. */
  order: string[];
  visible: number;
}

function record(): [ScoreDrawing, Recorded] {
  const seen: Recorded = { rects: [], hits: [], glyphs: [], order: [], visible: 0 };
  return [
    {
      rect: (x, y, w, h, color) => {
        seen.rects.push({ x, y, w, h, color });
        seen.order.push('rect');
      },
      hit: (x0, y0, x1, y1, index) => seen.hits.push({ x0, y0, x1, y1, index }),
      glyph: (x, y, text, _size, behind) => {
        seen.glyphs.push({ x, y, text, behind: behind === true });
        seen.order.push(text);
      },
      count: (visible) => (seen.visible = visible),
    },
    seen,
  ];
}

const twoStaves = [
  { kind: 'STAFF', index: 0, line_count: 5 },
  { kind: 'STAFF', index: 1, line_count: 5 },
  { kind: 'CLEF', staff_index: 0, time: 0, ...CLEFS.treble },
  { kind: 'CLEF', staff_index: 1, time: 0, ...CLEFS.bass },
  { kind: 'KEY_SIGNATURE', staff_index: 0, time: 0, fifths: 2 },
  { kind: 'KEY_SIGNATURE', staff_index: 1, time: 0, fifths: 2 },
  { kind: 'TIME_SIGNATURE', staff_index: 0, time: 0, numerator: 3, denominator: 4 },
  { kind: 'TIME_SIGNATURE', staff_index: 1, time: 0, numerator: 3, denominator: 4 },
];

const note = (start: number, end: number, step: number, octave: number, more = {}) => ({
  kind: 'NOTE',
  start,
  end,
  step,
  accidental: 0,
  octave,
  staff_index: 0,
  ...more,
});

/** A view where the header (clef, key, time) is out of the way: from 10 s at 100 px/s. */
function view(components: unknown[], pps = 100, offset = 1000, barSeconds = 1) {
  const score = prepareScore(components);
  const [out, seen] = record();
  scoreView(score, 160, pps, offset, 800, barSeconds, out);
  return { score, seen };
}

describe('the score view', () => {
  it('draws a note from its start to its end at its place, with ledger lines beyond the staff', () => {
    const { seen } = view([...twoStaves, note(11, 12, A, 5)]);
    const { space, middles } = staffGeometry(160, 2);
    const centre = placeY(middles[0]!, 6, space); // A5: on the first ledger line above the staff
    const body = seen.rects.find((r) => r.color === NOTE_COLOR)!;
    expect(body.x).toBeCloseTo(100);
    expect(body.x + body.w).toBeCloseTo(199);
    expect(body.y + body.h / 2).toBeCloseTo(centre, 5);
    const ledgers = seen.rects.filter((r) => r.color === LEDGER_COLOR);
    expect(ledgers.map((r) => r.y)).toEqual([Math.round(placeY(middles[0]!, 6, space))]);
    expect(seen.hits).toEqual([expect.objectContaining({ index: 8 })]);
  });

  it("stops the staff lines where the media ends, not in the viewport's end margin", () => {
    const score = prepareScore([...twoStaves, note(11, 12, A, 5)]);
    const [out, seen] = record();
    scoreView(score, 160, 100, 1000, 800, 1, out, 640.4);
    const lines = seen.rects.filter((r) => r.color === STAFF_LINE_COLOR);
    // Five lines a staff, two staves (and the header's own copies, under the clef and key).
    expect(lines.filter((r) => r.x + r.w === 641)).toHaveLength(10);
    for (const line of lines) expect(line.x + line.w).toBeLessThanOrEqual(641);
  });

  it('draws two ledger lines for C6 and none for a note inside the staff', () => {
    const { seen } = view([...twoStaves, note(11, 12, C, 6), note(13, 14, B, 4)]);
    expect(seen.rects.filter((r) => r.color === LEDGER_COLOR)).toHaveLength(2);
  });

  it('writes an accidental before the note when there is room, and not at fit-to-screen', () => {
    const sharp = note(11, 12, F, 5, { accidental: 1, display_accidental: true });
    const plain = note(12, 13, G, 5, { accidental: 1, display_accidental: false });
    const zoomed = view([...twoStaves, sharp, plain]);
    const accidentals = zoomed.seen.glyphs.filter((g) => g.text === ACCIDENTAL_GLYPHS[1]);
    // The key signature's two sharps in each staff's header, then the one written accidental.
    const written = accidentals.filter((g) => g.x > 50);
    expect(written).toHaveLength(1);
    expect(written[0]!.x).toBeLessThan(100);
    // At 10 px a second a one-second bar is too narrow for accidentals.
    const far = view([...twoStaves, sharp, plain], 10, 100);
    expect(far.seen.glyphs.filter((g) => g.text === ACCIDENTAL_GLYPHS[1] && g.x > 50)).toEqual([]);
  });

  it('draws a chord of ten notes in one pixel column once per staff place', () => {
    // 200 notes a second for a minute at 1 px a second: thousands of notes, few runs.
    const notes = [];
    for (let i = 0; i < 12_000; i++)
      notes.push(note(i / 200, i / 200 + 0.004, i % 10 < 5 ? C : E, 5));
    const { seen } = view([...twoStaves, ...notes], 1, 0);
    const bodies = seen.rects.filter((r) => r.color === NOTE_COLOR);
    expect(seen.visible).toBe(12_000);
    // Two places (C5, E5), each one run across the minute.
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(body.w).toBeGreaterThan(55);
  });

  it('keeps the clef, key and time signature in force at the left edge, and shows changes', () => {
    const { seen } = view([
      ...twoStaves,
      { kind: 'CLEF', staff_index: 0, time: 14, ...CLEFS.bass },
      { kind: 'TIME_SIGNATURE', staff_index: 0, time: 14, numerator: 2, denominator: 4 },
    ]);
    const texts = seen.glyphs.map((g) => g.text);
    expect(texts.filter((t) => t === MUSIC_GLYPHS.G)).toHaveLength(1);
    expect(texts.filter((t) => t === MUSIC_GLYPHS.F)).toHaveLength(2); // bass staff + change
    expect(texts).toContain('\uE082'); // the new 2/4
    const change = seen.glyphs.find((g) => g.text === MUSIC_GLYPHS.F && g.x > 300)!;
    expect(change.x).toBeCloseTo(402, 0);
  });

  it('draws a new key without the clef and time signature that stay', () => {
    const { seen } = view([
      ...twoStaves,
      { kind: 'KEY_SIGNATURE', staff_index: 0, time: 14, fifths: -1 },
    ]);
    const changed = seen.glyphs.filter((g) => g.x > 300);
    // The two sharps before it are cancelled; no clef, no time signature.
    expect(changed.map((g) => g.text)).toEqual([
      MUSIC_GLYPHS.natural,
      MUSIC_GLYPHS.natural,
      MUSIC_GLYPHS.flat,
    ]);
    expect(changed[0]!.x).toBeCloseTo(402, 0);
  });

  it('cancels the accidentals a new key drops with naturals, where the old ones stood', () => {
    const glyphsAt = (fifths: number) => {
      const { seen } = view([
        ...twoStaves,
        { kind: 'KEY_SIGNATURE', staff_index: 0, time: 14, fifths },
      ]);
      return seen.glyphs.filter((g) => g.x > 300);
    };
    // Two sharps (F, C) to C major: two naturals, on the lines of the sharps they cancel.
    const toC = glyphsAt(0);
    expect(toC.map((g) => g.text)).toEqual([MUSIC_GLYPHS.natural, MUSIC_GLYPHS.natural]);
    const { seen: before } = view(twoStaves);
    const sharps = before.glyphs.filter((g) => g.text === MUSIC_GLYPHS.sharp && g.y < 50);
    expect(toC.map((g) => g.y)).toEqual(sharps.map((g) => g.y));
    expect(toC[1]!.x).toBeGreaterThan(toC[0]!.x);
    // To one flat: both sharps cancelled, then the flat after them.
    expect(glyphsAt(-1).map((g) => g.text)).toEqual([
      MUSIC_GLYPHS.natural,
      MUSIC_GLYPHS.natural,
      MUSIC_GLYPHS.flat,
    ]);
    // To three sharps: nothing to cancel.
    expect(glyphsAt(3).map((g) => g.text)).toEqual(Array(3).fill(MUSIC_GLYPHS.sharp));
  });

  it('cancels only the sharps or flats beyond the count of a key of the same kind', () => {
    expect(cancelledPlaces(4, 2, [4, 1, 5, 2])).toEqual([5, 2]);
    expect(cancelledPlaces(-3, -5, [0, 3, -1])).toEqual([]);
    expect(cancelledPlaces(0, 2, [])).toEqual([]);
    expect(cancelledPlaces(-2, 1, [0, 3])).toEqual([0, 3]);
  });

  it('keeps every note in sight: the signatures at the left edge are under the notes', () => {
    // The view starts with the music: the first note lies where the clef, key and time are.
    const score = prepareScore([...twoStaves, note(0, 0.3, A, 4), note(5, 6, B, 4)]);
    const [out, seen] = record();
    scoreView(score, 160, 100, 0, 800, 1, out);
    const first = seen.rects.find((r) => r.color === NOTE_COLOR && r.x < 50)!;
    expect(first).toBeDefined();
    const signatures = seen.glyphs.filter((g) => g.x < 100);
    expect(signatures.length).toBeGreaterThan(4);
    expect(signatures.every((g) => g.behind)).toBe(true);
    // Nothing but staff lines, bar lines and notes is drawn as a shape: no block over the notes.
    const colours = new Set(seen.rects.map((r) => r.color));
    expect([...colours].sort()).toEqual([STAFF_LINE_COLOR, NOTE_COLOR].sort());
    // Scrolled on, the same: the notes under the pinned signatures are drawn, over nothing.
    const [later, scrolled] = record();
    scoreView(score, 160, 100, 480, 800, 1, later);
    expect(scrolled.rects.some((r) => r.color === NOTE_COLOR && r.x < 50)).toBe(true);
    expect(new Set(scrolled.rects.map((r) => r.color))).toEqual(colours);
  });

  it('leaves changes out of an overview, where their glyphs would cover the notes', () => {
    const clefChange = { kind: 'CLEF', staff_index: 0, time: 40, ...CLEFS.bass };
    // 10 px a second, one-second bars: 10 px a bar, as at fit-to-screen.
    const far = view([...twoStaves, clefChange], 10, 100);
    const bass = far.seen.glyphs.filter((g) => g.text === MUSIC_GLYPHS.F);
    expect(bass).toHaveLength(1); // the bass staff's own, in the header
    expect(bass[0]!.x).toBeLessThan(50);
  });

  it('draws bar lines across both staves, at least four pixels apart', () => {
    const bars = Array.from({ length: 100 }, (_, i) => ({ kind: 'BAR_LINE', time: 10 + i / 10 }));
    // 10 px apart: every one in view (10 s to 18 s).
    const { seen } = view([...twoStaves, ...bars]);
    const lines = seen.rects.filter((r) => r.color === BAR_LINE_COLOR);
    expect(lines).toHaveLength(81);
    // At 20 px a second bars are 2 px apart: every other one, 4 px apart.
    const coarse = view([...twoStaves, ...bars], 20, 200).seen.rects.filter(
      (r) => r.color === BAR_LINE_COLOR,
    );
    expect(coarse).toHaveLength(50);
    const xs = coarse.map((r) => r.x);
    expect(xs.slice(1).every((x, i) => x - xs[i]! >= 4)).toBe(true);
  });
});

describe('an odd Score timeline', () => {
  it('draws what it can and says what it skipped', () => {
    const score = prepareScore([
      { kind: 'STAFF', index: 0, line_count: 5 },
      note(0, 1, C, 4),
      note(0, 1, C, 4, { staff_index: 3 }),
      note(0, 1, C, 4, { accidental: 7 }),
      { kind: 'NOTE', start: 'soon', end: 2, step: 0, octave: 4, staff_index: 0 },
      { kind: 'CLEF', staff_index: 9, time: 0, ...CLEFS.bass },
      { kind: 'SCORE_ANNOTATION', x: 1, y: 2, text: 'ignored' },
      { kind: 'GLISSANDO', time: 1 },
      null,
    ]);
    expect(score.notes.starts).toHaveLength(2);
    expect(Array.from(score.notes.accidental)).toEqual([0, 0]);
    // Without a clef the staff reads as treble: middle C one ledger line below.
    expect(score.notes.place[0]).toBe(staffPlace(TREBLE, C, 4));
    expect(score.problems).toEqual(
      expect.arrayContaining([
        'a note on a staff that does not exist was skipped',
        'an unknown accidental was drawn as none',
        'a note without a start or end time was skipped',
        'a clef on a staff that does not exist was skipped',
        "a component of unknown kind 'GLISSANDO' was skipped",
        'a staff without a clef was drawn with a treble clef',
      ]),
    );
  });

  it('names notes with their octave', () => {
    expect(noteName({ step: C, accidental: 1, octave: 5 })).toBe('C♯5');
    expect(noteName({ step: B, accidental: -1, octave: 3 })).toBe('B♭3');
    expect(noteName({ step: 9, octave: 3 })).toBe('');
  });
});
