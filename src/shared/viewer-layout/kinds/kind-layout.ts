import type { TimelineJson } from '../../api-types';
import type { DrawingBuilder } from '../timeline-drawing';
import type { HeightSource } from '../timeline-heights';
import { numberField, permuted, timeOrder } from '../time-order';
import { pointRange, type ViewSpan } from '../visible-range';
import type { PreparedTimeline, SortedPoints } from '../viewer-document';

/** One view of a timeline row: the scale and the room it is drawn in. */
export interface KindView extends ViewSpan {
  /** The row's height, px. */
  height: number;
  /** The media's end, seconds. */
  end: number;
}

/** What a timeline's heights follow besides its kind. */
export interface RowCounts {
  /** Hierarchy levels. */
  levels: number;
  /** Score staves. */
  staves: number;
  /** Range timelines' rows (lanes). */
  rows: number;
}

/**
 * Everything the viewer does differently per timeline kind, in one module per kind
 * (kinds/registry.ts lists them): what it works out once when the file opens, how tall it may be
 * drawn, how far in time it reaches, and what it draws for a view.
 */
export interface KindLayout {
  /** Fills the kind's fields of `prepared` from the timeline's components. */
  prepare(timeline: TimelineJson, prepared: PreparedTimeline): void;
  /** The least drawn height: what the row gets in a window with no room to spare. */
  least(source: HeightSource, counts: RowCounts): number;
  /** The most drawn height, however much room the window offers. */
  most(counts: RowCounts): number;
  /** The latest time the prepared timeline reaches (0 for none). */
  lastTime(prepared: PreparedTimeline): number;
  /** The row's drawing for one view, into `out`. */
  draw(prepared: PreparedTimeline, view: KindView, out: DrawingBuilder): void;
}

/** The last value of an ascending list, 0 for an empty one. */
export function lastOf(values: ArrayLike<number> | undefined): number {
  return values && values.length > 0 ? (values[values.length - 1] ?? 0) : 0;
}

/** Point components (marker, beat, PDF) sorted by time. */
export function sortedPoints(components: readonly { time: number }[]): SortedPoints {
  const times = numberField(components, (c) => c.time);
  const indices = timeOrder(times);
  return { times: permuted(times, indices), indices };
}

/**
 * The points whose x on screen is between `fromX` and `toX`, as those x, with the sorted index of
 * the first (`from`): point k of `xs` is sorted point `from + k`.
 */
export function pointsOnScreen(
  points: SortedPoints,
  fromX: number,
  toX: number,
  pps: number,
  offset: number,
): { from: number; xs: Float32Array } {
  const [from, to] = pointRange(points.times, (offset + fromX) / pps, (offset + toX) / pps);
  const xs = new Float32Array(to - from);
  for (let i = from; i < to; i++) xs[i - from] = (points.times[i] ?? 0) * pps - offset;
  return { from, xs };
}

/**
 * A point kind (marker, beat, PDF): its `prepare` fills `prepared.points` (sortedPoints); it is
 * drawn between two fixed heights and reaches in time to its last point.
 */
export function pointKind(
  least: number,
  most: number,
  layout: Pick<KindLayout, 'prepare' | 'draw'>,
): KindLayout {
  return {
    ...layout,
    least: () => least,
    most: () => most,
    lastTime: (prepared) => lastOf(prepared.points?.times),
  };
}

/** The top that centres something `size` px tall in a row `height` px tall, in whole pixels. */
export function centredTop(height: number, size: number): number {
  return Math.round((height - size) / 2);
}
