/**
 * One timeline as CSV in the column layout the desktop app imports 'by time' (SPEC.md section 3,
 * 'CSV import columns per kind'), so that the file imports back into TiLiA desktop. Text that a
 * spreadsheet would run as a formula is made inert (csv.ts). Written in the file worker, which
 * holds the timeline's table; the page only saves the text.
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
import type { TimelineTable } from './timeline-tables';

export const CSV_COLUMNS = {
  BEAT: ['time', 'is_first_in_measure', 'measure'],
  HARMONY: [
    'time',
    'harmony_or_key',
    'symbol',
    'display_mode',
    'custom_text',
    'custom_text_font_type',
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

function beatLines(table: TimelineTable): string[] {
  // The table rows already carry the measure number and the beat's place in it.
  return table.rows.map((row) => {
    const first = row.beat === 1;
    return csvLine([row.start, first, first ? (row.measure ?? '') : '']);
  });
}

/** The whole CSV text of one timeline, header first, rows in time order. */
export function timelineCsv(table: TimelineTable): string {
  const header = csvLine([...CSV_COLUMNS[table.kind]]);
  let lines: string[];
  switch (table.kind) {
    case 'BEAT':
      lines = beatLines(table);
      break;
    case 'HARMONY': {
      lines = table.rows.map((row) => {
        const c = row.component as HarmonyComponentJson;
        const mode = c.kind === 'MODE';
        return csvLine([
          c.time,
          mode ? 'key' : 'harmony',
          inertText(harmonySymbol(c)),
          mode ? '' : (c.display_mode ?? 'chord'),
          mode ? '' : inertText(c.custom_text),
          mode ? '' : (c.custom_text_font_type ?? 'analytic'),
        ]);
      });
      break;
    }
    case 'HIERARCHY': {
      lines = table.rows.map((row) => {
        const c = row.component as HierarchyComponentJson;
        return csvLine([
          c.start,
          c.end,
          c.level,
          c.pre_start ?? c.start,
          c.post_end ?? c.end,
          inertText(c.label),
          inertText(c.comments),
          inertText(c.formal_function),
          inertText(c.formal_type),
        ]);
      });
      break;
    }
    case 'MARKER': {
      lines = table.rows.map((row) => {
        const c = row.component as MarkerComponentJson;
        return csvLine([c.time, inertText(c.comments), inertText(c.label)]);
      });
      break;
    }
    case 'PDF': {
      lines = table.rows.map((row) => {
        const c = row.component as PdfMarkerComponentJson;
        return csvLine([c.time, c.page_number]);
      });
      break;
    }
    case 'RANGE': {
      lines = table.rows.map((row) => {
        const c = row.component as RangeComponentJson;
        return csvLine([
          c.start,
          c.end,
          inertText(table.rowNames?.get(c.row_id) ?? c.row_id),
          c.pre_start,
          c.post_end,
          inertText(c.label),
          inertText(c.comments),
        ]);
      });
      break;
    }
    case 'SCORE': {
      lines = table.rows.map((row) => {
        const c = row.component as unknown as Record<string, unknown>;
        const value = (key: string) => (typeof c[key] === 'number' ? (c[key] as number) : '');
        return csvLine([
          row.start,
          row.end ?? row.start,
          noteName(c),
          value('step'),
          value('accidental'),
          value('octave'),
          value('staff_index'),
          inertText(typeof c.comments === 'string' ? c.comments : ''),
        ]);
      });
      break;
    }
  }
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
