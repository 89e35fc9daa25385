import type { RowCounts } from './kinds/kind-layout';
import { KIND_LAYOUTS } from './kinds/registry';
import { DESKTOP_DEFAULT_HEIGHTS, TIMELINE_SPACING } from './layout-constants';
import type { ViewerKind } from './timeline-kinds';

export { TIMELINE_HEIGHT_ERROR, TimelineHeightError } from './timeline-height-error';

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
  rowCount = 1,
): number {
  return KIND_LAYOUTS[kind].least(source, {
    levels: levelCount,
    staves: staffCount,
    rows: rowCount,
  });
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

/** The range a timeline's height may take, and the file's wish within it. */
export function timelineSizing(
  kind: ViewerKind,
  source: HeightSource,
  { levels = 1, staves = 1, rows = 1 }: Partial<RowCounts> = {},
): RowSizing {
  const min = KIND_LAYOUTS[kind].least(source, { levels, staves, rows });
  return {
    min,
    preferred: preferredHeight(kind, source),
    max: Math.max(min, KIND_LAYOUTS[kind].most({ levels, staves, rows })),
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
