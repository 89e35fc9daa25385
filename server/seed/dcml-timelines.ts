/**
 * The analysis timelines of an example, from one movement's DCML tables placed in its recording
 * (played-bars.ts): every row at every playing of its bar, in seconds of the audio. The mapping
 * of DCML to TiLiA follows the TiLiA team's dataset-converters (SOURCE.md).
 */
import { plainTimeline, type ComponentDraft, type TimelineDraft } from './tla-document-builder';
import { PyFloat } from './tla-python-json';
import { cell, parseFraction, type TsvRow } from './dcml-tables';
import { absoluteLocalKey, keyFields, parseGlobalKey } from './dcml-keys';
import { convertChord, type ConvertedChord } from './dcml-harmony';

/** Python's round(): halves go to the even neighbour (the TiLiA converter is Python). */
export function pythonRound(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff === 0.5) return floor % 2 === 0 ? floor : floor + 1;
  return Math.round(x);
}

export interface Bar {
  number: number;
  /** Length in quarter notes (`act_dur`). */
  length: number;
  beats: number;
  /** The time signature's numerator: the beats of a full bar. */
  numerator: number;
}

/** One bar per measures row; beats = the numerator, or its share of a partial bar (at least 1). */
export function barsOf(measures: readonly TsvRow[]): Bar[] {
  return measures.map((row) => {
    const [numerator, denominator] = cell(row, 'timesig').split('/').map(Number);
    if (!numerator || !denominator) throw new Error(`bad time signature in mc ${cell(row, 'mc')}`);
    const nominal = (4 * numerator) / denominator;
    const length = 4 * parseFraction(cell(row, 'act_dur'));
    const beats =
      length === nominal ? numerator : Math.max(1, pythonRound((numerator * length) / nominal));
    return { number: Number(cell(row, 'mn')), length, beats, numerator };
  });
}

/** A bar as it sounds: start and duration in seconds of the recording. */
export interface TimedBar extends Bar {
  time: number;
  duration: number;
}

/** A DCML row placed in the recording. */
export interface TimedRow {
  row: TsvRow;
  time: number;
}

export function measuresTimeline(bars: readonly TimedBar[], ordinal: number): TimelineDraft {
  const components: ComponentDraft[] = bars.flatMap((bar) =>
    Array.from({ length: bar.beats }, (_, i) => {
      // Beats spread evenly over the bar as it sounds.
      const time = bar.time + (i * bar.duration) / bar.beats;
      return { kind: 'BEAT', fields: { time: new PyFloat(time) }, order: [time] };
    }),
  );
  // The pattern sizes bars the desktop adds later: a full bar, even after a pickup.
  const firstPattern = bars[0]?.numerator ?? 4;
  return {
    kind: 'BEAT_TIMELINE',
    attributes: {
      beat_pattern: [firstPattern],
      measure_numbers: bars.map((b) => b.number),
      beats_in_measure: bars.map((b) => b.beats),
      measures_to_force_display: [],
      height: 35,
      is_visible: true,
      name: 'Measures',
      ordinal,
    },
    components,
  };
}

export interface Phrase {
  start: number;
  end: number;
}

/**
 * `{` opens, `}` closes, `}{` does both. A `}` with nothing open closes a phrase that began where
 * the previous one ended (or at the start); one still open at the end closes at the piece's end;
 * a `{` while one is open restarts it. Zero-length phrases are dropped.
 */
export function phrasesOf(rows: readonly TimedRow[], pieceEnd: number): Phrase[] {
  const phrases: Phrase[] = [];
  let open: number | null = null;
  let previousEnd = 0;
  const close = (end: number) => {
    const start = open ?? previousEnd;
    if (end > start) phrases.push({ start, end });
    previousEnd = end;
    open = null;
  };
  for (const { row, time } of rows) {
    const mark = cell(row, 'phraseend');
    if (mark === '') continue;
    if (mark === '}' || mark === '}{') close(time);
    if (mark === '{' || mark === '}{') open = time;
  }
  if (open !== null) close(pieceEnd);
  return phrases;
}

export function phrasesTimeline(phrases: readonly Phrase[], ordinal: number): TimelineDraft {
  const seen = new Set<string>();
  const components: ComponentDraft[] = [];
  for (const { start, end } of phrases) {
    // The desktop keeps one hierarchy per (start, end, level).
    if (seen.has(`${start}-${end}`)) continue;
    seen.add(`${start}-${end}`);
    components.push({
      kind: 'HIERARCHY',
      fields: {
        start: new PyFloat(start),
        pre_start: new PyFloat(start),
        end: new PyFloat(end),
        post_end: new PyFloat(end),
        level: 1,
        label: '',
        color: '',
        formal_type: '',
        formal_function: '',
        comments: '',
      },
      order: [1, start],
    });
  }
  return plainTimeline('HIERARCHY_TIMELINE', { name: 'Phrases', height: 120, ordinal }, components);
}

export interface ConvertedRow {
  row: TsvRow;
  time: number;
  converted: ConvertedChord;
}

export interface HarmonyResult {
  timeline: TimelineDraft;
  /** The chords written, one per DCML chord row kept. */
  chords: ConvertedRow[];
  /** DCML chord rows dropped because a later one has the same time. */
  replaced: number;
}

function isChordRow(row: TsvRow): boolean {
  const chord = cell(row, 'chord');
  return chord !== '' && chord !== '@none';
}

// The search for an exact chord is the slow part of building the examples, and the same labels
// recur (in repeats, and across movements): each distinct chord in each key is converted once.
const CHORD_COLUMNS = [
  'chord',
  'chord_tones',
  'added_tones',
  'bass_note',
  'root',
  'chord_type',
  'relativeroot',
  'figbass',
  'changes',
];
const convertedChords = new Map<string, ConvertedChord>();

function convertOnce(row: TsvRow, localKey: Parameters<typeof convertChord>[1]): ConvertedChord {
  const key = [localKey.tpc, localKey.minor, ...CHORD_COLUMNS.map((c) => cell(row, c))].join('|');
  let converted = convertedChords.get(key);
  if (!converted) {
    converted = convertChord(row, localKey);
    convertedChords.set(key, converted);
  }
  // Each component gets its own copy: a replaced label's comment is per component.
  return { ...converted, chord: { ...converted.chord } };
}

/** Local keys as MODE components (level 2) where they change; chords as HARMONY (level 1). */
export function harmonyTimeline(rows: readonly TimedRow[], ordinal: number): HarmonyResult {
  const modes: ComponentDraft[] = [];
  const chordsByTime = new Map<number, ConvertedRow>();
  let replaced = 0;
  let currentKey = '';
  for (const { row, time } of rows) {
    const globalKey = parseGlobalKey(cell(row, 'globalkey'));
    const localKey = absoluteLocalKey(globalKey, cell(row, 'localkey'));
    const keyName = `${cell(row, 'globalkey')}:${cell(row, 'localkey')}`;
    if (keyName !== currentKey) {
      const modeTime = modes.length === 0 ? 0 : time;
      const fields = keyFields(localKey);
      modes.push({
        kind: 'MODE',
        fields: {
          time: new PyFloat(modeTime),
          step: fields.step,
          accidental: fields.accidental,
          type: fields.type,
          comments: `DCML local key '${cell(row, 'localkey')}' of '${cell(row, 'globalkey')}'`,
          level: 2,
        },
        order: [2, modeTime],
      });
      currentKey = keyName;
    }
    if (!isChordRow(row)) continue;
    const converted = convertOnce(row, localKey);
    const earlier = chordsByTime.get(time);
    if (earlier) {
      // One point component per time: the later DCML label wins, and says whom it replaced.
      replaced += 1;
      converted.chord.comments += `; replaces DCML '${cell(earlier.row, 'chord')}' at this time`;
    }
    chordsByTime.set(time, { row, time, converted });
  }
  const chords = [...chordsByTime.values()].sort((a, b) => a.time - b.time);
  const harmonies: ComponentDraft[] = chords.map(({ time, converted: { chord } }) => ({
    kind: 'HARMONY',
    fields: {
      time: new PyFloat(time),
      comments: chord.comments,
      step: chord.step,
      accidental: chord.accidental,
      quality: chord.quality,
      inversion: chord.inversion,
      applied_to: chord.appliedTo,
      level: 1,
      display_mode: chord.displayMode,
      custom_text: chord.customText,
      // DCML's labels are plain text; the analytic font would read them as its glyph codes.
      custom_text_font_type: chord.displayMode === 'custom' ? 'normal' : 'analytic',
    },
    order: [1, time],
  }));
  // Created in time order, keys and chords interleaved, as a person annotating would.
  const components = [...modes, ...harmonies].sort(
    (a, b) => (a.order[1] ?? 0) - (b.order[1] ?? 0) || (b.order[0] ?? 0) - (a.order[0] ?? 0),
  );
  return {
    timeline: {
      kind: 'HARMONY_TIMELINE',
      attributes: {
        level_count: 2,
        level_height: 35,
        is_visible: true,
        name: 'Harmony',
        ordinal,
        visible_level_count: 2,
      },
      components,
    },
    chords,
    replaced,
  };
}

/** One marker per `cadence` value: PAC, IAC, HC, DC, EC, PC (with a subtype after a dot). */
export function cadencesTimeline(rows: readonly TimedRow[], ordinal: number): TimelineDraft {
  const byTime = new Map<number, ComponentDraft>();
  for (const { row, time } of rows) {
    const cadence = cell(row, 'cadence');
    if (cadence === '') continue;
    byTime.set(time, {
      kind: 'MARKER',
      fields: { time: new PyFloat(time), comments: '', label: cadence, color: null },
      order: [time],
    });
  }
  return plainTimeline(
    'MARKER_TIMELINE',
    { name: 'Cadences', height: 30, ordinal },
    [...byTime.values()].sort((a, b) => (a.order[0] ?? 0) - (b.order[0] ?? 0)),
  );
}
