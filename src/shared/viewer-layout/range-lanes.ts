import type { RangeComponentJson, RangeRowJson } from '../api-types';
import { parseColor } from './label-fit';
import { DEFAULT_RANGE_COLOR } from './layout-constants';

/**
 * A Range timeline (desktop 0.7) as the viewer draws it: one lane per row, top first, each range
 * in its row's lane, coloured by its own colour, else its row's, else the desktop's default.
 * Joined ranges (`joined_right`) are drawn as one span; `pre_start` and `post_end` as thin
 * extensions before and after, as a hierarchy unit's are in the desktop app.
 */
export interface RangeLanes {
  rowNames: string[];
  /** Per range, in component order: */
  rows: Int32Array;
  starts: Float64Array;
  ends: Float64Array;
  preStarts: Float64Array;
  postEnds: Float64Array;
  colors: Uint32Array;
  /** The index of the range it is joined to on its right, or -1. */
  joinedRight: Int32Array;
  /** Whether a range on its left is joined to it (its label is then the left one's). */
  joinedFromLeft: Uint8Array;
  /** Range indices in the order the ranges start (ties: top row first), for the arrow keys. */
  order: Int32Array;
}

/** The rows as lanes; ranges on a row the file does not list go to a lane after them. */
export function rangeLanes(
  rows: readonly RangeRowJson[],
  ranges: readonly RangeComponentJson[],
): RangeLanes {
  const laneOf = new Map(rows.map((row, index) => [row.id, index]));
  const rowNames = rows.map((row) => row.name);
  const orphans = ranges.some((range) => !laneOf.has(range.row_id));
  if (orphans || rowNames.length === 0) rowNames.push('');
  const extraLane = rowNames.length - 1;
  const indexOfId = new Map(ranges.map((range, index) => [range.id, index]));
  const count = ranges.length;
  const lanes: RangeLanes = {
    rowNames,
    rows: new Int32Array(count),
    starts: new Float64Array(count),
    ends: new Float64Array(count),
    preStarts: new Float64Array(count),
    postEnds: new Float64Array(count),
    colors: new Uint32Array(count),
    joinedRight: new Int32Array(count).fill(-1),
    joinedFromLeft: new Uint8Array(count),
    order: new Int32Array(count),
  };
  ranges.forEach((range, index) => {
    const lane = laneOf.get(range.row_id) ?? extraLane;
    lanes.rows[index] = lane;
    lanes.starts[index] = range.start;
    lanes.ends[index] = Math.max(range.start, range.end);
    lanes.preStarts[index] = Math.min(range.start, finiteOr(range.pre_start, range.start));
    lanes.postEnds[index] = Math.max(lanes.ends[index]!, finiteOr(range.post_end, range.end));
    lanes.colors[index] =
      parseColor(range.color) ?? parseColor(rows[lane]?.color) ?? DEFAULT_RANGE_COLOR;
    const right = range.joined_right === null ? undefined : indexOfId.get(range.joined_right);
    // Only a range to its right on the same row can be joined to it (the desktop's rule).
    if (right !== undefined && right !== index && ranges[right]!.row_id === range.row_id) {
      lanes.joinedRight[index] = right;
      lanes.joinedFromLeft[right] = 1;
    }
  });
  lanes.order.set(
    Array.from(ranges.keys()).sort(
      (a, b) => lanes.starts[a]! - lanes.starts[b]! || lanes.rows[a]! - lanes.rows[b]! || a - b,
    ),
  );
  return lanes;
}

function finiteOr(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
