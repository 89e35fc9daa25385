import { TIMELINE_SPACING } from './layout-constants';

/** How tall a timeline may be drawn: never less than `min`, never more than `max`. */
export interface RowSizing {
  min: number;
  /** The file's own height (or the desktop's default): only its ratio to the others counts. */
  preferred: number;
  max: number;
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
