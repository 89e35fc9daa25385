import { MIN_BEAT_LABEL_SPACING, SMALL_LABEL_FONT_SIZE } from './layout-constants';
import { labelWidth } from './label-fit';
import {
  aggregatePoints,
  lowerBound,
  pointRange,
  visibleTimes,
  type ViewSpan,
} from './visible-range';

export interface MeasureInput {
  beatCount: number;
  /** Beats per measure, cycled to size measures the file does not list (TLA-FORMAT.md 3.3). */
  beatPattern: readonly number[];
  /** Stored beats of each measure; may be shorter or longer than the beats need. */
  beatsInMeasure: readonly number[];
  /** Stored number of each measure; repeats and pickups (0) are kept as written. */
  measureNumbers: readonly number[];
  /** Measure indices (0-based) whose number shows whatever the spacing. */
  measuresToForceDisplay: readonly number[];
}

export interface MeasureStructure {
  /** Beat index at which each measure starts. */
  measureStart: Int32Array;
  /** Number shown for each measure. */
  measureNumber: Int32Array;
  /** 1 where the measure's number always shows. */
  forced: Uint8Array;
  /** 1 on each beat that starts a measure. */
  firstInMeasure: Uint8Array;
}

function wholePositive(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value >= 1 ? Math.floor(value) : null;
}

/**
 * Splits a beat timeline's beats into measures as the desktop app does on load: stored measure
 * sizes first, then sizes from the cycling beat pattern (by measure index) until the beats run
 * out; the last measure may be cut short. Missing measure numbers continue from the previous one.
 */
export function measureStructure(input: MeasureInput): MeasureStructure {
  const pattern = input.beatPattern.map(wholePositive).filter((n): n is number => n !== null);
  if (pattern.length === 0) pattern.push(4);
  const starts: number[] = [];
  let beat = 0;
  for (let measure = 0; beat < input.beatCount; measure++) {
    starts.push(beat);
    const size =
      wholePositive(input.beatsInMeasure[measure]) ?? pattern[measure % pattern.length] ?? 4;
    beat += size;
  }
  const measureStart = Int32Array.from(starts);
  const measureNumber = new Int32Array(starts.length);
  let previous = 0;
  for (let measure = 0; measure < starts.length; measure++) {
    const stored = input.measureNumbers[measure];
    const number =
      stored !== undefined && Number.isFinite(stored) ? Math.trunc(stored) : previous + 1;
    measureNumber[measure] = number;
    previous = number;
  }
  const forced = new Uint8Array(starts.length);
  for (const index of input.measuresToForceDisplay) {
    if (Number.isInteger(index) && index >= 0 && index < starts.length) forced[index] = 1;
  }
  const firstInMeasure = new Uint8Array(input.beatCount);
  for (const start of starts) firstInMeasure[start] = 1;
  return { measureStart, measureNumber, forced, firstInMeasure };
}

/** The characters of a whole number written out, its sign included. */
function numberLength(whole: number): number {
  let length = whole < 0 ? 2 : 1;
  for (let rest = Math.abs(whole); rest >= 10; rest = Math.floor(rest / 10)) length++;
  return length;
}

/**
 * Room a measure number takes: its estimated width and a gap after it. Counted, not measured
 * on its text: every view walks the file's measures, thousands of them.
 */
function numberRoom(measureNumber: number): number {
  return numberLength(measureNumber) * labelWidth('0', SMALL_LABEL_FONT_SIZE) + 6;
}

/**
 * Which measure numbers show at a given spacing: walking from the first measure, a number shows
 * when it starts at least MIN_BEAT_LABEL_SPACING pixels after the last shown one, and after
 * that one's text ends, so numbers never overlap ('1000' is wider than '7'). A forced number
 * always shows; the unforced number before it gives way if the two would overlap. Walking from
 * the file's start (not the viewport's) keeps labels still while scrolling. `contentX` gives
 * the content x of a beat index.
 */
export function shownMeasures(
  structure: MeasureStructure,
  contentX: (beatIndex: number) => number,
  spacing = MIN_BEAT_LABEL_SPACING,
): Uint8Array {
  const shown = new Uint8Array(structure.measureStart.length);
  let last = -1;
  let lastX = -Infinity;
  let clearFrom = -Infinity;
  for (let measure = 0; measure < structure.measureStart.length; measure++) {
    const x = contentX(structure.measureStart[measure] ?? 0);
    const forced = structure.forced[measure] === 1;
    if (!forced && (x - lastX < spacing || x < clearFrom)) continue;
    if (forced && x < clearFrom && last >= 0 && structure.forced[last] !== 1) shown[last] = 0;
    shown[measure] = 1;
    last = measure;
    lastX = x;
    clearFrom = x + numberRoom(structure.measureNumber[measure] ?? 0);
  }
  return shown;
}

export interface BeatView {
  /** Viewport x of each drawn tick, one per pixel column at most. */
  tickX: Float32Array;
  /** 1 where the drawn tick starts a measure (measure ticks win their pixel column). */
  tickIsMeasure: Uint8Array;
  /** Beat index of each drawn tick. */
  tickBeat: Int32Array;
  /** Measure numbers: `beat` is the measure's first beat, in time order. */
  labels: { x: number; text: string; measure: number; beat: number }[];
}

/**
 * The beats of a viewport: visible beats culled by binary search, ticks aggregated per pixel,
 * measure numbers thinned. `times` are sorted beat times; x = time * pps - offset.
 */
export function beatView(
  times: Float64Array,
  structure: MeasureStructure,
  view: ViewSpan,
): BeatView {
  const { pps, offset } = view;
  const [t0, t1] = visibleTimes(view);
  const [from, to] = pointRange(times, t0, t1);
  const xs = new Float32Array(to - from);
  for (let i = from; i < to; i++) xs[i - from] = (times[i] ?? 0) * pps - offset;
  const kept = aggregatePoints(xs, structure.firstInMeasure.subarray(from, to));
  const tickX = new Float32Array(kept.length);
  const tickIsMeasure = new Uint8Array(kept.length);
  const tickBeat = new Int32Array(kept.length);
  kept.forEach((k, n) => {
    tickX[n] = xs[k] ?? 0;
    tickBeat[n] = k + from;
    tickIsMeasure[n] = structure.firstInMeasure[k + from] ?? 0;
  });
  const shown = shownMeasures(structure, (beat) => (times[beat] ?? 0) * pps);
  const labels: BeatView['labels'] = [];
  const firstMeasure = Math.max(0, lowerBound(structure.measureStart, from) - 1);
  for (let m = firstMeasure; m < structure.measureStart.length; m++) {
    const beat = structure.measureStart[m] ?? 0;
    if (beat >= to) break;
    if (beat < from || shown[m] !== 1) continue;
    labels.push({
      x: (times[beat] ?? 0) * pps - offset,
      text: String(structure.measureNumber[m]),
      measure: m,
      beat,
    });
  }
  return { tickX, tickIsMeasure, tickBeat, labels };
}
