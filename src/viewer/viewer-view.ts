import { DEFAULT_TIMELINE_WIDTH } from '../shared/viewer-layout/layout-constants';
import {
  fitTimelineHeights,
  sameHeights,
  stackTimelines,
} from '../shared/viewer-layout/timeline-heights';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import {
  fitted,
  following,
  followingClosely,
  initialView,
  nextPage,
  requestOf,
  resizedTo,
  scrolledTo,
  scrollWidth,
  showing,
  shownSeconds,
  zoomedAt,
  zoomStepped,
  type ViewState,
} from '../shared/viewer-layout/view-state';
import type { MediaAdapter } from './media/media-adapter';
import { clampToSpan } from './playback-rules';
import { stackRoom, watchStackRoom } from './stack-room';
import { forwardStageScrolling, ScrollerWrites, type StageScrolling } from './stage-scroll';
import type { ViewerFileClient } from './viewer-file-client';
import type { ViewerStage } from './viewer-stage';

/** A zoom step whose view reached the painter within this (ms) came on a quick main thread. */
const QUICK_STEP_MS = 4.5;

export interface ViewElements {
  /** The timelines' box, whose room the rows' heights are fitted to. */
  region: HTMLElement;
  /** The strip under the stage that scrolls: its scrollbar and scrollLeft are the view's. */
  scroller: HTMLElement;
  /** The scroller's spacer, as wide as the timelines at the current zoom. */
  content: HTMLElement;
  /** The viewport-wide part that holds the canvas (see stage-scroll.ts). */
  stage: HTMLElement;
}

/**
 * The view the stage shows (view-state.ts: zoom and scroll; and the rows' heights fitted to the
 * window) and what changes it: zoom steps, fit, a shared link's span, following the playhead,
 * the scroller, a resize. Each change asks the stage for the new view; while the user looks at
 * one, the views likeliest next are laid out ahead.
 */
export class ViewerView {
  private view: ViewState;
  /** Each timeline's height, fitted to the room the window gives the timelines. */
  private heights: number[];
  /** Whether playback turns pages (else the view scrolls under it, and nothing is ahead). */
  followsByPage = true;
  /** The direction of the last zoom step, which the next one most likely repeats. */
  private lastZoomDirection: 1 | -1 = 1;
  /** The view before this one: a zoom step back to it asks for it again, not for a near copy. */
  private viewBefore: ViewState | null = null;
  /** The view whose zoom steps were asked for last, and how many of the two. */
  private aheadOf: { view: ViewState; steps: number } | null = null;
  private disposed = false;
  /** Where playback was at the last frame it was followed continuously, and when. */
  private lastFollowed: { time: number; at: number } | null = null;
  private readonly resizeObserver: ResizeObserver;
  private readonly stopWatchingRoom: () => void;
  private readonly stageScrolling: StageScrolling;
  private readonly scrollerWrites: ScrollerWrites;

  constructor(
    private readonly header: ViewerHeader,
    private readonly client: ViewerFileClient,
    private readonly media: MediaAdapter,
    private readonly stage: ViewerStage,
    private readonly elements: ViewElements,
    private readonly zoomChanged: (zoom: number) => void,
  ) {
    this.view = initialView(header.start, header.end, this.measureViewport());
    this.heights = this.fittedHeights();
    this.scrollerWrites = new ScrollerWrites(elements, () => ({
      width: scrollWidth(this.view),
      viewportWidth: this.view.viewportWidth,
      scrollLeft: this.view.scrollLeft,
    }));
    elements.scroller.addEventListener('scroll', this.onScroll, { passive: true });
    this.stageScrolling = forwardStageScrolling(elements.stage, elements.scroller, () =>
      this.scrollerWrites.now(),
    );
    this.resizeObserver = new ResizeObserver(this.onResize);
    this.resizeObserver.observe(elements.scroller);
    this.stopWatchingRoom = watchStackRoom(elements.region, this.onResize);
  }

  get zoom(): number {
    return this.view.zoom;
  }

  get viewportWidth(): number {
    return this.view.viewportWidth;
  }

  /** The stack's height at the fitted heights, before any layout. */
  stackHeight(): number {
    return Math.ceil(stackTimelines(this.heights).total);
  }

  /** Asks for the first view. */
  start(): void {
    this.scrollerWrites.now();
    this.request(null);
  }

  private measureViewport(): number {
    return Math.max(100, Math.floor(this.elements.scroller.clientWidth) || DEFAULT_TIMELINE_WIDTH);
  }

  private fittedHeights(): number[] {
    return fitTimelineHeights(
      this.header.timelines.map((timeline) => timeline.sizing),
      stackRoom(this.elements.region, this.elements.stage),
    );
  }

  /** Asks for the view at the fitted heights (again, when the file has changed). */
  request(zoomStartedAt: number | null): void {
    if (this.disposed) return;
    this.stage.request({ ...requestOf(this.view), heights: this.heights }, zoomStartedAt);
  }

  private readonly onScroll = (): void => {
    // The view's own write is on its way: the scroller does not say where the view is yet.
    if (this.scrollerWrites.waiting) return;
    const left = this.elements.scroller.scrollLeft;
    if (Math.abs(left - this.view.scrollLeft) < 0.5) return;
    this.view = scrolledTo(this.view, left);
    this.request(null);
  };

  /** A new width or window height: the view keeps its zoom, the rows refit, one new layout. */
  private readonly onResize = (): void => {
    if (this.disposed) return;
    const width = this.measureViewport();
    const heights = this.fittedHeights();
    const widthChanged = width !== this.view.viewportWidth;
    if (!widthChanged && sameHeights(heights, this.heights)) return;
    this.heights = heights;
    if (widthChanged) {
      this.view = resizedTo(this.view, width);
      this.scrollerWrites.now();
      this.stage.resize(width);
    }
    this.request(null);
  };

  /** Shows another view; the scroll event that follows finds nothing to do. */
  private setView(next: ViewState, zoomStartedAt: number | null): void {
    const zoomChanged = next.zoom !== this.view.zoom;
    this.viewBefore = this.view;
    this.view = next;
    this.request(zoomStartedAt);
    this.scrollerWrites.later();
    if (zoomChanged) this.zoomChanged(next.zoom);
  }

  /** One zoom step around the playhead (or the viewport's centre when it is off screen). */
  zoomStep(direction: 1 | -1, startedAt = performance.now()): void {
    this.lastZoomDirection = direction;
    const next = zoomStepped(this.view, direction, this.media.currentTime(), this.viewBefore);
    if (next) this.setView(next, startedAt);
  }

  /** Zooms by `factor` around viewport x `anchorX` (Ctrl+wheel, a trackpad's pinch). */
  zoomAt(factor: number, anchorX: number, startedAt = performance.now()): void {
    const next = zoomedAt(this.view, factor, anchorX);
    if (next) this.setView(next, startedAt);
  }

  /**
   * Has the file worker lay out (and the painter paint) the views likeliest next: while playback
   * turns pages, the next page; at rest, the zoom steps either side, once a view: as a quick zoom
   * step's view goes to the painter (`zoomStartedAt`), the step onward (ready a frame sooner), the
   * other once on screen (more then would take the cores that step's own frame needs).
   */
  prefetchAhead(zoomStartedAt?: number): void {
    const steps = zoomStartedAt === undefined ? 2 : 1;
    if (this.disposed || performance.now() - (zoomStartedAt ?? Infinity) > QUICK_STEP_MS) return;
    const playing = this.media.isPlaying();
    if (playing && this.followsByPage) this.prefetch(nextPage(this.view));
    const asked = this.aheadOf?.view === this.view ? this.aheadOf.steps : 0;
    if (playing || asked >= steps) return;
    this.aheadOf = { view: this.view, steps };
    // The worker answers in order: the step the user is likeliest to take next comes first.
    const directions = this.lastZoomDirection === 1 ? ([1, -1] as const) : ([-1, 1] as const);
    for (const direction of directions.slice(asked, steps)) {
      const next = zoomStepped(this.view, direction, this.media.currentTime(), this.viewBefore);
      if (next) this.prefetch(next);
    }
  }

  private prefetch(view: ViewState): void {
    if (view.scrollLeft === this.view.scrollLeft && view.zoom === this.view.zoom) return;
    this.client.layoutAhead({ ...requestOf(view), heights: this.heights });
  }

  /** The seconds shown across the timelines (a shared link's zoom). */
  shownSeconds(): number {
    return shownSeconds(this.view);
  }

  /** Shows `seconds` across the timelines around `time` (a shared link's t= and z=). */
  showSpan(seconds: number, time: number): void {
    this.setView(showing(this.view, seconds, clampToSpan(this.header, time)), performance.now());
  }

  fitToScreen(startedAt = performance.now()): void {
    this.setView(fitted(this.view), startedAt);
  }

  /** Scrolls so that `time` is in view, if it is not. */
  follow(time: number): void {
    const next = following(this.view, time);
    if (next.scrollLeft !== this.view.scrollLeft) this.setView(next, null);
  }

  /**
   * Keeps `time` a third of the way across (the playhead followed continuously). The view asked
   * for now is on screen a little later: it is asked for where playback will be by then, at the
   * pace playback has kept, so the playhead does not run ahead of its place.
   */
  followClosely(time: number): void {
    const now = performance.now();
    const last = this.lastFollowed;
    this.lastFollowed = { time, at: now };
    const seen = last && now > last.at ? ((time - last.time) / (now - last.at)) * 1000 : 0;
    const pace = Math.min(3, Math.max(0, seen));
    const next = followingClosely(this.view, time + (pace * this.stage.viewLatency) / 1000);
    if (next.scrollLeft !== this.view.scrollLeft) this.setView(next, null);
  }

  dispose(): void {
    this.disposed = true;
    this.scrollerWrites.cancel();
    this.resizeObserver.disconnect();
    this.stopWatchingRoom();
    this.elements.scroller.removeEventListener('scroll', this.onScroll);
    this.stageScrolling.dispose();
  }
}
