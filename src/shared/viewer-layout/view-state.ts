/**
 * The viewer's view: which part of the media the timelines show (zoom and scroll) in a viewport
 * of a given width. Pure: every change returns the next state, already clamped, so the page, the
 * prefetch of zoom steps and the tests agree on where a step, a resize or a page turn lands.
 */
import { timeAxisWidth } from './layout-constants';
import {
  clampScroll,
  clampZoom,
  contentWidth,
  duration,
  nextPageScroll,
  pixelsPerSecond,
  scrollToShow,
  steppedZoom,
  timeToX,
  zoomAround,
  type TimeScale,
} from './time-scale';
import type { ViewRequest } from './view-layout';

export interface ViewState {
  /** The media span drawn (ViewerHeader.start and end). */
  start: number;
  end: number;
  zoom: number;
  scrollLeft: number;
  viewportWidth: number;
}

export function initialView(start: number, end: number, viewportWidth: number): ViewState {
  return { start, end, zoom: 1, scrollLeft: 0, viewportWidth };
}

export function scaleOf(view: ViewState): TimeScale {
  return {
    start: view.start,
    end: view.end,
    width: timeAxisWidth(view.viewportWidth),
    zoom: view.zoom,
    scrollLeft: view.scrollLeft,
  };
}

/** What the file worker is asked for to draw this view. */
export function requestOf(view: ViewState): ViewRequest {
  return {
    zoom: view.zoom,
    scrollLeft: view.scrollLeft,
    viewportWidth: view.viewportWidth,
    width: timeAxisWidth(view.viewportWidth),
  };
}

/** The scroller's spacer width: the media at this zoom and the end margin. */
export function scrollWidth(view: ViewState): number {
  return Math.ceil(contentWidth(scaleOf(view)));
}

/** The view with zoom and scroll set together, the scroll clamped at that zoom. */
function withView(view: ViewState, zoom: number, scrollLeft: number): ViewState {
  const zoomed = { ...view, zoom };
  return { ...zoomed, scrollLeft: clampScroll(scaleOf(zoomed), view.viewportWidth, scrollLeft) };
}

export function scrolledTo(view: ViewState, scrollLeft: number): ViewState {
  return withView(view, view.zoom, scrollLeft);
}

export function resizedTo(view: ViewState, viewportWidth: number): ViewState {
  return withView({ ...view, viewportWidth }, view.zoom, view.scrollLeft);
}

/**
 * One zoom step around the playhead, or around the viewport's centre when the playhead is off
 * screen; null at a zoom limit.
 */
export function zoomStepped(
  view: ViewState,
  direction: 1 | -1,
  playhead: number,
  /** The view before this one: a step that lands back on it (but for rounding) gives it. */
  before: ViewState | null = null,
): ViewState | null {
  const scale = scaleOf(view);
  const zoom = clampZoom(scale, steppedZoom(view.zoom, direction));
  if (zoom === view.zoom) return null;
  const playheadX = timeToX(scale, playhead);
  const anchor =
    playheadX >= 0 && playheadX <= view.viewportWidth ? playheadX : view.viewportWidth / 2;
  const next = withView(view, zoom, zoomAround(scale, zoom, anchor, view.viewportWidth));
  return before && nearlySame(next, before) ? before : next;
}

/**
 * The view zoomed by `factor` around viewport x `anchorX` (Ctrl+wheel, a trackpad's pinch): the
 * time under the pointer stays under it. Null at a zoom limit.
 */
export function zoomedAt(view: ViewState, factor: number, anchorX: number): ViewState | null {
  const scale = scaleOf(view);
  const zoom = clampZoom(scale, view.zoom * factor);
  if (zoom === view.zoom) return null;
  const anchor = Math.min(Math.max(anchorX, 0), view.viewportWidth);
  return withView(view, zoom, zoomAround(scale, zoom, anchor, view.viewportWidth));
}

/**
 * Views that differ only by rounding (a step in and one out multiply and divide the zoom): the
 * same view, to be asked for as the same request and so found among the views laid out before.
 */
function nearlySame(a: ViewState, b: ViewState): boolean {
  return (
    a.start === b.start &&
    a.end === b.end &&
    a.viewportWidth === b.viewportWidth &&
    Math.abs(a.zoom - b.zoom) <= 1e-9 * b.zoom &&
    Math.abs(a.scrollLeft - b.scrollLeft) < 1e-3
  );
}

export function fitted(view: ViewState): ViewState {
  return withView(view, 1, 0);
}

/** The page playback turns to when it runs off this one's right edge. */
export function nextPage(view: ViewState): ViewState {
  return scrolledTo(view, nextPageScroll(scaleOf(view), view.viewportWidth));
}

/** The view that shows `time`: the same one while it is on screen, else the page it is on. */
export function following(view: ViewState, time: number): ViewState {
  return scrolledTo(view, scrollToShow(scaleOf(view), time, view.viewportWidth));
}

/**
 * The view scrolled so that `time` stands a third of the way across, as far as the content
 * allows (the playhead followed continuously; whole pixels, so a frame changes it or not).
 */
export function followingClosely(view: ViewState, time: number): ViewState {
  const contentX = timeToX(scaleOf(view), time) + view.scrollLeft;
  return scrolledTo(view, Math.round(contentX - view.viewportWidth / 3));
}

/** The seconds a view shows across its time axis (a shared link's zoom, z=). */
export function shownSeconds(view: ViewState): number {
  return duration(view) / view.zoom;
}

/** The view that shows `seconds` across its time axis with `time` in the middle. */
export function showing(view: ViewState, seconds: number, time: number): ViewState {
  const zoom = clampZoom(scaleOf(view), duration(view) / Math.max(seconds, 1e-3));
  const scale = scaleOf({ ...view, zoom });
  const x = (time - view.start) * pixelsPerSecond(scale) - scale.width / 2;
  return withView(view, zoom, x);
}
