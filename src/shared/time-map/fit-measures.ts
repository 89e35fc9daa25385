/**
 * A beat timeline's measures made to fit its beats, as the desktop does on load
 * (tilia/timelines/beat/timeline.py `recalculate_measures`): with more beats than the stored
 * measures hold, the last measure is filled up to its size in the cycling beat pattern and new
 * measures follow the pattern; with fewer, measures are cut from the end. Missing measure numbers
 * continue from the last one (the first is 1); surplus ones are dropped.
 */

export interface StoredMeasures {
  beatPattern: readonly number[];
  beatsInMeasure: readonly number[];
  measureNumbers: readonly number[];
}

export interface FittedMeasures {
  /** Beats of each measure; they add up to the number of beats. */
  beatsInMeasure: number[];
  /** The printed number of each measure (repeats, pickups written 0 and jumps kept). */
  measureNumbers: number[];
}

function usablePattern(pattern: readonly number[]): number[] {
  const usable = pattern.filter((n) => Number.isInteger(n) && n >= 1);
  return usable.length > 0 ? usable : [4];
}

/** Index into the pattern, wrapping like Python's `%` for negative numbers. */
function wrap(index: number, length: number): number {
  return ((index % length) + length) % length;
}

/** `amount` more beats laid into the measures after `measures`, the last possibly unfinished. */
function extend(measures: number[], pattern: number[], amount: number): void {
  let remaining = amount;
  let next = 0;
  if (measures.length > 0) {
    const lastIndex = measures.length - 1;
    const lastSize = pattern[wrap(lastIndex, pattern.length)] ?? 4;
    const last = measures[lastIndex] ?? 0;
    if (last < lastSize) {
      const fill = Math.min(lastSize - last, remaining);
      measures[lastIndex] = last + fill;
      remaining -= fill;
    }
    next = lastIndex + 1;
  }
  while (remaining > 0) {
    const size = pattern[wrap(next, pattern.length)] ?? 4;
    measures.push(Math.min(size, remaining));
    remaining -= size;
    next++;
  }
}

/** Takes `amount` beats off the end, dropping measures that empty. */
function reduce(measures: number[], amount: number): void {
  let remaining = amount;
  while (remaining > 0 && measures.length > 0) {
    const last = measures[measures.length - 1] ?? 0;
    if (last <= remaining) {
      measures.pop();
      remaining -= last;
    } else {
      measures[measures.length - 1] = last - remaining;
      remaining = 0;
    }
  }
}

export function fitMeasures(beatCount: number, stored: StoredMeasures): FittedMeasures {
  const pattern = usablePattern(stored.beatPattern);
  // A measure of no beats starts nowhere: the desktop cannot make one, so none is kept.
  const beatsInMeasure = stored.beatsInMeasure.filter((n) => Number.isInteger(n) && n > 0);
  const delta = beatCount - beatsInMeasure.reduce((sum, n) => sum + n, 0);
  if (delta > 0) extend(beatsInMeasure, pattern, delta);
  else if (delta < 0) reduce(beatsInMeasure, -delta);

  const measureNumbers = stored.measureNumbers
    .filter((n) => Number.isFinite(n))
    .map((n) => Math.trunc(n))
    .slice(0, beatsInMeasure.length);
  while (measureNumbers.length < beatsInMeasure.length) {
    const last = measureNumbers[measureNumbers.length - 1];
    measureNumbers.push(last === undefined ? 1 : last + 1);
  }
  return { beatsInMeasure, measureNumbers };
}
