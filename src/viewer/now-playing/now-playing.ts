/**
 * What is sounding now: per timeline, the labels of the components under the playhead. Pure; the
 * strip (now-playing-strip.tsx) asks once per animation frame and writes only changed text.
 */
import type { HarmonyComponentJson } from '../../shared/api-types';
import {
  currentRow,
  enclosingUnits,
  rowSpoken,
  type TimelineTable,
} from '../table/timeline-tables';

export interface NowPlayingEntry {
  /** The table (timeline) this entry describes. */
  table: TimelineTable;
  /** What the strip says for it: 'Exposition › P', 'D: I', 'measure 12, beat 3', '—'. */
  text: string;
}

export const NOTHING = '—';

/** The last harmony and the last key at or before the time: 'D: V65', or one of them alone. */
function harmonyText(table: TimelineTable, time: number): string {
  const last = currentRow(table, time);
  let harmony: string | null = null;
  let key: string | null = null;
  for (let i = last; i >= 0 && (harmony === null || key === null); i--) {
    const row = table.rows[i]!;
    const isKey = (row.component as HarmonyComponentJson).kind === 'MODE';
    if (isKey && key === null) key = rowSpoken(table, row);
    if (!isKey && harmony === null) harmony = rowSpoken(table, row);
  }
  if (harmony === null && key === null) return NOTHING;
  return [key, harmony].filter((part) => part !== null).join(' ');
}

export function nowPlayingText(table: TimelineTable, time: number): string {
  switch (table.kind) {
    case 'HIERARCHY': {
      const labels = enclosingUnits(table, time)
        .map((unit) => rowSpoken(table, unit))
        .filter((label) => label.trim() !== '');
      return labels.length > 0 ? labels.join(' › ') : NOTHING;
    }
    case 'HARMONY':
      return harmonyText(table, time);
    default: {
      const row = currentRow(table, time);
      const text = row >= 0 ? rowSpoken(table, table.rows[row]!) : '';
      return text.trim() === '' ? NOTHING : text;
    }
  }
}

/** The kinds the strip shows: sections, cadences (markers), chords and measures. */
const STRIP_KINDS: ReadonlySet<string> = new Set(['HIERARCHY', 'MARKER', 'BEAT', 'HARMONY']);

/** The timelines the strip shows, in display order (tables or the viewer header's timelines). */
export function nowPlayingTables<Timeline extends { kind: string }>(
  timelines: readonly Timeline[],
): Timeline[] {
  return timelines.filter((timeline) => STRIP_KINDS.has(timeline.kind));
}
