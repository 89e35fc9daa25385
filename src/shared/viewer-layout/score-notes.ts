/**
 * A Score timeline (TLA-FORMAT.md sections 3-4) made ready to draw, once per file: staves, the
 * clefs, key and time signatures of each staff in time order, bar lines, and the notes as sorted
 * columns with their place on the staff worked out under the clef in force at their start.
 *
 * The desktop's conventions, which files carry: a clef names the note (step 0-6 = C-B, octave)
 * that sits on its line, counted from the staff's middle line (negative below: a treble clef is
 * G4 on line -1); a note's vertical place follows from its step and octave under that clef, one
 * step per half staff space. Anything odd (a note on a staff that does not exist, no clef, an
 * accidental outside -2..2, a value that is not a number) is skipped or defaulted, and said in
 * `problems`, never thrown: the rest of the file draws.
 */
import { timeOrder } from './time-order';
import { runningMaxEnd } from './visible-range';

export type ClefShape = 'G' | 'F' | 'C' | 'G8vb' | 'G8va' | 'F8vb';

export interface ClefChange {
  time: number;
  /** The line the clef names, from the middle line (+ above). */
  line: number;
  step: number;
  octave: number;
  shape: ClefShape;
}

export interface StaffChanges<T> {
  times: Float64Array;
  values: T[];
}

export interface PreparedStaff {
  /** The STAFF component's index field. */
  index: number;
  lineCount: number;
  clefs: StaffChanges<ClefChange>;
  keys: StaffChanges<number>;
  meters: StaffChanges<{ numerator: number; denominator: number }>;
}

export interface PreparedNotes {
  /** In start order (then end, then file order). */
  starts: Float64Array;
  ends: Float64Array;
  maxEnds: Float64Array;
  /** Position of each note among `staves` (not the STAFF index field). */
  staff: Int32Array;
  /** Half staff spaces above the staff's middle line (negative below). */
  place: Int32Array;
  /** -2..2, or 0 when the file's value was not usable. */
  accidental: Int8Array;
  /** 1 where the accidental is written before the note. */
  showAccidental: Uint8Array;
  /** Component index (into the timeline's components) of each sorted note. */
  indices: Int32Array;
}

export interface PreparedScore {
  staves: PreparedStaff[];
  barTimes: Float64Array;
  notes: PreparedNotes;
  /** What was skipped or assumed, one line per kind of problem, for the console. */
  problems: string[];
}

type Fields = Record<string, unknown>;

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isInteger = (value: unknown): value is number => isNumber(value) && Number.isInteger(value);

/** A step (0-6) and octave as one number of diatonic steps from C0. */
export const diatonic = (step: number, octave: number): number => octave * 7 + step;

/** The treble clef: G4 on the line below the middle one. The default for a staff without one. */
export const TREBLE: Omit<ClefChange, 'time'> = { line: -1, step: 4, octave: 4, shape: 'G' };

/** The glyph family of a clef, from its icon name or, failing that, what it names where. */
function clefShape(fields: Fields, step: number, octave: number): ClefShape {
  const icon = typeof fields.icon === 'string' ? fields.icon.toLowerCase() : '';
  const lower = /8vb|8-?b|_8\b|-8\b/.test(icon);
  const upper = /8va|8-?a|\^8/.test(icon);
  const family: 'G' | 'F' | 'C' =
    icon.includes('bass') || icon.includes('clef-f') || /\bf\b/.test(icon)
      ? 'F'
      : icon.includes('alto') || icon.includes('tenor') || icon.includes('clef-c')
        ? 'C'
        : icon.includes('treble') || icon.includes('clef-g')
          ? 'G'
          : step === 3
            ? 'F'
            : step === 0
              ? 'C'
              : 'G';
  // Octave clefs: what the clef names lies an octave off its family's usual note.
  const usual = family === 'G' ? 4 : family === 'F' ? 3 : 4;
  if (family === 'G' && (lower || octave === usual - 1)) return 'G8vb';
  if (family === 'G' && (upper || octave === usual + 1)) return 'G8va';
  if (family === 'F' && (lower || octave === usual - 1)) return 'F8vb';
  return family;
}

/** Where a note sits under a clef: half staff spaces above the middle line. */
export function staffPlace(
  clef: Pick<ClefChange, 'line' | 'step' | 'octave'>,
  step: number,
  octave: number,
): number {
  const middle = diatonic(clef.step, clef.octave) - 2 * clef.line;
  return diatonic(step, octave) - middle;
}

/** The value in force at `time` in time-sorted changes: the last at or before it, else the first. */
export function inForce<T>(changes: StaffChanges<T>, time: number): T | undefined {
  let low = 0;
  let high = changes.times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((changes.times[middle] ?? 0) <= time) low = middle + 1;
    else high = middle;
  }
  return changes.values[Math.max(0, low - 1)];
}

function changesOf<T>(items: { time: number; value: T }[]): StaffChanges<T> {
  const times = Float64Array.from(items, (item) => item.time);
  const order = timeOrder(times);
  return {
    times: Float64Array.from(order, (i) => items[i]!.time),
    values: Array.from(order, (i) => items[i]!.value),
  };
}

/** Counts problems by kind, and says each kind once with its count. */
class Problems {
  private readonly counts = new Map<string, number>();
  add(what: string): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }
  list(): string[] {
    return [...this.counts].map(([what, count]) => (count > 1 ? `${what} (${count})` : what));
  }
}

interface RawNote {
  component: number;
  start: number;
  end: number;
  staff: number;
  step: number;
  octave: number;
  accidental: number;
  show: boolean;
}

function readNote(fields: Fields, component: number, problems: Problems): RawNote | null {
  const { start, end, step, octave } = fields;
  if (!isNumber(start) || !isNumber(end)) {
    problems.add('a note without a start or end time was skipped');
    return null;
  }
  if (!isInteger(step) || step < 0 || step > 6 || !isInteger(octave)) {
    problems.add('a note without a step (0-6) and octave was skipped');
    return null;
  }
  let accidental = 0;
  if (fields.accidental !== undefined && fields.accidental !== null) {
    if (isInteger(fields.accidental) && Math.abs(fields.accidental) <= 2) {
      accidental = fields.accidental;
    } else {
      problems.add('an unknown accidental was drawn as none');
    }
  }
  const show =
    typeof fields.display_accidental === 'boolean' ? fields.display_accidental : accidental !== 0;
  return {
    component,
    start,
    end: Math.max(start, end),
    staff: isInteger(fields.staff_index) ? fields.staff_index : 0,
    step,
    octave,
    accidental,
    show,
  };
}

interface StaffParts {
  lineCount: number;
  clefs: { time: number; value: ClefChange }[];
  keys: { time: number; value: number }[];
  meters: { time: number; value: { numerator: number; denominator: number } }[];
}

/** The components of one Score timeline, as the viewer JSON carries them (kind plus fields). */
export function prepareScore(components: readonly unknown[]): PreparedScore {
  const problems = new Problems();
  const staffParts = new Map<number, StaffParts>();
  const bars: number[] = [];
  const notes: RawNote[] = [];
  const partsOf = (index: number): StaffParts | undefined => staffParts.get(index);
  const later: { kind: string; fields: Fields }[] = [];

  components.forEach((component, position) => {
    if (typeof component !== 'object' || component === null) return;
    const fields = component as Fields;
    const kind = typeof fields.kind === 'string' ? fields.kind : '';
    switch (kind) {
      case 'STAFF': {
        const index = isInteger(fields.index) ? fields.index : staffParts.size;
        const lines = isInteger(fields.line_count) && fields.line_count > 0 ? fields.line_count : 5;
        if (!staffParts.has(index)) {
          staffParts.set(index, {
            lineCount: Math.min(lines, 11),
            clefs: [],
            keys: [],
            meters: [],
          });
        }
        return;
      }
      case 'NOTE': {
        const note = readNote(fields, position, problems);
        if (note) notes.push(note);
        return;
      }
      case 'BAR_LINE':
        if (isNumber(fields.time)) bars.push(fields.time);
        return;
      case 'CLEF':
      case 'KEY_SIGNATURE':
      case 'TIME_SIGNATURE':
        later.push({ kind, fields });
        return;
      case 'SCORE_ANNOTATION':
        // Placed by the desktop's score viewer, not by time: nothing to draw on a timeline.
        return;
      default:
        problems.add(`a component of unknown kind '${kind.slice(0, 40)}' was skipped`);
    }
  });

  // Signatures once every staff is known (a file may list them before their staves).
  for (const { kind, fields } of later) {
    const parts = isInteger(fields.staff_index) ? partsOf(fields.staff_index) : undefined;
    if (!parts) {
      problems.add(
        `a ${kind.toLowerCase().replace('_', ' ')} on a staff that does not exist was skipped`,
      );
      continue;
    }
    const time = isNumber(fields.time) ? fields.time : 0;
    if (kind === 'CLEF') {
      const { line_number: line, step, octave } = fields;
      if (!isInteger(line) || !isInteger(step) || step < 0 || step > 6 || !isInteger(octave)) {
        problems.add('a clef without line, step and octave was skipped');
        continue;
      }
      parts.clefs.push({
        time,
        value: { time, line, step, octave, shape: clefShape(fields, step, octave) },
      });
    } else if (kind === 'KEY_SIGNATURE') {
      if (!isInteger(fields.fifths) || Math.abs(fields.fifths) > 7) {
        problems.add('a key signature without fifths (-7..7) was skipped');
        continue;
      }
      parts.keys.push({ time, value: fields.fifths });
    } else {
      const { numerator, denominator } = fields;
      if (!isInteger(numerator) || !isInteger(denominator) || numerator < 1 || denominator < 1) {
        problems.add('a time signature without numerator and denominator was skipped');
        continue;
      }
      parts.meters.push({ time, value: { numerator, denominator } });
    }
  }

  const staffIndices = [...staffParts.keys()].sort((a, b) => a - b);
  const staves: PreparedStaff[] = staffIndices.map((index) => {
    const parts = staffParts.get(index)!;
    if (parts.clefs.length === 0) {
      problems.add('a staff without a clef was drawn with a treble clef');
      parts.clefs.push({ time: 0, value: { time: 0, ...TREBLE } });
    }
    return {
      index,
      lineCount: parts.lineCount,
      clefs: changesOf(parts.clefs),
      keys: changesOf(parts.keys),
      meters: changesOf(parts.meters),
    };
  });
  const staffPosition = new Map(staffIndices.map((index, position) => [index, position]));

  const kept = notes.filter((note) => {
    if (staffPosition.has(note.staff)) return true;
    problems.add('a note on a staff that does not exist was skipped');
    return false;
  });
  const starts = Float64Array.from(kept, (note) => note.start);
  const order = timeOrder(
    starts,
    Float64Array.from(kept, (note) => note.end),
  );
  const sorted = Array.from(order, (i) => kept[i]!);
  const ends = Float64Array.from(sorted, (note) => note.end);
  return {
    staves,
    barTimes: Float64Array.from(bars).sort(),
    notes: {
      starts: Float64Array.from(sorted, (note) => note.start),
      ends,
      maxEnds: runningMaxEnd(ends),
      staff: Int32Array.from(sorted, (note) => staffPosition.get(note.staff) ?? 0),
      place: Int32Array.from(sorted, (note) => {
        const staff = staves[staffPosition.get(note.staff) ?? 0]!;
        const clef = inForce(staff.clefs, note.start) ?? TREBLE;
        return staffPlace(clef, note.step, note.octave);
      }),
      accidental: Int8Array.from(sorted, (note) => note.accidental),
      showAccidental: Uint8Array.from(sorted, (note) => (note.show ? 1 : 0)),
      indices: Int32Array.from(sorted, (note) => note.component),
    },
    problems: problems.list(),
  };
}

const STEP_NAMES = ['C', 'D', 'E', 'F', 'G', 'A', 'B'] as const;
const STEP_SEMITONES = [0, 2, 4, 5, 7, 9, 11] as const;

/** A note's MIDI pitch (C4 = 60); 0 when its step or octave is not usable. */
export function midiPitch(fields: Fields): number {
  const semitone = isInteger(fields.step) ? STEP_SEMITONES[fields.step] : undefined;
  if (semitone === undefined || !isInteger(fields.octave)) return 0;
  const accidental = isInteger(fields.accidental) ? fields.accidental : 0;
  return (fields.octave + 1) * 12 + semitone + accidental;
}
const ACCIDENTAL_SIGNS: Record<number, string> = { [-2]: '𝄫', [-1]: '♭', 0: '', 1: '♯', 2: '𝄪' };

/** A note's name with its octave, as musicians write it: 'C♯5', 'B♭3'. */
export function noteName(fields: Fields): string {
  const step = isInteger(fields.step) ? STEP_NAMES[fields.step] : undefined;
  if (!step || !isInteger(fields.octave)) return '';
  const accidental = isInteger(fields.accidental)
    ? (ACCIDENTAL_SIGNS[fields.accidental] ?? '')
    : '';
  return `${step}${accidental}${fields.octave}`;
}
