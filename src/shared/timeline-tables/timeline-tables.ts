/**
 * The viewer's timelines as tables: one row per component, kind-specific columns, rows in time
 * order. Built in the file worker, which holds the parsed file: the page asks it for the rows
 * on screen (`tableRowWindow`), for compact per-timeline arrays (timeline-tracks.ts) and for a
 * timeline's CSV (timeline-csv.ts), so the file is never parsed or sorted on the main thread.
 */
import { beatTimelineMeasures } from '../time-map/beat-timeline-fields';
import { musicalCells } from '../time-map/musical-text';
import type { TimeMap } from '../time-map/time-map';
import type {
  BeatComponentJson,
  ComponentJson,
  HarmonyComponentJson,
  HierarchyComponentJson,
  MarkerComponentJson,
  PdfMarkerComponentJson,
  RangeComponentJson,
  TimelineJson,
  ViewerFileJson,
} from '../api-types';
import { formatTime } from '../time-format';
import { measureStructure } from '../viewer-layout/beat-labels';
import { midiPitch, noteName } from '../viewer-layout/score-notes';
import { viewerKind, type ViewerKind } from '../viewer-layout/timeline-kinds';

export type TableKind = Extract<
  ViewerKind,
  'HIERARCHY' | 'MARKER' | 'BEAT' | 'HARMONY' | 'PDF' | 'SCORE' | 'RANGE'
>;

export interface TableRow {
  id: number;
  start: number;
  /** Segments (hierarchy units) end; points do not. */
  end: number | null;
  /**
   * Hierarchy level; 1 for keys and 0 for harmonies (keys first at equal times); a note's MIDI
   * pitch (the higher first at equal times); else 0.
   */
  level: number;
  component: ComponentJson;
  /** Beat timelines: the measure's number and the beat's place in it (from 1). */
  measure?: number;
  beat?: number;
}

export interface TimelineTable {
  /** Position among the file's timelines (the JSON's order). */
  index: number;
  name: string;
  kind: TableKind;
  columns: string[];
  rows: TableRow[];
  /** Range timelines: each row's (lane's) name by its id. */
  rowNames?: ReadonlyMap<string, string>;
  /**
   * The file's bars and beats (its first beat timeline), for the Bar and Beat columns of every
   * kind but beats, which have their own; null when the file has none.
   */
  timeMap: TimeMap | null;
}

const TABLE_KINDS: readonly ViewerKind[] = [
  'HIERARCHY',
  'MARKER',
  'BEAT',
  'HARMONY',
  'PDF',
  'SCORE',
  'RANGE',
];

const point = (component: ComponentJson & { time: number }, level = 0): TableRow => ({
  id: component.id,
  start: component.time,
  end: null,
  level,
  component,
});

/** Beats with their measure number and position in the measure, as the timeline draws them. */
function beatRows(timeline: TimelineJson, components: BeatComponentJson[]): TableRow[] {
  const sorted = [...components].sort((a, b) => a.time - b.time);
  const structure = measureStructure({
    beatCount: sorted.length,
    ...beatTimelineMeasures(timeline),
  });
  let measure = -1;
  return sorted.map((c, beat) => {
    const starts = structure.measureStart;
    while (measure + 1 < starts.length && starts[measure + 1]! <= beat) measure++;
    return {
      id: c.id,
      start: c.time,
      end: null,
      level: 0,
      component: c,
      measure: structure.measureNumber[measure] ?? 0,
      beat: beat - (starts[measure] ?? 0) + 1,
    };
  });
}

// Rows keep their component; the cells and the spoken text are made only for the rows on screen
// or under the playhead (a three-hour beat timeline has tens of thousands of rows).
function rowsOf(kind: TableKind, timeline: TimelineJson): TableRow[] {
  const components = timeline.components;
  switch (kind) {
    case 'HIERARCHY':
      return (components as HierarchyComponentJson[]).map((c) => ({
        id: c.id,
        start: c.start,
        end: c.end,
        level: c.level,
        component: c,
      }));
    case 'BEAT':
      return beatRows(timeline, components as BeatComponentJson[]);
    case 'HARMONY':
      return (components as HarmonyComponentJson[]).map((c) => point(c, c.kind === 'MODE' ? 1 : 0));
    case 'MARKER':
      return (components as MarkerComponentJson[]).map((c) => point(c));
    case 'PDF':
      return (components as PdfMarkerComponentJson[]).map((c) => point(c));
    case 'SCORE':
      return noteRows(components);
    case 'RANGE': {
      // At equal starts the upper row first: the level is minus the row's place.
      const lane = new Map((timeline.rows ?? []).map((row, index) => [row.id, index]));
      return (components as RangeComponentJson[]).map((c) => ({
        id: c.id,
        start: c.start,
        end: c.end,
        level: -(lane.get(c.row_id) ?? lane.size),
        component: c,
      }));
    }
  }
}

/** A Score timeline's notes (its staves, clefs and signatures are not rows). */
function noteRows(components: ComponentJson[]): TableRow[] {
  const rows: TableRow[] = [];
  for (const component of components) {
    const note = component as unknown as Record<string, unknown>;
    if (note.kind !== 'NOTE' || typeof note.start !== 'number') continue;
    const end = typeof note.end === 'number' ? Math.max(note.start, note.end) : note.start;
    rows.push({ id: component.id, start: note.start, end, level: midiPitch(note), component });
  }
  return rows;
}

/** The cells of a row, in the order of the table's columns: its own, then its bar and beat. */
export function rowCells(table: TimelineTable, row: TableRow): string[] {
  const cells = ownCells(table, row);
  return table.timeMap ? [...cells, ...musicalCells(table.timeMap, row.start)] : cells;
}

function ownCells(table: TimelineTable, row: TableRow): string[] {
  const time = formatTime(row.start);
  switch (table.kind) {
    case 'HIERARCHY': {
      const c = row.component as HierarchyComponentJson;
      return [
        time,
        formatTime(c.end),
        String(c.level),
        c.label,
        c.formal_type,
        c.formal_function,
        c.comments,
      ];
    }
    case 'MARKER': {
      const c = row.component as MarkerComponentJson;
      return [time, c.label, c.comments];
    }
    case 'BEAT':
      return [time, String(row.measure ?? ''), String(row.beat ?? '')];
    case 'HARMONY': {
      const c = row.component as HarmonyComponentJson;
      return [time, c.kind === 'MODE' ? 'Key' : 'Harmony', c.label, c.comments];
    }
    case 'PDF':
      return [time, String((row.component as PdfMarkerComponentJson).page_number)];
    case 'SCORE': {
      const c = row.component as unknown as Record<string, unknown>;
      const staff = typeof c.staff_index === 'number' ? String(c.staff_index + 1) : '';
      const comments = typeof c.comments === 'string' ? c.comments : '';
      return [time, formatTime(row.end ?? row.start), noteName(c), staff, comments];
    }
    case 'RANGE': {
      const c = row.component as RangeComponentJson;
      const rowName = table.rowNames?.get(c.row_id) ?? c.row_id;
      return [time, formatTime(c.end), rowName, c.label, c.comments];
    }
  }
}

const COLUMNS: Record<TableKind, string[]> = {
  HIERARCHY: ['Start', 'End', 'Level', 'Label', 'Formal type', 'Formal function', 'Comments'],
  MARKER: ['Time', 'Label', 'Comments'],
  BEAT: ['Time', 'Measure', 'Beat'],
  HARMONY: ['Time', 'Kind', 'Label', 'Comments'],
  PDF: ['Time', 'Page'],
  SCORE: ['Start', 'End', 'Note', 'Staff', 'Comments'],
  RANGE: ['Start', 'End', 'Row', 'Label', 'Comments'],
};

/** The file's timelines in display order, with their index in the JSON. */
export function displayOrder(json: ViewerFileJson): { timeline: TimelineJson; index: number }[] {
  return json.timelines
    .map((timeline, index) => ({ timeline, index }))
    .sort((a, b) => a.timeline.display_position - b.timeline.display_position);
}

/**
 * One timeline as a table; null for kinds without one (audiowave, slider, unknown kinds). With
 * the file's time map, every kind but beats has a Bar and a Beat column.
 */
export function timelineTable(
  timeline: TimelineJson,
  index: number,
  timeMap: TimeMap | null = null,
): TimelineTable | null {
  const kind = viewerKind(timeline.kind);
  if (!kind || !TABLE_KINDS.includes(kind)) return null;
  const tableKind = kind as TableKind;
  // Time order, then (hierarchy) the larger unit first: the order a listener meets them.
  const rows = rowsOf(tableKind, timeline).sort((a, b) => a.start - b.start || b.level - a.level);
  const map = tableKind === 'BEAT' ? null : timeMap;
  return {
    index,
    name: timeline.name,
    kind: tableKind,
    columns: map ? [...COLUMNS[tableKind], 'Bar', 'Beat'] : COLUMNS[tableKind],
    rows,
    timeMap: map,
    ...(tableKind === 'RANGE'
      ? { rowNames: new Map((timeline.rows ?? []).map((row) => [row.id, row.name])) }
      : {}),
  };
}

/** Every table-worthy timeline, in display order (with the file's bars and beats, if given). */
export function timelineTables(
  json: ViewerFileJson,
  timeMap: TimeMap | null = null,
): TimelineTable[] {
  return displayOrder(json).flatMap(
    ({ timeline, index }) => timelineTable(timeline, index, timeMap) ?? [],
  );
}

/** The cells of the rows `first` to `first + count - 1` (fewer at the end): what the page shows. */
export function tableRowWindow(table: TimelineTable, first: number, count: number): string[][] {
  const start = Math.max(0, Math.floor(first));
  const end = Math.min(table.rows.length, start + Math.max(0, Math.floor(count)));
  return table.rows.slice(start, end).map((row) => rowCells(table, row));
}
