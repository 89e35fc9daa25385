import {
  AUDIOWAVE_HEIGHT,
  BEAT_HEIGHT,
  DESKTOP_DEFAULT_HEIGHTS,
  HARMONY_HEIGHT,
  HIERARCHY_LEVEL_HEIGHT,
  MARKER_HEIGHT,
  MAX_AUDIOWAVE_HEIGHT,
  MAX_BEAT_HEIGHT,
  MAX_HARMONY_HEIGHT,
  MAX_HIERARCHY_LEVEL_HEIGHT,
  MAX_MARKER_HEIGHT,
  MAX_PDF_HEIGHT,
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
 * The least drawn height of one timeline (SPEC.md section 9): what it gets in a window with no
 * room to spare. A hierarchy's height follows its levels:
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

/** How tall a timeline may be drawn: never less than `min`, never more than `max`. */
export interface RowSizing {
  min: number;
  /** The file's own height (or the desktop's default): only its ratio to the others counts. */
  preferred: number;
  max: number;
}

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** The height the file asks for, as the desktop app would draw it. */
function preferredHeight(kind: ViewerKind, source: HeightSource): number {
  const levelHeight = positive(source.level_height);
  const fromLevels = kind === 'HARMONY' && levelHeight !== null ? levelHeight * 2 : null;
  return positive(source.height) ?? fromLevels ?? DESKTOP_DEFAULT_HEIGHTS[kind];
}

function maxHeight(kind: ViewerKind, levelCount: number, staffCount: number): number {
  switch (kind) {
    case 'HIERARCHY':
      return MAX_HIERARCHY_LEVEL_HEIGHT * Math.max(1, Math.floor(levelCount));
    case 'SLIDER':
      return TIMELINE_BAR_HEIGHT;
    case 'MARKER':
      return MAX_MARKER_HEIGHT;
    case 'BEAT':
      return MAX_BEAT_HEIGHT;
    case 'HARMONY':
      return MAX_HARMONY_HEIGHT;
    case 'AUDIOWAVE':
      return MAX_AUDIOWAVE_HEIGHT;
    case 'PDF':
      return MAX_PDF_HEIGHT;
    case 'SCORE':
      return SCORE_STAFF_MAX_HEIGHT * Math.max(1, staffCount);
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown timeline kind ${String(unreachable)}`);
    }
  }
}

/** The range a timeline's height may take, and the file's wish within it. */
export function timelineSizing(
  kind: ViewerKind,
  source: HeightSource,
  levelCount = 1,
  staffCount = 1,
): RowSizing {
  const min = timelineHeight(kind, source, levelCount, staffCount);
  return {
    min,
    preferred: preferredHeight(kind, source),
    max: Math.max(min, maxHeight(kind, levelCount, staffCount)),
  };
}

function scaledHeights(sizings: readonly RowSizing[], scale: number): number[] {
  return sizings.map(({ min, preferred, max }) => Math.min(max, Math.max(min, scale * preferred)));
}

function stackHeight(heights: readonly number[]): number {
  return heights.reduce((sum, height) => sum + height + TIMELINE_SPACING, 0);
}

/**
 * Row heights that fill `available` px (spacing included), in the ratios of the file's heights:
 * every row is its preferred height times one common scale, held within its min and max. The
 * scale is the largest whose stack fits; rows are whole pixels, rounded down. A window with no
 * room to spare gets the minimum heights (the stack then scrolls as the page does).
 */
export function fitTimelineHeights(sizings: readonly RowSizing[], available: number): number[] {
  const least = sizings.map((sizing) => sizing.min);
  if (!(available > stackHeight(least))) return least;
  const most = sizings.map((sizing) => sizing.max);
  if (stackHeight(most) <= available) return most;
  // The stack grows with the scale (piecewise linearly): halve the interval to the largest
  // scale that fits. 40 halvings leave far less than a pixel.
  let low = 0;
  let high = Math.max(...sizings.map((s) => s.max / s.preferred));
  for (let step = 0; step < 40; step++) {
    const middle = (low + high) / 2;
    if (stackHeight(scaledHeights(sizings, middle)) <= available) low = middle;
    else high = middle;
  }
  return scaledHeights(sizings, low).map((height, i) =>
    Math.max(sizings[i]?.min ?? 0, Math.floor(height)),
  );
}

/** Whether two lists of row heights are the same. */
export function sameHeights(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((height, i) => height === b[i]);
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
