import {
  AUDIOWAVE_HEIGHT,
  BEAT_HEIGHT,
  HARMONY_HEIGHT,
  HIERARCHY_LEVEL_HEIGHT,
  MARKER_HEIGHT,
  PDF_HEIGHT,
  SCORE_HEIGHT,
  SCORE_STAFF_MAX_HEIGHT,
  SCORE_STAFF_MIN_HEIGHT,
  TIMELINE_BAR_HEIGHT,
  TIMELINE_SPACING,
} from './layout-constants';
import type { ViewerKind } from './timeline-kinds';

export const TIMELINE_HEIGHT_ERROR = "Can't determine timeline height.";

/** Raised for a hierarchy timeline that carries neither height nor level_height (SPEC.md 5). */
export class TimelineHeightError extends Error {
  override readonly name = 'TimelineHeightError';
  constructor() {
    super(TIMELINE_HEIGHT_ERROR);
  }
}

export interface HeightSource {
  height?: number | null;
  level_height?: number | null;
}

/**
 * The drawn height of one timeline (SPEC.md section 9). A hierarchy's height follows its levels:
 * 30 for the first and 30 for each level beyond it. The file's own height or level_height is not
 * used for drawing, but one of them must be there: without either the file is malformed.
 */
export function timelineHeight(
  kind: ViewerKind,
  source: HeightSource,
  levelCount = 1,
  staffCount = 1,
): number {
  switch (kind) {
    case 'HIERARCHY':
      if (source.height == null && source.level_height == null) throw new TimelineHeightError();
      return HIERARCHY_LEVEL_HEIGHT * Math.max(1, Math.floor(levelCount));
    case 'SLIDER':
      return TIMELINE_BAR_HEIGHT;
    case 'MARKER':
      return MARKER_HEIGHT;
    case 'BEAT':
      return BEAT_HEIGHT;
    case 'HARMONY':
      // Two rows of a timeline bar each (MODE above HARMONY): the 'level_height counts double'
      // rule of SPEC.md section 9.
      return HARMONY_HEIGHT;
    case 'AUDIOWAVE':
      return AUDIOWAVE_HEIGHT;
    case 'PDF':
      return PDF_HEIGHT;
    case 'SCORE': {
      // The file's height (the desktop's default is 160 for its two staves), within what gives
      // each staff room for its lines and a few ledger lines without towering over the rest.
      const staves = Math.max(1, staffCount);
      const wanted = source.height ?? SCORE_HEIGHT;
      return Math.min(
        Math.max(wanted, SCORE_STAFF_MIN_HEIGHT * staves),
        SCORE_STAFF_MAX_HEIGHT * staves,
      );
    }
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown timeline kind ${String(unreachable)}`);
    }
  }
}

export interface StackedRow {
  y: number;
  height: number;
}

/** Top edges of timelines stacked in display order; each adds TIMELINE_SPACING below itself. */
export function stackTimelines(heights: readonly number[]): { rows: StackedRow[]; total: number } {
  const rows: StackedRow[] = [];
  let y = 0;
  for (const height of heights) {
    rows.push({ y, height });
    y += height + TIMELINE_SPACING;
  }
  return { rows, total: y };
}
