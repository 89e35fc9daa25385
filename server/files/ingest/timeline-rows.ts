import { CopyRows, type CopyValue } from '../../db/copy-text';
import type { NewTimeline } from './ingest.repository';

/**
 * A file's timelines as COPY rows, as its components are: a file may hold 10,000 timelines, and
 * one INSERT of them took drizzle 200-400 ms of the server's thread to build. The rows are built
 * where the components are (on the work pool), and written with one COPY. search_count is left
 * out: it starts at its default, 0, and the components' trigger counts it (migration 0005).
 */
const COLUMNS: readonly [column: string, field: keyof NewTimeline, json?: 'json'][] = [
  ['id', 'id'],
  ['file_id', 'fileId'],
  ['kind', 'kind'],
  ['kind_name', 'kindName'],
  ['is_known_kind', 'isKnownKind'],
  ['name', 'name'],
  ['ordinal', 'ordinal'],
  ['display_position', 'displayPosition'],
  ['is_visible', 'isVisible'],
  ['height', 'height'],
  ['level_height', 'levelHeight'],
  ['level_count', 'levelCount'],
  ['visible_level_count', 'visibleLevelCount'],
  ['beat_pattern', 'beatPattern', 'json'],
  ['measure_numbers', 'measureNumbers', 'json'],
  ['beats_in_measure', 'beatsInMeasure', 'json'],
  ['measures_to_force_display', 'measuresToForceDisplay', 'json'],
  ['pdf_path', 'pdfPath'],
  ['pdf_url', 'pdfUrl'],
  ['attributes', 'attributes', 'json'],
  ['range_rows', 'rangeRows', 'json'],
  ['default_row_height', 'defaultRowHeight'],
  ['not_shown', 'notShown', 'json'],
];

/** The columns of the timelines COPY, in the order of each row's fields. */
export const TIMELINE_COLUMNS: readonly string[] = COLUMNS.map(([column]) => column);

/** A jsonb value as drizzle writes one: its JSON text, whatever its type (a string included). */
function fieldValue(value: NewTimeline[keyof NewTimeline], json: 'json' | undefined): CopyValue {
  if (value === null || value === undefined) return null;
  return json ? JSON.stringify(value) : value;
}

/** The timelines' rows in COPY's text format, TIMELINE_COLUMNS in order. */
export function timelineCopyRows(timelines: readonly NewTimeline[]): CopyRows {
  const copy = new CopyRows();
  for (const timeline of timelines) {
    copy.add(COLUMNS.map(([, field, json]) => fieldValue(timeline[field], json)));
  }
  return copy;
}
