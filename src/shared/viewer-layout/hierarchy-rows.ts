import {
  HIERARCHY_LEVEL_COLORS,
  HIERARCHY_LEVEL_HEIGHT,
  LABEL_FONT_SIZE,
} from './layout-constants';
import { fitLabel, parseColor } from './label-fit';
import { numberField, permuted, timeOrder } from './time-order';
import {
  aggregateSegments,
  runningMaxEnd,
  segmentRange,
  visibleTimes,
  type ViewSpan,
} from './visible-range';

export interface HierarchyInput {
  start: number;
  end: number;
  level: number;
  color: string | null;
  label: string;
}

/** The colour of a hierarchy level, as the desktop app picks it: its palette at level % 10. */
export function levelColor(level: number): number {
  const count = HIERARCHY_LEVEL_COLORS.length;
  const index = ((Math.max(1, Math.floor(level)) % count) + count) % count;
  return HIERARCHY_LEVEL_COLORS[index] ?? HIERARCHY_LEVEL_COLORS[0];
}

/**
 * A unit's boundary: its fill darkened, so touching units of one colour stay apart. `shade` is
 * what is left of each channel: a unit too narrow for more than its boundary column takes a
 * lighter one (NARROW_BOUNDARY_SHADE), so a level of such units keeps its colour.
 */
export function boundaryColor(fill: number, shade = 0.55): number {
  const channel = (shift: number) => Math.round(((fill >> shift) & 0xff) * shade);
  return (channel(16) << 16) | (channel(8) << 8) | channel(0);
}

/** Units narrower than this (px) are mostly boundary: theirs is NARROW_BOUNDARY_SHADE. */
export const NARROW_UNIT_WIDTH = 4;
export const NARROW_BOUNDARY_SHADE = 0.85;

export interface HierarchyLevel {
  level: number;
  /** Row from the top; level 1 is the bottom row. */
  row: number;
  /** Component indices of this level, sorted by start. */
  indices: Int32Array;
  starts: Float64Array;
  ends: Float64Array;
  maxEnds: Float64Array;
}

export interface HierarchyRows {
  levelCount: number;
  levels: HierarchyLevel[];
  /** Fill colour of each component: its own colour, or its level's. */
  colors: Uint32Array;
  /** Row of each component. */
  rows: Int32Array;
}

/** Level -> row (level 1 at the bottom, one row per level up to the highest) and colours. */
export function hierarchyRows(units: readonly HierarchyInput[]): HierarchyRows {
  let levelCount = 1;
  for (const unit of units) levelCount = Math.max(levelCount, Math.floor(unit.level) || 1);
  const colors = new Uint32Array(units.length);
  const rows = new Int32Array(units.length);
  const byLevel = new Map<number, number[]>();
  units.forEach((unit, index) => {
    const level = Math.max(1, Math.floor(unit.level) || 1);
    colors[index] = parseColor(unit.color) ?? levelColor(level);
    rows[index] = levelCount - level;
    const list = byLevel.get(level);
    if (list) list.push(index);
    else byLevel.set(level, [index]);
  });
  const levels = [...byLevel.entries()]
    .sort(([a], [b]) => a - b)
    .map(([level, list]) => {
      const listStarts = numberField(list, (i) => units[i]?.start);
      const order = timeOrder(listStarts);
      const indices = Int32Array.from(order, (k) => list[k] ?? 0);
      const starts = permuted(listStarts, order);
      const ends = Float64Array.from(indices, (i) => units[i]?.end ?? 0);
      return {
        level,
        row: levelCount - level,
        indices,
        starts,
        ends,
        maxEnds: runningMaxEnd(ends),
      };
    });
  return { levelCount, levels, colors, rows };
}

export interface HierarchyBox {
  index: number;
  x0: number;
  x1: number;
  y: number;
  height: number;
  color: number;
  /** The label clipped to the box's visible width ('' when nothing fits). */
  label: string;
}

const LABEL_PADDING = 3;

/** Boxes of the units visible in a viewport, one row per level, merged below a pixel. */
export function hierarchyView(
  rows: HierarchyRows,
  labels: readonly string[],
  view: ViewSpan,
  levelHeight = HIERARCHY_LEVEL_HEIGHT,
): HierarchyBox[] {
  const { pps, offset, viewport } = view;
  const [t0, t1] = visibleTimes(view);
  const boxes: HierarchyBox[] = [];
  for (const level of rows.levels) {
    const [from, to] = segmentRange(level.starts, level.maxEnds, t0, t1);
    const visible: number[] = [];
    for (let i = from; i < to; i++) if ((level.ends[i] ?? 0) > t0) visible.push(i);
    const x0s = Float32Array.from(visible, (i) => (level.starts[i] ?? 0) * pps - offset);
    const x1s = Float32Array.from(visible, (i) => (level.ends[i] ?? 0) * pps - offset);
    const merged = aggregateSegments(x0s, x1s);
    for (let n = 0; n < merged.length; n += 3) {
      const x0 = merged[n] ?? 0;
      const x1 = merged[n + 1] ?? 0;
      const index = level.indices[visible[merged[n + 2] ?? 0] ?? 0] ?? 0;
      const shownWidth = Math.min(x1, viewport) - Math.max(x0, 0);
      boxes.push({
        index,
        x0,
        x1,
        y: level.row * levelHeight,
        height: levelHeight,
        color: rows.colors[index] ?? levelColor(level.level),
        label: fitLabel(labels[index] ?? '', shownWidth - 2 * LABEL_PADDING, LABEL_FONT_SIZE),
      });
    }
  }
  return boxes;
}
