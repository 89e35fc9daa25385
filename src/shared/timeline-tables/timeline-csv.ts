/**
 * One timeline as CSV in the column layout the desktop app imports 'by time' (SPEC.md section 3,
 * 'CSV import columns per kind'), so that the file imports back into TiLiA desktop. Text that a
 * spreadsheet would run as a formula is made inert (csv.ts). Times are written to the
 * millisecond. Where the file has bars and beats, every kind but beats adds `bar`, `pass` (which
 * time through a repeat) and `beat` (from 1, with its fraction), which the desktop's import
 * leaves aside. Written in the file worker, which holds the timeline's table; the page only saves
 * the text.
 */
import type {
  HarmonyComponentJson,
  HierarchyComponentJson,
  MarkerComponentJson,
  PdfMarkerComponentJson,
  RangeComponentJson,
} from '../api-types';
import { csvLine, inertText } from '../csv';
import { harmonyLabel } from '../harmony/harmony-label';
import { noteName } from '../viewer-layout/score-notes';
import type { TimeMap } from '../time-map/time-map';
import type { TimelineTable } from './timeline-tables';

/** The bar, pass and beat columns that follow a row's own, where the file has bars. */
const MUSICAL_COLUMNS = ['bar', 'pass', 'beat'] as const;

/** A time (or a beat) to the thousandth: 3.6, not 3.5999999999999996. */
function ms(time: number): number {
  return Math.round(time * 1000) / 1000;
}

export const CSV_COLUMNS = {
  BEAT: ['time', 'is_first_in_measure', 'measure'],
  HARMONY: [
    'time',
    'harmony_or_key',
    'symbol',
    'display_mode',
    'custom_text',
    'custom_text_font_type',
    'comments',
  ],
  HIERARCHY: [
    'start',
    'end',
    'level',
    'pre_start',
    'post_end',
    'label',
    'comments',
    'formal_function',
    'formal_type',
  ],
  MARKER: ['time', 'comments', 'label'],
  PDF: ['time', 'page_number'],
  // The desktop imports scores from MusicXML only; these columns are the note's own fields.
  SCORE: ['start', 'end', 'note', 'step', 'accidental', 'octave', 'staff_index', 'comments'],
  // A range's own fields, its row by name; joined ranges stay separate rows.
  RANGE: ['start', 'end', 'row', 'pre_start', 'post_end', 'label', 'comments'],
} as const;

/** The symbol column of a harmony: its chord symbol or numeral; a key's letter ('C', 'f#'). */
function harmonySymbol(c: HarmonyComponentJson): string {
  if (c.kind === 'MODE') return c.label.replace(/:$/, '');
  if (c.display_mode !== 'custom') return c.label;
  // A custom text hides the chord; the symbol column still carries it, as a chord symbol.
  return harmonyLabel(
    {
      step: c.step,
      accidental: c.accidental,
      quality: c.quality ?? 'major',
      inversion: c.inversion ?? 0,
      appliedTo: c.applied_to ?? 0,
      displayMode: 'chord',
      customText: '',
    },
    null,
  );
}

type Field = string | number | boolean | null;
type Row = TimelineTable['rows'][number];

/** A row's own fields, in CSV_COLUMNS order for its kind. */
function ownFields(table: TimelineTable, row: Row): Field[] {
  switch (table.kind) {
    case 'BEAT': {
      // The table rows already carry the measure number and the beat's place in it.
      const first = row.beat === 1;
      return [ms(row.start), first, first ? (row.measure ?? '') : ''];
    }
    case 'HARMONY': {
      const c = row.component as HarmonyComponentJson;
      const mode = c.kind === 'MODE';
      return [
        ms(c.time),
        mode ? 'key' : 'harmony',
        inertText(harmonySymbol(c)),
        mode ? '' : (c.display_mode ?? 'chord'),
        mode ? '' : inertText(c.custom_text),
        mode ? '' : (c.custom_text_font_type ?? 'analytic'),
        inertText(c.comments),
      ];
    }
    case 'HIERARCHY': {
      const c = row.component as HierarchyComponentJson;
      return [
        ms(c.start),
        ms(c.end),
        c.level,
        ms(c.pre_start ?? c.start),
        ms(c.post_end ?? c.end),
        inertText(c.label),
        inertText(c.comments),
        inertText(c.formal_function),
        inertText(c.formal_type),
      ];
    }
    case 'MARKER': {
      const c = row.component as MarkerComponentJson;
      return [ms(c.time), inertText(c.comments), inertText(c.label)];
    }
    case 'PDF': {
      const c = row.component as PdfMarkerComponentJson;
      return [ms(c.time), c.page_number];
    }
    case 'RANGE': {
      const c = row.component as RangeComponentJson;
      return [
        ms(c.start),
        ms(c.end),
        inertText(table.rowNames?.get(c.row_id) ?? c.row_id),
        ms(c.pre_start),
        ms(c.post_end),
        inertText(c.label),
        inertText(c.comments),
      ];
    }
    case 'SCORE': {
      const c = row.component as unknown as Record<string, unknown>;
      const value = (key: string) => (typeof c[key] === 'number' ? (c[key] as number) : '');
      return [
        ms(row.start),
        ms(row.end ?? row.start),
        noteName(c),
        value('step'),
        value('accidental'),
        value('octave'),
        value('staff_index'),
        inertText(typeof c.comments === 'string' ? c.comments : ''),
      ];
    }
  }
}

/** Where a time falls in the file's bars: its bar's printed number, which pass, the beat. */
function musicalFields(map: TimeMap, time: number): Field[] {
  const position = map.position(time);
  if (!position) return ['', '', ''];
  return [position.bar.number, position.bar.pass, ms(position.beat)];
}

/** The whole CSV text of one timeline, header first, rows in time order. */
export function timelineCsv(table: TimelineTable): string {
  const map = table.timeMap;
  const header = csvLine([...CSV_COLUMNS[table.kind], ...(map ? MUSICAL_COLUMNS : [])]);
  const lines = table.rows.map((row) =>
    csvLine(
      map ? [...ownFields(table, row), ...musicalFields(map, row.start)] : ownFields(table, row),
    ),
  );
  return header + lines.join('');
}

/** A file name for a timeline's CSV: 'K284 - Harmony.csv', with unsafe characters dropped. */
export function csvFileName(title: string, timelineName: string, kind: string): string {
  const name = `${title} - ${timelineName || kind.toLowerCase()}`
    // eslint-disable-next-line no-control-regex -- control characters are what is dropped
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${name || 'timeline'}.csv`;
}
