/**
 * The Score timeline of an example (TLA-FORMAT.md §3-4, SCORE_TIMELINE): two staves, the score's
 * clefs, key and time signatures where they change, a bar line at the end of every bar as it is
 * played, and a NOTE per note of DCML's notes table at every playing of its bar, spelled from
 * `tpc` and `octave` (scientific octaves, middle C = C4, as the desktop's MusicXML import writes
 * them), with tied notes joined into one. Grace notes take no time in the score; they sound for
 * their written value from their position, as MuseScore plays them.
 */
import type { ComponentDraft, TimelineDraft } from './tla-document-builder';
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

export function scoreTimeline(
  notesTable: readonly TsvRow[],
  measures: readonly TsvRow[],
  clefs: readonly ClefChange[],
  bars: readonly PlayedBar[],
  mediaLength: number,
  ordinal: number,
): ScoreResult {
  const staves = Math.max(2, ...clefs.map((clef) => clef.staff));
  const components: ComponentDraft[] = Array.from({ length: staves }, (_, index) => ({
    kind: 'STAFF',
    fields: { line_count: 5, index },
    order: [-1, KIND_RANK.STAFF, index],
  }));
  const measureRow = new Map(measures.map((row) => [Number(cell(row, 'mc')), row]));
  const clefAt = clefsByBar(clefs, measures);
  const rowsByMc = new Map<number, TsvRow[]>();
  for (const row of notesTable) {
    const mc = Number(cell(row, 'mc'));
    rowsByMc.set(mc, [...(rowsByMc.get(mc) ?? []), row]);
  }
  const notesByMc = new Map<number, NoteRow[]>();
  const clefInForce: (ClefSign | null)[] = Array.from({ length: staves }, () => null);
  let key: number | null = null;
  let meter = '';
  const addClef = (staffIndex: number, time: number, sign: ClefSign) => {
    if (clefInForce[staffIndex] === sign) return;
    clefInForce[staffIndex] = sign;
    const fields = CLEF_FIELDS[sign];
    components.push(
      point(
        'CLEF',
        time,
        {
          staff_index: staffIndex,
          time: new PyFloat(time),
          line_number: fields.line,
          step: fields.step,
          octave: fields.octave,
          icon: fields.icon,
        },
        staffIndex,
      ),
    );
  };
  const placed: ScoreNote[] = [];
  const open = new Map<string, ScoreNote[]>();
  let playedRows = 0;
  let joined = 0;
  for (const bar of bars) {
    const row = measureRow.get(bar.mc);
    if (!row) throw new Error(`no measures row for mc ${bar.mc}`);
    const fifths = Number(cell(row, 'keysig'));
    const [numerator, denominator] = cell(row, 'timesig').split('/').map(Number);
    for (let staffIndex = 0; staffIndex < staves; staffIndex += 1) {
      const sign = clefAt(staffIndex + 1, bar.mc).atStart;
      if (sign) addClef(staffIndex, bar.time, sign);
    }
    if (fifths !== key) {
      key = fifths;
      for (let staffIndex = 0; staffIndex < staves; staffIndex += 1) {
        components.push(
          point(
            'KEY_SIGNATURE',
            bar.time,
            { staff_index: staffIndex, time: new PyFloat(bar.time), fifths },
            staffIndex,
          ),
        );
      }
    }
    if (cell(row, 'timesig') !== meter) {
      meter = cell(row, 'timesig');
      for (let staffIndex = 0; staffIndex < staves; staffIndex += 1) {
        components.push(
          point(
            'TIME_SIGNATURE',
            bar.time,
            {
              staff_index: staffIndex,
              time: new PyFloat(bar.time),
              numerator: numerator ?? 4,
              denominator: denominator ?? 4,
            },
            staffIndex,
          ),
        );
      }
    }
    for (let staffIndex = 0; staffIndex < staves; staffIndex += 1) {
      for (const clef of clefAt(staffIndex + 1, bar.mc).inside)
        addClef(staffIndex, timeInBar(bar, clef.offset), clef.sign);
    }
    const end = Math.min(bar.time + bar.duration, mediaLength);
    components.push(point('BAR_LINE', end, { time: new PyFloat(end) }));

    let notes = notesByMc.get(bar.mc);
    if (!notes) {
      notes = barNotes(rowsByMc.get(bar.mc) ?? [], fifths);
      notesByMc.set(bar.mc, notes);
    }
    for (const note of notes) {
      playedRows += 1;
      const start = timeInBar(bar, note.quarters);
      const noteEnd = Math.min(timeInBar(bar, note.quarters + note.length), mediaLength);
      // A tie joins a note to the next of the same pitch on its staff (voices can change on the
      // way), starting where it ends; a grace note can be tied into its main note.
      const line = `${note.staffIndex}:${note.midi}`;
      const waiting = open.get(line) ?? [];
      const continued =
        note.tied === 0 || note.tied === -1
          ? waiting.find(
              (candidate) =>
                Math.abs(candidate.end - start) < 1e-6 ||
                (candidate.grace && Math.abs(candidate.start - start) < 1e-6),
            )
          : undefined;
      if (continued) {
        continued.grace = false;
        continued.end = noteEnd;
        joined += 1;
        if (note.tied === -1)
          open.set(
            line,
            waiting.filter((other) => other !== continued),
          );
        continue;
      }
      const scoreNote: ScoreNote = {
        start,
        end: noteEnd,
        step: note.step,
        accidental: note.accidental,
        octave: note.octave,
        staffIndex: note.staffIndex,
        displayAccidental: note.displayAccidental,
        midi: note.midi,
        grace: note.grace,
      };
      placed.push(scoreNote);
      if (note.tied === 1 || note.tied === 0) open.set(line, [...waiting, scoreNote]);
    }
  }
  for (const note of placed) {
    components.push({
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
    });
  }
  // Created in stored order, so that ids ascend through the file as the desktop's import makes them.
  const byOrder = (a: ComponentDraft, b: ComponentDraft) => {
    for (let i = 0; i < Math.max(a.order.length, b.order.length); i += 1) {
      const diff = (a.order[i] ?? 0) - (b.order[i] ?? 0);
      if (diff !== 0) return diff;
    }
    return 0;
  };
  components.sort(byOrder);
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
    notes: placed,
    playedRows,
    joined,
  };
}
