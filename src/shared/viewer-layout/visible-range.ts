/**
 * Culling and per-pixel aggregation: the drawing cost of a view is bounded by the screen, not by
 * the data (DESIGN.md section 6). Times are sorted Float64Arrays; every search is binary.
 */

/** Values in ascending order. */
type SortedValues = ArrayLike<number>;

/** First index whose value is >= target (values.length when none). */
export function lowerBound(values: SortedValues, target: number, from = 0, to = values.length) {
  return firstIndexPast(values, target, from, to, false);
}

/** First index whose value is > target (values.length when none). */
export function upperBound(values: SortedValues, target: number, from = 0, to = values.length) {
  return firstIndexPast(values, target, from, to, true);
}

/** A binary search for the first value at or above `target` (`strictly`: above it). */
function firstIndexPast(
  values: SortedValues,
  target: number,
  from: number,
  to: number,
  strictly: boolean,
) {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const value = values[middle] ?? 0;
    if (value < target || (strictly && value === target)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where a view stands on the time axis. */
export interface ViewSpan {
  /** Pixels per second at the view's zoom. */
  pps: number;
  /** A time's x on screen is `time * pps - offset`. */
  offset: number;
  /** The data area's width, px. */
  viewport: number;
}

/** The times at a view's left and right edges: [t0, t1]. */
export function visibleTimes({ pps, offset, viewport }: ViewSpan): [number, number] {
  return [offset / pps, (offset + viewport) / pps];
}

/** Index range [from, to) of sorted point times inside [t0, t1]. */
export function pointRange(times: Float64Array, t0: number, t1: number): [number, number] {
  const from = lowerBound(times, t0);
  return [from, upperBound(times, t1, from)];
}

/**
 * For segments sorted by start: the running maximum of their ends. It is non-decreasing, so the
 * first segment that can reach into a window is found by binary search too.
 */
export function runningMaxEnd(ends: Float64Array): Float64Array {
  const out = new Float64Array(ends.length);
  let max = -Infinity;
  for (let i = 0; i < ends.length; i++) {
    max = Math.max(max, ends[i] ?? -Infinity);
    out[i] = max;
  }
  return out;
}

/**
 * Index range [from, to) of segments (sorted by start) that may overlap [t0, t1]: every segment
 * before `from` ends before t0, every one from `to` on starts after t1. Callers still skip the
 * few inside the range that end early.
 */
export function segmentRange(
  starts: Float64Array,
  maxEnds: Float64Array,
  t0: number,
  t1: number,
): [number, number] {
  const from = upperBound(maxEnds, t0);
  return [from, Math.max(from, upperBound(starts, t1))];
}

/**
 * Per-pixel aggregation of points: of all points whose x falls in the same pixel column, only one
 * is kept, the one with the highest priority (the first of them on ties). `priority` is aligned
 * with `xs`. Returns the kept indices into `xs`, in x order.
 */
export function aggregatePoints(xs: Float32Array, priority?: Uint8Array): Int32Array {
  const kept = new Int32Array(xs.length);
  let count = 0;
  let column = Number.NaN;
  for (let i = 0; i < xs.length; i++) {
    const pixel = Math.floor(xs[i] ?? 0);
    if (pixel !== column) {
      column = pixel;
      kept[count++] = i;
    } else if (priority && (priority[i] ?? 0) > (priority[kept[count - 1] ?? 0] ?? 0)) {
      kept[count - 1] = i;
    }
  }
  return kept.slice(0, count);
}

/**
 * Per-pixel aggregation of segments in one row, sorted by start: consecutive segments narrower
 * than a pixel that start in the same pixel column collapse into the first one, stretched to
 * cover them. Returns [x0, x1, firstIndex] triples.
 */
export function aggregateSegments(x0s: Float32Array, x1s: Float32Array): Float32Array {
  const out = new Float32Array(x0s.length * 3);
  let count = 0;
  for (let i = 0; i < x0s.length; i++) {
    const x0 = x0s[i] ?? 0;
    const x1 = x1s[i] ?? 0;
    const last = count - 1;
    if (
      last >= 0 &&
      x1 - x0 < 1 &&
      (out[last * 3 + 1] ?? 0) - (out[last * 3] ?? 0) < 1 &&
      Math.floor(x0) === Math.floor(out[last * 3] ?? 0)
    ) {
      out[last * 3 + 1] = Math.max(out[last * 3 + 1] ?? 0, x1);
      continue;
    }
    out[count * 3] = x0;
    out[count * 3 + 1] = x1;
    out[count * 3 + 2] = i;
    count++;
  }
  return out.slice(0, count * 3);
}
