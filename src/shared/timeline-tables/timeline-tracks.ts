/**
 * A timeline table in compact form, for the page: what the 'now playing' strip and the table
 * view need every frame (which row is under the playhead, what to say for it) as typed arrays
 * and one label per row. The file worker builds them from its tables and transfers the arrays;
 * the page never holds the components themselves.
 */
import type { HarmonyComponentJson, PdfMarkerComponentJson } from '../api-types';
import { noteName } from '../viewer-layout/score-notes';
import type { TableKind, TimelineTable } from './timeline-tables';

export interface TimelineTrack {
  /** Position among the file's timelines (the JSON's order): the worker's name for it. */
  index: number;
  name: string;
  kind: TableKind;
  columns: string[];
  /** Row start times, in the table's order (ascending). */
  starts: Float64Array;
  /** Hierarchy units' ends; NaN for points. */
  ends: Float64Array;
  /** Hierarchy level; 1 for a key and 0 for a chord in a harmony timeline; a note's pitch. */
  levels: Int32Array;
  /** What is said for each row ('V65', 'page 3'); empty for beats, said from the two below. */
  labels: string[];
  /** Beat timelines: each beat's measure number and place in it (from 1); else empty. */
  measures: Int32Array;
  beats: Int32Array;
}

/** The label a row is spoken by: its component's, a PDF marker's page; beats use numbers. */
function rowLabel(table: TimelineTable, row: TimelineTable['rows'][number]): string {
  if (table.kind === 'PDF') return `page ${(row.component as PdfMarkerComponentJson).page_number}`;
  if (table.kind === 'SCORE') return noteName(row.component as unknown as Record<string, unknown>);
  return (row.component as HarmonyComponentJson).label ?? '';
}

/** The compact form of a table (in the worker). */
export function timelineTrack(table: TimelineTable): TimelineTrack {
  const rows = table.rows;
  const beats = table.kind === 'BEAT';
  return {
    index: table.index,
    name: table.name,
    kind: table.kind,
    columns: table.columns,
    starts: Float64Array.from(rows, (row) => row.start),
    ends: Float64Array.from(rows, (row) => row.end ?? Number.NaN),
    levels: Int32Array.from(rows, (row) => row.level),
    // 43,200 'measure 12, beat 3' strings would cost more to send than two integer arrays.
    labels: beats ? [] : rows.map((row) => rowLabel(table, row)),
    measures: beats ? Int32Array.from(rows, (row) => row.measure ?? 0) : new Int32Array(0),
    beats: beats ? Int32Array.from(rows, (row) => row.beat ?? 0) : new Int32Array(0),
  };
}

/** The buffers to transfer with a track (each track owns its own). */
export function trackTransferables(track: TimelineTrack): ArrayBuffer[] {
  return [track.starts, track.ends, track.levels, track.measures, track.beats].map(
    (array) => array.buffer as ArrayBuffer,
  );
}

export function trackRowCount(track: TimelineTrack): number {
  return track.starts.length;
}

/** What the strip and the live region say for a row. */
export function rowSpoken(track: TimelineTrack, row: number): string {
  if (track.kind === 'BEAT') {
    return `measure ${track.measures[row] ?? ''}, beat ${track.beats[row] ?? ''}`;
  }
  return track.labels[row] ?? '';
}

/** Index of the last start <= time, or -1. */
function lastStartAtOrBefore(starts: Float64Array, time: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! <= time) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/**
 * The row under the playhead: for points, the last one at or before the time (it is in force
 * until the next); for hierarchy units, the innermost (lowest level) unit containing the time.
 * -1 when there is none.
 */
export function currentRow(track: TimelineTrack, time: number): number {
  const last = lastStartAtOrBefore(track.starts, time);
  if (track.kind === 'RANGE') {
    // The latest range that started and has not ended; between ranges, none.
    for (let i = last; i >= 0; i--) if (track.ends[i]! > time) return i;
    return -1;
  }
  if (track.kind !== 'HIERARCHY') return last;
  let best = -1;
  // Units are few and nested; walking back over the ones that started earlier is cheap.
  for (let i = last; i >= 0; i--) {
    if (track.ends[i]! > time && (best < 0 || track.levels[i]! < track.levels[best]!)) best = i;
    if (best >= 0 && track.levels[best]! <= 1) break;
  }
  return best;
}

/** Rows of the hierarchy units containing the time, outermost first (for 'A › a1'). */
export function enclosingUnits(track: TimelineTrack, time: number): number[] {
  const found: number[] = [];
  for (let i = lastStartAtOrBefore(track.starts, time); i >= 0; i--) {
    if (track.ends[i]! > time) found.push(i);
  }
  return found.sort((a, b) => track.levels[b]! - track.levels[a]!);
}
