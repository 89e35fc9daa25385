/**
 * The viewer's timelines as tables: one row per component, kind-specific columns, rows in time
 * order, and a binary search for the row under the playhead. Built once per file on the main
 * thread, one timeline per task, from the viewer JSON the layout worker hands over in parts (the
 * table view, the 'now playing' strip and the CSV export use it).
 */
import type {
  BeatComponentJson,
  ComponentJson,
  HarmonyComponentJson,
  HierarchyComponentJson,
  MarkerComponentJson,
  PdfMarkerComponentJson,
  TimelineJson,
  ViewerFileJson,
} from '../../shared/api-types';
import { formatTime } from '../../shared/time-format';
import { measureStructure } from '../../shared/viewer-layout/beat-labels';
import { viewerKind, type ViewerKind } from '../../shared/viewer-layout/timeline-kinds';

export type TableKind = Extract<ViewerKind, 'HIERARCHY' | 'MARKER' | 'BEAT' | 'HARMONY' | 'PDF'>;

export interface TableRow {
  id: number;
  start: number;
  /** Segments (hierarchy units) end; points do not. */
  end: number | null;
  /** Hierarchy level; 1 for keys and 0 for harmonies (keys first at equal times); else 0. */
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
  /** Sorted start times of `rows`, for the binary search. */
  starts: Float64Array;
  source: TimelineJson;
}

const TABLE_KINDS: readonly ViewerKind[] = ['HIERARCHY', 'MARKER', 'BEAT', 'HARMONY', 'PDF'];

function numberList(text: string | undefined): number[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

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
    beatPattern: numberList(timeline.beat_pattern),
    beatsInMeasure: numberList(timeline.beats_in_measure),
    measureNumbers: numberList(timeline.measure_numbers),
    measuresToForceDisplay: numberList(timeline.measures_to_force_display),
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
  }
}

/** The cells of a row, in the order of the table's columns. */
export function rowCells(table: TimelineTable, row: TableRow): string[] {
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
  }
}

/** What the 'now playing' strip and the live region say for a row. */
export function rowSpoken(table: TimelineTable, row: TableRow): string {
  switch (table.kind) {
    case 'BEAT':
      return `measure ${row.measure ?? ''}, beat ${row.beat ?? ''}`;
    case 'PDF':
      return `page ${(row.component as PdfMarkerComponentJson).page_number}`;
    default:
      return (row.component as { label: string }).label;
  }
}

const COLUMNS: Record<TableKind, string[]> = {
  HIERARCHY: ['Start', 'End', 'Level', 'Label', 'Formal type', 'Formal function', 'Comments'],
  MARKER: ['Time', 'Label', 'Comments'],
  BEAT: ['Time', 'Measure', 'Beat'],
  HARMONY: ['Time', 'Kind', 'Label', 'Comments'],
  PDF: ['Time', 'Page'],
};

/** The file's timelines in display order, with their index in the JSON. */
export function displayOrder(json: ViewerFileJson): { timeline: TimelineJson; index: number }[] {
  return json.timelines
    .map((timeline, index) => ({ timeline, index }))
    .sort((a, b) => a.timeline.display_position - b.timeline.display_position);
}

/** One timeline as a table; null for kinds without one (audiowave, slider, unknown kinds). */
export function timelineTable(timeline: TimelineJson, index: number): TimelineTable | null {
  const kind = viewerKind(timeline.kind);
  if (!kind || !TABLE_KINDS.includes(kind)) return null;
  const tableKind = kind as TableKind;
  // Time order, then (hierarchy) the larger unit first: the order a listener meets them.
  const rows = rowsOf(tableKind, timeline).sort((a, b) => a.start - b.start || b.level - a.level);
  return {
    index,
    name: timeline.name,
    kind: tableKind,
    columns: COLUMNS[tableKind],
    rows,
    starts: Float64Array.from(rows, (row) => row.start),
    source: timeline,
  };
}

/** Every table-worthy timeline, in display order. */
export function timelineTables(json: ViewerFileJson): TimelineTable[] {
  return displayOrder(json).flatMap(({ timeline, index }) => timelineTable(timeline, index) ?? []);
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
export function currentRow(table: TimelineTable, time: number): number {
  const last = lastStartAtOrBefore(table.starts, time);
  if (table.kind !== 'HIERARCHY') return last;
  let best = -1;
  // Units are few and nested; walking back over the ones that started earlier is cheap.
  for (let i = last; i >= 0; i--) {
    const row = table.rows[i]!;
    if (row.end !== null && row.end > time && (best < 0 || row.level < table.rows[best]!.level)) {
      best = i;
    }
    if (best >= 0 && table.rows[best]!.level <= 1) break;
  }
  return best;
}

/** Hierarchy units containing the time, outermost first (for 'A › a1'). */
export function enclosingUnits(table: TimelineTable, time: number): TableRow[] {
  const found: TableRow[] = [];
  for (let i = lastStartAtOrBefore(table.starts, time); i >= 0; i--) {
    const row = table.rows[i]!;
    if (row.end !== null && row.end > time) found.push(row);
  }
  return found.sort((a, b) => b.level - a.level);
}
