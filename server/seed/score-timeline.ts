/**
 * The Score timeline of an example (TLA-FORMAT.md §3-4, SCORE_TIMELINE): two staves, the score's
 * clefs, key and time signatures where they change, a bar line at the end of every bar as it is
 * played, and a NOTE per note of DCML's notes table at every playing of its bar, spelled from
 * `tpc` and `octave` (scientific octaves, middle C = C4, as the desktop's MusicXML import writes
 * them), with tied notes joined into one. Grace notes take no time in the score; they sound for
 * their written value from their position, as MuseScore plays them.
 */
import { compareOrder, type ComponentDraft, type TimelineDraft } from './tla-document-builder';
import { PyFloat } from './tla-python-json';
import { cell, parseFraction, type TsvRow } from './dcml-tables';
import { spellTpc } from './dcml-keys';
import type { ClefChange, ClefSign } from './mscx-clefs';
import { timeInBar, type PlayedBar } from './played-bars';

/** The desktop's clef fields (its MusicXML import: sign G on line -1, F on line 1). */
const CLEF_FIELDS: Readonly<
  Record<ClefSign, { line: number; step: number; octave: number; icon: string }>
> = {
  G: { line: -1, step: 4, octave: 4, icon: 'clef-treble.svg' },
  F: { line: 1, step: 3, octave: 3, icon: 'clef-bass.svg' },
};

const KIND_RANK = { STAFF: 0, CLEF: 1, KEY_SIGNATURE: 2, TIME_SIGNATURE: 3, BAR_LINE: 4, NOTE: 5 };

export interface ScoreNote {
  start: number;
  end: number;
  step: number;
  accidental: number;
  octave: number;
  /** 0-based: DCML's staff 1 (upper) is 0. */
  staffIndex: number;
  displayAccidental: boolean;
  midi: number;
  /** A grace note (no time in the score) not joined to its main note. */
  grace: boolean;
}

export interface ScoreResult {
  timeline: TimelineDraft;
  notes: ScoreNote[];
  /** Note rows at their playings, before ties were joined. */
  playedRows: number;
  /** Tie continuations joined to the note they continue. */
  joined: number;
}

/** Steps C..B (0..6) that a key signature of `fifths` alters, with the alteration. */
export function keySignatureAccidental(fifths: number, step: number): number {
  const sharpOrder = [3, 0, 4, 1, 5, 2, 6];
  const order = fifths >= 0 ? sharpOrder : [...sharpOrder].reverse();
  return order.slice(0, Math.abs(fifths)).includes(step) ? Math.sign(fifths) : 0;
}

interface NoteRow {
  row: TsvRow;
  quarters: number;
  length: number;
  staffIndex: number;
  voice: number;
  step: number;
  accidental: number;
  octave: number;
  midi: number;
  tied: number | null;
  grace: boolean;
  displayAccidental: boolean;
}

function noteRow(row: TsvRow): Omit<NoteRow, 'displayAccidental'> {
  const written = parseFraction(cell(row, 'duration'));
  const nominal = cell(row, 'nominal_duration');
  const whole = written > 0 ? written : parseFraction(nominal || '1/32');
  const tied = cell(row, 'tied');
  return {
    row,
    quarters: 4 * parseFraction(cell(row, 'mc_onset')),
    length: 4 * whole,
    staffIndex: Number(cell(row, 'staff')) - 1,
    voice: Number(cell(row, 'voice')),
    grace: written === 0,
    ...spellTpc(Number(cell(row, 'tpc'))),
    octave: Number(cell(row, 'octave')),
    midi: Number(cell(row, 'midi')),
    tied: tied === '' ? null : Number(tied),
  };
}

/**
 * A stored bar's notes in time order, with whether each shows an accidental: one that differs
 * from the key signature, or from an earlier note on the same staff line in the bar; tie
 * continuations show none.
 */
function barNotes(rows: readonly TsvRow[], fifths: number): NoteRow[] {
  const notes = rows.map(noteRow).sort((a, b) => a.quarters - b.quarters);
  const inForce = new Map<string, number>();
  return notes.map((note) => {
    const line = `${note.staffIndex}:${note.step}:${note.octave}`;
    const current = inForce.get(line) ?? keySignatureAccidental(fifths, note.step);
    const continues = note.tied === 0 || note.tied === -1;
    if (!continues) inForce.set(line, note.accidental);
    return { ...note, displayAccidental: !continues && note.accidental !== current };
  });
}

function point(
  kind: keyof typeof KIND_RANK,
  time: number,
  fields: ComponentDraft['fields'],
  staff = 0,
): ComponentDraft {
  return { kind, fields, order: [time, KIND_RANK[kind], staff] };
}

/** The clef in force at the start of a stored bar, and its changes inside the bar. */
function clefsByBar(clefs: readonly ClefChange[], measures: readonly TsvRow[]) {
  const lengths = new Map(
    measures.map((row) => [Number(cell(row, 'mc')), 4 * parseFraction(cell(row, 'act_dur'))]),
  );
  // A clef at the very end of a bar (before the bar line) belongs to the next bar's start.
  const normalised = clefs.map((clef) =>
    clef.offset >= (lengths.get(clef.mc) ?? Infinity) - 1e-9
      ? { ...clef, mc: clef.mc + 1, offset: 0 }
      : clef,
  );
  return (staff: number, mc: number) => {
    const own = normalised.filter((clef) => clef.staff === staff);
    const atStart = own
      .filter((clef) => clef.mc < mc || (clef.mc === mc && clef.offset === 0))
      .pop();
    const inside = own.filter((clef) => clef.mc === mc && clef.offset > 0);
    return { atStart: atStart?.sign ?? null, inside };
  };
}

/** Components of one kind on every staff at a time (key and time signatures). */
function onEveryStaff(
  kind: 'KEY_SIGNATURE' | 'TIME_SIGNATURE',
  staves: number,
  time: number,
  fields: ComponentDraft['fields'],
): ComponentDraft[] {
  return Array.from({ length: staves }, (_, staffIndex) =>
    point(kind, time, { staff_index: staffIndex, time: new PyFloat(time), ...fields }, staffIndex),
  );
}

/** Clefs, key and time signatures where they change as the bars are played; bar lines. */
function scoreSigns(
  measures: readonly TsvRow[],
  clefs: readonly ClefChange[],
  bars: readonly PlayedBar[],
  staves: number,
  mediaLength: number,
): ComponentDraft[] {
  const signs: ComponentDraft[] = [];
  const measureRow = new Map(measures.map((row) => [Number(cell(row, 'mc')), row]));
  const clefAt = clefsByBar(clefs, measures);
  const clefInForce: (ClefSign | null)[] = Array.from({ length: staves }, () => null);
  const addClef = (staffIndex: number, time: number, sign: ClefSign) => {
    if (clefInForce[staffIndex] === sign) return;
    clefInForce[staffIndex] = sign;
    const { line, step, octave, icon } = CLEF_FIELDS[sign];
    const fields = { staff_index: staffIndex, time: new PyFloat(time), line_number: line };
    signs.push(point('CLEF', time, { ...fields, step, octave, icon }, staffIndex));
  };
  let key: number | null = null;
  let meter = '';
  for (const bar of bars) {
    const row = measureRow.get(bar.mc);
    if (!row) throw new Error(`no measures row for mc ${bar.mc}`);
    for (let staffIndex = 0; staffIndex < staves; staffIndex += 1) {
      const sign = clefAt(staffIndex + 1, bar.mc).atStart;
      if (sign) addClef(staffIndex, bar.time, sign);
    }
    const fifths = Number(cell(row, 'keysig'));
    if (fifths !== key) signs.push(...onEveryStaff('KEY_SIGNATURE', staves, bar.time, { fifths }));
    key = fifths;
    if (cell(row, 'timesig') !== meter) {
      const [numerator = 4, denominator = 4] = cell(row, 'timesig').split('/').map(Number);
      signs.push(...onEveryStaff('TIME_SIGNATURE', staves, bar.time, { numerator, denominator }));
    }
    meter = cell(row, 'timesig');
    for (let staffIndex = 0; staffIndex < staves; staffIndex += 1) {
      for (const clef of clefAt(staffIndex + 1, bar.mc).inside) {
        addClef(staffIndex, timeInBar(bar, clef.offset), clef.sign);
      }
    }
    const end = Math.min(bar.time + bar.duration, mediaLength);
    signs.push(point('BAR_LINE', end, { time: new PyFloat(end) }));
  }
  return signs;
}

/**
 * Every note row at every playing of its bar, in playback order. A tie joins a note to the next
 * of the same pitch on its staff that starts where it ends (the voice can change on the way); a
 * grace note can be tied into its main note, which starts with it.
 */
function scoreNotes(
  notesTable: readonly TsvRow[],
  measures: readonly TsvRow[],
  bars: readonly PlayedBar[],
  mediaLength: number,
): Omit<ScoreResult, 'timeline'> {
  const keyOf = new Map(measures.map((row) => [cell(row, 'mc'), Number(cell(row, 'keysig'))]));
  const rowsByMc = new Map<number, TsvRow[]>();
  for (const row of notesTable) {
    const mc = Number(cell(row, 'mc'));
    rowsByMc.set(mc, [...(rowsByMc.get(mc) ?? []), row]);
  }
  const notesByMc = new Map<number, NoteRow[]>();
  const notes: ScoreNote[] = [];
  const open = new Map<string, ScoreNote[]>();
  let playedRows = 0;
  let joined = 0;
  for (const bar of bars) {
    let barRows = notesByMc.get(bar.mc);
    if (!barRows) {
      barRows = barNotes(rowsByMc.get(bar.mc) ?? [], keyOf.get(String(bar.mc)) ?? 0);
      notesByMc.set(bar.mc, barRows);
    }
    for (const note of barRows) {
      playedRows += 1;
      const start = timeInBar(bar, note.quarters);
      const end = Math.min(timeInBar(bar, note.quarters + note.length), mediaLength);
      const line = `${note.staffIndex}:${note.midi}`;
      const waiting = open.get(line) ?? [];
      const continues = note.tied === 0 || note.tied === -1;
      const continued = continues
        ? waiting.find(
            (candidate) =>
              Math.abs(candidate.end - start) < 1e-6 ||
              (candidate.grace && Math.abs(candidate.start - start) < 1e-6),
          )
        : undefined;
      if (continued) {
        continued.grace = false;
        continued.end = end;
        joined += 1;
        if (note.tied === -1)
          open.set(
            line,
            waiting.filter((other) => other !== continued),
          );
        continue;
      }
      const { step, accidental, octave, staffIndex, displayAccidental, midi, grace } = note;
      const placed = {
        start,
        end,
        step,
        accidental,
        octave,
        staffIndex,
        displayAccidental,
        midi,
        grace,
      };
      notes.push(placed);
      if (note.tied === 1 || note.tied === 0) open.set(line, [...waiting, placed]);
    }
  }
  return { notes, playedRows, joined };
}

function noteComponent(note: ScoreNote): ComponentDraft {
  return {
    kind: 'NOTE',
    fields: {
      start: new PyFloat(note.start),
      end: new PyFloat(note.end),
      step: note.step,
      accidental: note.accidental,
      octave: note.octave,
      staff_index: note.staffIndex,
      color: null,
      comments: '',
      display_accidental: note.displayAccidental,
    },
    order: [note.start, KIND_RANK.NOTE, note.end, note.midi, note.staffIndex],
  };
}

export function scoreTimeline(
  notesTable: readonly TsvRow[],
  measures: readonly TsvRow[],
  clefs: readonly ClefChange[],
  bars: readonly PlayedBar[],
  mediaLength: number,
  ordinal: number,
): ScoreResult {
  const staves = Math.max(2, ...clefs.map((clef) => clef.staff));
  const staffComponents: ComponentDraft[] = Array.from({ length: staves }, (_, index) => ({
    kind: 'STAFF',
    fields: { line_count: 5, index },
    order: [-1, KIND_RANK.STAFF, index],
  }));
  const played = scoreNotes(notesTable, measures, bars, mediaLength);
  const components = [
    ...staffComponents,
    ...scoreSigns(measures, clefs, bars, staves, mediaLength),
    ...played.notes.map(noteComponent),
  ];
  // Created in stored order, so that ids ascend through the file as the desktop's import makes them.
  components.sort(compareOrder);
  return {
    timeline: {
      kind: 'SCORE_TIMELINE',
      attributes: {
        height: 160,
        is_visible: true,
        name: 'Score',
        ordinal,
        svg_data: '',
        viewer_beat_x: {},
      },
      components,
    },
    ...played,
  };
}
