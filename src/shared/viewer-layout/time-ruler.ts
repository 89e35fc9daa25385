import { labelWidth } from './label-fit';
import { pixelsPerSecond, timeToX, xToTime, type TimeScale } from './time-scale';

/**
 * The time ruler above the timelines: labelled ticks at a round interval that leaves room for
 * each label, for the part of the media in view.
 */

export interface RulerTick {
  /** Viewport x. */
  x: number;
  time: number;
  label: string;
  /** The label ends at its tick rather than starting there: it would cross the right edge. */
  end: boolean;
}

/** Round intervals, in seconds, from a tenth of a second to an hour. */
const INTERVALS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600] as const;

/** Room a label needs, in pixels ('1:23:45' at 12 px plus a gap). */
export const RULER_LABEL_SPACING = 76;
/** The ruler's type size and the padding between a tick and its label (paint-ruler.ts). */
export const RULER_FONT_SIZE = 12;
export const RULER_LABEL_PADDING = 3;

/** How far right of its tick a label reaches, with a gap after it. */
function labelRoom(label: string): number {
  return RULER_LABEL_PADDING + labelWidth(label, RULER_FONT_SIZE) + RULER_LABEL_PADDING;
}

export function rulerInterval(scale: TimeScale): number {
  const pps = pixelsPerSecond(scale);
  return INTERVALS.find((interval) => interval * pps >= RULER_LABEL_SPACING) ?? 7200;
}

/** m:ss (h:mm:ss from an hour), with tenths when the interval is under a second. */
export function rulerLabel(time: number, interval: number): string {
  const tenths = interval < 1;
  const whole = tenths ? Math.round(time * 10) / 10 : Math.round(time);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor(whole / 60) % 60;
  const seconds = whole - Math.floor(whole / 60) * 60;
  const secondsText = tenths
    ? seconds.toFixed(1).padStart(4, '0')
    : String(Math.round(seconds)).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${secondsText}`
    : `${minutes}:${secondsText}`;
}

/**
 * The ticks in view (`viewportWidth` pixels from the scale's scroll position), at multiples of
 * the interval from the media's time 0, within the media's span.
 */
export function rulerTicks(scale: TimeScale, viewportWidth: number): RulerTick[] {
  const interval = rulerInterval(scale);
  const first = Math.max(scale.start, xToTime(scale, 0));
  const last = Math.min(scale.end, xToTime(scale, viewportWidth));
  const ticks: RulerTick[] = [];
  // Integer steps, so that 0.1 + 0.2 never drifts off a round time (`+ 0` turns -0 into 0).
  for (let n = Math.ceil(first / interval - 1e-9) + 0; n * interval <= last + 1e-9; n++) {
    const time = n * interval;
    const x = timeToX(scale, time);
    const label = rulerLabel(time, interval);
    const width = RULER_LABEL_PADDING + labelWidth(label, RULER_FONT_SIZE);
    const end = x + width > viewportWidth;
    // Ended at its tick, a label may reach back over the one before: the tick stays, unlabelled.
    const previous = ticks.at(-1);
    const clear = !previous || x - width >= previous.x + labelRoom(previous.label);
    ticks.push({ x, time, label: end && !clear ? '' : label, end });
  }
  return ticks;
}
