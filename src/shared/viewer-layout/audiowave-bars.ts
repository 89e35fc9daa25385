import { AUDIOWAVE_BAR_WIDTH, AUDIOWAVE_HEIGHT } from './layout-constants';
import { numberField, permuted, timeOrder } from './time-order';
import { runningMaxEnd, segmentRange, visibleTimes, type ViewSpan } from './visible-range';

export interface AudiowaveBars {
  starts: Float64Array;
  ends: Float64Array;
  maxEnds: Float64Array;
  amplitudes: Float32Array;
  /** Component index of each bar (bars are sorted by start). */
  indices: Int32Array;
}

export function audiowaveBars(
  bars: readonly { start: number; end: number; amplitude: number }[],
): AudiowaveBars {
  const starts = numberField(bars, (bar) => bar.start);
  const order = timeOrder(starts);
  const ends = Float64Array.from(order, (i) => bars[i]?.end ?? 0);
  return {
    starts: permuted(starts, order),
    ends,
    maxEnds: runningMaxEnd(ends),
    amplitudes: Float32Array.from(order, (i) => Math.min(1, Math.max(0, bars[i]?.amplitude ?? 0))),
    indices: Int32Array.from(order),
  };
}

export interface AudiowaveColumn {
  x: number;
  /** Bar height: the loudest amplitude in the column as a fraction of the timeline height. */
  height: number;
  index: number;
}

/**
 * One bar per AUDIOWAVE_BAR_WIDTH-pixel column, as tall as the loudest bar that falls in it and
 * centred vertically, as the desktop draws its RMS bars.
 */
export function audiowaveView(
  wave: AudiowaveBars,
  view: ViewSpan,
  height = AUDIOWAVE_HEIGHT,
): AudiowaveColumn[] {
  const { pps, offset } = view;
  const [t0, t1] = visibleTimes(view);
  const [from, to] = segmentRange(wave.starts, wave.maxEnds, t0, t1);
  const columns: AudiowaveColumn[] = [];
  for (let i = from; i < to; i++) {
    const x = (wave.starts[i] ?? 0) * pps - offset;
    const column = Math.floor(x / AUDIOWAVE_BAR_WIDTH) * AUDIOWAVE_BAR_WIDTH;
    const barHeight = (wave.amplitudes[i] ?? 0) * height;
    const last = columns[columns.length - 1];
    if (last && last.x === column) {
      if (barHeight > last.height) {
        last.height = barHeight;
        last.index = wave.indices[i] ?? 0;
      }
    } else {
      columns.push({ x: column, height: barHeight, index: wave.indices[i] ?? 0 });
    }
  }
  return columns;
}
