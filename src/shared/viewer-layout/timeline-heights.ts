import type { RowCounts } from './kinds/kind-layout';
import { KIND_LAYOUTS } from './kinds/registry';
import { DESKTOP_DEFAULT_HEIGHTS } from './layout-constants';
import type { RowSizing } from './row-stack';
import type { ViewerKind } from './timeline-kinds';

export { TIMELINE_HEIGHT_ERROR, TimelineHeightError } from './timeline-height-error';
// The stacking of rows, which needs no kind's layout (the page's first screen imports it alone).
export {
  fitTimelineHeights,
  sameHeights,
  stackTimelines,
  type RowSizing,
  type StackedRow,
} from './row-stack';

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
