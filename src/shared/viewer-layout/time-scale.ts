import { endMargin, MAX_PIXELS_PER_SECOND, MIN_ZOOM, ZOOM_STEP } from './layout-constants';

/**
 * Where times sit on screen. At zoom 1 the media (start..end) fills `width` pixels; zoom z makes
 * the content z times wider. `scrollLeft` is the content pixel at the viewport's left edge.
 */
export interface TimeScale {
  start: number;
  end: number;
  width: number;
  zoom: number;
  scrollLeft: number;
}

export function duration(scale: Pick<TimeScale, 'start' | 'end'>): number {
  return Math.max(scale.end - scale.start, 1e-6);
}

export function pixelsPerSecond(
  scale: Pick<TimeScale, 'start' | 'end' | 'width' | 'zoom'>,
): number {
  return (scale.width * scale.zoom) / duration(scale);
}

/** The scrollable width: the media at this zoom, and the end margin after it. */
export function contentWidth(scale: Pick<TimeScale, 'width' | 'zoom'>): number {
  return scale.width * scale.zoom + endMargin(scale.width);
}

/** Viewport x of a time. */
export function timeToX(scale: TimeScale, time: number): number {
  return (time - scale.start) * pixelsPerSecond(scale) - scale.scrollLeft;
}

/** The time at viewport x. */
export function xToTime(scale: TimeScale, x: number): number {
  return scale.start + (x + scale.scrollLeft) / pixelsPerSecond(scale);
}

/** Viewport x of many times at once, for drawing. */
export function timesToX(scale: TimeScale, times: Float64Array, from = 0, to = times.length) {
  const xs = new Float32Array(Math.max(0, to - from));
  const factor = pixelsPerSecond(scale);
  const offset = scale.start * factor + scale.scrollLeft;
  for (let i = from; i < to; i++) xs[i - from] = (times[i] ?? 0) * factor - offset;
  return xs;
}

/** The largest zoom that still shows something new: MAX_PIXELS_PER_SECOND. */
export function maxZoom(scale: Pick<TimeScale, 'start' | 'end' | 'width'>): number {
  return Math.max(MIN_ZOOM, (MAX_PIXELS_PER_SECOND * duration(scale)) / Math.max(scale.width, 1));
}

export function clampZoom(scale: Pick<TimeScale, 'start' | 'end' | 'width'>, zoom: number): number {
  return Math.min(Math.max(zoom, MIN_ZOOM), maxZoom(scale));
}

/**
 * One zoom step: the content grows or shrinks by ZOOM_STEP of its width. Steps multiply, so a
 * three-hour file reaches beat-level detail in a few dozen steps rather than thousands.
 */
export function steppedZoom(zoom: number, direction: 1 | -1): number {
  return direction === 1 ? zoom * (1 + ZOOM_STEP) : zoom / (1 + ZOOM_STEP);
}

export function clampScroll(
  scale: Pick<TimeScale, 'width' | 'zoom'>,
  viewport: number,
  left: number,
) {
  return Math.min(Math.max(left, 0), Math.max(0, contentWidth(scale) - viewport));
}

/**
 * The scroll position after zooming to `zoom` that keeps the time under viewport x `anchorX`
 * where it was.
 */
export function zoomAround(scale: TimeScale, zoom: number, anchorX: number, viewport: number) {
  const anchorTime = xToTime(scale, anchorX);
  const next = { ...scale, zoom, scrollLeft: 0 };
  const left = (anchorTime - scale.start) * pixelsPerSecond(next) - anchorX;
  return clampScroll(next, viewport, left);
}

/** Where a time brought into view stands: a tenth of the way across. */
const SHOWN_AT = 0.1;

/**
 * The next page, for playback that runs off the right edge: the old right edge comes a tenth of
 * the way across. The same page for any time just past the edge, so it can be laid out ahead.
 */
export function nextPageScroll(scale: TimeScale, viewport: number): number {
  return clampScroll(scale, viewport, scale.scrollLeft + Math.round(viewport * (1 - SHOWN_AT)));
}

/**
 * Scroll that brings `time` into view, or the current scroll when it already is: when the time
 * leaves the viewport the view turns a page (the next one when the time is just past the right
 * edge), so that following playback redraws rarely.
 */
export function scrollToShow(scale: TimeScale, time: number, viewport: number): number {
  const x = timeToX(scale, time);
  if (x >= 0 && x <= viewport) return scale.scrollLeft;
  if (x > viewport && x <= viewport * (1 + SHOWN_AT)) return nextPageScroll(scale, viewport);
  const contentX = x + scale.scrollLeft;
  return clampScroll(scale, viewport, contentX - viewport * SHOWN_AT);
}
