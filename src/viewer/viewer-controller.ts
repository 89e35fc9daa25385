import type { ComponentJson } from '../shared/api-types';
import type { NavigationKey } from '../shared/viewer-layout/component-navigation';
import { hitComponent } from '../shared/viewer-layout/hit-test';
import { DEFAULT_TIMELINE_WIDTH } from '../shared/viewer-layout/layout-constants';
import type { ComponentRef } from '../shared/viewer-file-session';
import { timeToX, xToTime } from '../shared/viewer-layout/time-scale';
import { rulerTicks } from '../shared/viewer-layout/time-ruler';
import {
  fitTimelineHeights,
  sameHeights,
  stackTimelines,
  type StackedRow,
} from '../shared/viewer-layout/timeline-heights';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import type { ViewLayout, ViewRequest } from '../shared/viewer-layout/view-layout';
import {
  fitted,
  following,
  initialView,
  requestOf,
  resizedTo,
  scrolledTo,
  scrollWidth,
  showing,
  shownSeconds,
  zoomStepped,
  type ViewState,
} from '../shared/viewer-layout/view-state';
import { hoverText } from './component-inspector';
import { HoverTip } from './hover-tip';
import { LabelList } from './label-list';
import { LatestWins } from './latest-wins';
import type { ViewerFileClient } from './viewer-file-client';
import type { MediaAdapter } from './media/media-adapter';
import type { PublishedClock } from './playback-clock';
import { clampToSpan, seekApplies, type SeekRequest } from './playback-rules';
import { PlayheadLoop } from './playhead-loop';
import { RulerLayer } from './ruler-layer';
import { attachSeekDrag, type SeekDrag } from './seek-drag';
import { stackRoom, watchStackRoom } from './stack-room';
import { forwardStageScrolling, type StageScrolling } from './stage-scroll';
import type { SelectionBox } from '../shared/stage-paint/paint-view';
import { labelHit, paintedLabels } from '../shared/stage-paint/label-boxes';
import { PageStage } from './page-stage';
import type { StageFrame, StageScene } from './stage-scene';
import { WorkerStage } from './worker-stage';
import { endEarlyViewer } from './early-viewer';
import { WhenResting } from './when-resting';

/**
 * The list of the labels on screen and the view's data attributes are written once no new view
 * has come for this long: a burst of zoom or scroll steps writes them once, after it.
 */
const TEXT_LAYER_REST_MS = 150;

export interface ViewerElements {
  /** The timelines' box: it takes the keyboard focus and shows data-zoom and data-drawn. */
  region: HTMLElement;
  /** The strip under the stage that scrolls: its scrollbar and scrollLeft are the view's. */
  scroller: HTMLElement;
  /** The scroller's spacer, as wide as the timelines at the current zoom. */
  content: HTMLElement;
  /** The viewport-wide part that holds the canvas and the overlay (see stage-scroll.ts). */
  stage: HTMLElement;
  /** Where the stage puts its canvas (each stage brings its own: see stage-scene.ts). */
  canvasHost: HTMLElement;
  playhead: HTMLElement;
  rows: HTMLElement;
  /** The time ruler above the stage: pressing or dragging on it seeks. */
  ruler: HTMLElement;
  /** The tooltip that names the component under the pointer. */
  hover: HTMLElement;
  clock: () => HTMLElement | null;
}

export interface Selection {
  ref: ComponentRef;
  component: ComponentJson;
}

/** Where the timelines are drawn: each one's top and height, and the stack's height. */
export interface TimelineStack {
  rows: StackedRow[];
  totalHeight: number;
}

export interface ViewerListener {
  playing(playing: boolean): void;
  /** The timelines were drawn at other heights (the window's height changed). */
  stack(stack: TimelineStack): void;
  selection(selection: Selection | null): void;
  zoom(zoom: number): void;
  error(message: string): void;
}

interface PendingView {
  request: ViewRequest;
  /** performance.now() of the zoom input this view answers, for the viewer:zoom measure. */
  zoomStartedAt: number | null;
}

/** The start (segments) or time (points) of a component: where selecting it seeks to. */
export function componentTime(component: ComponentJson): number {
  return ('start' in component ? component.start : component.time) ?? 0;
}

/** The end of a segment (hierarchy unit, note, audiowave bar); null for points. */
function componentEnd(component: ComponentJson): number | null {
  return 'end' in component && typeof component.end === 'number' ? component.end : null;
}

/**
 * Owns one open viewer: the stage, the layout requests, the view (zoom and scroll), the
 * selection and the playhead loop. React renders the elements and calls these methods; nothing
 * here re-renders React except the rare selection, zoom and play/pause changes.
 */
export class ViewerController {
  private scene: StageScene | null = null;
  private layout: ViewLayout | null = null;
  private view: ViewState;
  /** Each timeline's height, fitted to the room the window gives the timelines. */
  private heights: number[];
  /** The stack's height the canvas has now. */
  private canvasHeight: number;
  /** The row heights the page was last told of (listener.stack). */
  private reportedHeights: number[] | null = null;
  /** The direction of the last zoom step, which the next one most likely repeats. */
  private lastZoomDirection: 1 | -1 = 1;
  /** The view before this one: a zoom step back to it asks for it again, not for a near copy. */
  private viewBefore: ViewState | null = null;
  private selected: Selection | null = null;
  private drawnOnce = false;
  /** Whether the list of labels has been written for a view yet. */
  private textWritten = false;
  private disposed = false;
  private readonly views: LatestWins<PendingView, ViewLayout>;
  private readonly loop: PlayheadLoop;
  private readonly resizeObserver: ResizeObserver;
  private readonly stopWatchingRoom: () => void;
  private readonly stageScrolling: StageScrolling;
  private readonly labels: LabelList;
  /** The labels' boxes as the stage painted the layout on screen, for hit tests. */
  private painted: { layout: ViewLayout; boxes: Float32Array } | null = null;
  private readonly textLayer = new WhenResting(TEXT_LAYER_REST_MS);
  private readonly ruler: RulerLayer;
  private readonly seekDrags: SeekDrag[];
  /** Slider knobs and the ruler's head, looked up once per layout, not once per frame. */
  private knobs: HTMLElement[] = [];
  private readonly hover: HoverTip;

  constructor(
    private readonly header: ViewerHeader,
    private readonly client: ViewerFileClient,
    private readonly media: MediaAdapter,
    private readonly elements: ViewerElements,
    private readonly listener: ViewerListener,
    published: PublishedClock,
  ) {
    this.views = new LatestWins(
      (pending) => client.layout(pending.request),
      (layout, pending) => this.show(layout, pending),
      () => listener.error('The timelines could not be drawn.'),
    );
    const span = { start: header.start, end: header.end };
    this.loop = new PlayheadLoop(
      media,
      span,
      {
        playhead: elements.playhead,
        knobs: () => this.knobs,
        clock: elements.clock,
        published,
      },
      {
        xOf: (time) => (this.layout ? timeToX(this.layout.scale, time) : null),
        onPlayingChange: (playing) => listener.playing(playing),
        onOutOfView: (time) => this.follow(time),
        viewportWidth: () => this.view.viewportWidth,
      },
    );
    this.labels = new LabelList(elements.stage, elements.rows);
    this.ruler = new RulerLayer(elements.ruler);
    const seekTo = (time: number) => this.seek({ time, ifPlaying: true });
    const timeAt = (clientX: number) => this.timeAt(clientX);
    this.seekDrags = [
      attachSeekDrag(elements.ruler, { accepts: () => true, timeAt, seek: seekTo }),
      attachSeekDrag(elements.stage, {
        accepts: (event) => this.isOnSlider(event.clientY),
        timeAt,
        seek: seekTo,
      }),
    ];
    this.view = initialView(header.start, header.end, this.measureViewport());
    this.heights = this.fittedHeights();
    this.canvasHeight = Math.ceil(stackTimelines(this.heights).total);
    elements.scroller.addEventListener('scroll', this.onScroll, { passive: true });
    this.stageScrolling = forwardStageScrolling(elements.stage, elements.scroller);
    this.hover = new HoverTip(elements.stage, elements.hover, {
      hit: (x, y) => this.hit(x, y),
      describe: async (ref) => {
        const kind = header.timelines[ref.timeline]?.kind;
        const component = await client.api.component(ref);
        return kind && component ? hoverText(kind, component) : null;
      },
      viewportWidth: () => this.view.viewportWidth,
    });
    this.resizeObserver = new ResizeObserver(this.onResize);
    this.resizeObserver.observe(elements.scroller);
    this.stopWatchingRoom = watchStackRoom(elements.region, this.onResize);
  }

  /** Creates the scene and draws the first view; resolves once the scene exists. */
  async start(): Promise<void> {
    this.applyContentWidth();
    this.requestView(null);
    let scene: StageScene;
    try {
      scene = await createStageScene(
        this.elements.canvasHost,
        this.view.viewportWidth,
        this.canvasHeight,
        this.client,
      );
    } catch (error) {
      // The page says why it cannot draw; the early picture must not cover that.
      endEarlyViewer();
      throw error;
    }
    if (this.disposed) {
      scene.destroy();
      return;
    }
    this.scene = scene;
    this.elements.region.dataset.renderer = scene.painter;
    if (this.layout) this.paint(this.layout, null);
    this.loop.start();
  }

  get currentZoom(): number {
    return this.view.zoom;
  }

  /** The media time now. */
  time(): number {
    return this.media.currentTime();
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

  /** What the file worker is asked for to draw a view at the fitted heights. */
  private requestFor(view: ViewState): ViewRequest {
    return { ...requestOf(view), heights: this.heights };
  }

  private applyContentWidth(): void {
    this.elements.content.style.width = `${scrollWidth(this.view)}px`;
    this.elements.stage.style.width = `${this.view.viewportWidth}px`;
  }

  private requestView(zoomStartedAt: number | null): void {
    this.views.request({ request: this.requestFor(this.view), zoomStartedAt });
  }

  private show(layout: ViewLayout, pending: PendingView): void {
    if (this.disposed) return;
    this.layout = layout;
    if (this.scene) this.paint(layout, pending.zoomStartedAt);
  }

  private paint(layout: ViewLayout, zoomStartedAt: number | null): void {
    const scene = this.scene;
    if (!scene) return;
    const height = Math.ceil(layout.totalHeight);
    if (height !== this.canvasHeight) {
      this.canvasHeight = height;
      scene.resize(this.view.viewportWidth, height);
    }
    const drawnHeights = layout.rows.map((row) => row.height);
    if (!this.reportedHeights || !sameHeights(drawnHeights, this.reportedHeights)) {
      this.reportedHeights = drawnHeights;
      this.listener.stack({ rows: layout.rows, totalHeight: layout.totalHeight });
    }
    scene.draw(layout);
    scene.drawSelection(this.selectionBox());
    this.hover.viewChanged();
    // The stage first: a worker paints it meanwhile, while this thread updates the DOM.
    const onScreen = scene.render();
    this.knobs = Array.from(
      this.elements.region.querySelectorAll<HTMLElement>('[data-slider-knob], [data-ruler-head]'),
    );
    this.ruler.draw(rulerTicks(layout.scale, this.view.viewportWidth));
    this.loop.refresh();
    const first = !this.drawnOnce;
    this.drawnOnce = true;
    void onScreen.then((frame) => {
      if (this.disposed) return;
      if (this.keepPaintedLabels(layout, frame)) {
        // The first list is there once the first view is; later ones wait for the view to rest.
        if (!this.textWritten) {
          this.textLayer.cancel();
          this.writeTextLayer(layout);
        } else this.textLayer.later(() => this.writeTextLayer(layout));
      }
      if (!first && zoomStartedAt === null) return;
      const shownAt = frame.shownAt;
      if (first) {
        // The early screen (early-viewer.ts) goes once the scene is on screen; if it was
        // painted, that was the first frame with the timelines on screen.
        const earlyDrawn = endEarlyViewer();
        performance.mark('viewer:interactive', { startTime: shownAt });
        if (!earlyDrawn) performance.mark('viewer:drawn', { startTime: shownAt });
        this.elements.region.dataset.drawn = 'true';
      }
      if (zoomStartedAt !== null) {
        performance.measure('viewer:zoom', { start: zoomStartedAt, end: shownAt });
      }
      this.prefetchZoomSteps();
    });
  }

  /**
   * Keeps the label boxes of a frame of the layout on screen; false if the frame was superseded
   * or shows a layout since replaced.
   */
  private keepPaintedLabels(layout: ViewLayout, frame: StageFrame): boolean {
    if (!frame.labels || layout !== this.layout) return false;
    this.painted = { layout, boxes: frame.labels };
    return true;
  }

  /** The labels on screen as a list, and what the view shows as data attributes (for tests and tools). */
  private writeTextLayer(layout: ViewLayout): void {
    if (this.disposed || this.painted?.layout !== layout) return;
    const started = performance.now();
    this.labels.write(paintedLabels(layout, this.painted.boxes));
    this.textWritten = true;
    for (const drawing of layout.timelines) {
      const row = this.elements.rows.children[drawing.index] as HTMLElement | undefined;
      if (row) row.dataset.visibleCount = String(drawing.visibleCount);
    }
    this.elements.region.dataset.zoom = layout.scale.zoom.toFixed(4);
    // The width the media spans at zoom 1 (the viewport less the end margin).
    this.elements.region.dataset.axisWidth = String(layout.scale.width);
    performance.measure('viewer:text-layer', { start: started, end: performance.now() });
  }

  private readonly onScroll = (): void => {
    const left = this.elements.scroller.scrollLeft;
    if (Math.abs(left - this.view.scrollLeft) < 0.5) return;
    this.view = scrolledTo(this.view, left);
    this.requestView(null);
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
      this.applyContentWidth();
      this.scene?.resize(width, this.canvasHeight);
    }
    this.requestView(null);
  };

  /** Shows another view; the scroll event that follows finds nothing to do. */
  private setView(next: ViewState, zoomStartedAt: number | null): void {
    const zoomChanged = next.zoom !== this.view.zoom;
    this.viewBefore = this.view;
    this.view = next;
    this.applyContentWidth();
    this.elements.scroller.scrollLeft = next.scrollLeft;
    this.requestView(zoomStartedAt);
    if (zoomChanged) this.listener.zoom(next.zoom);
  }

  /** One zoom step around the playhead (or the viewport's centre when it is off screen). */
  zoomStep(direction: 1 | -1, startedAt = performance.now()): void {
    this.lastZoomDirection = direction;
    const next = zoomStepped(this.view, direction, this.media.currentTime(), this.viewBefore);
    if (next) this.setView(next, startedAt);
  }

  /**
   * Has the worker lay out the next zoom step in and out while the user looks at this view, so a
   * step finds its layout ready (a worker round trip is about half of a step). Not while
   * playing: the step's anchor, the playhead, moves on meanwhile.
   */
  private prefetchZoomSteps(): void {
    if (this.disposed || this.media.isPlaying()) return;
    // The worker answers in order: the step the user is likeliest to take next comes first.
    const directions = this.lastZoomDirection === 1 ? ([1, -1] as const) : ([-1, 1] as const);
    for (const direction of directions) {
      const next = zoomStepped(this.view, direction, this.media.currentTime(), this.viewBefore);
      if (next) this.client.prefetchLayout(this.requestFor(next));
    }
  }

  /** Lays out and paints the view again: the file has changed (its recording's peaks came). */
  redraw(): void {
    if (!this.disposed) this.requestView(null);
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

  private follow(time: number): void {
    const next = following(this.view, time);
    if (next.scrollLeft !== this.view.scrollLeft) this.setView(next, null);
  }

  // Playback

  play(): void {
    if (!this.media.canPlay) return;
    this.media.play();
  }

  pause(): void {
    this.media.pause();
  }

  togglePlay(): void {
    if (this.media.isPlaying()) this.pause();
    else this.play();
  }

  stop(): void {
    this.media.pause();
    this.media.seek(this.header.start);
    this.loop.refresh();
  }

  seek(request: SeekRequest): void {
    if (!seekApplies(request, this.media.isPlaying())) return;
    this.media.seek(clampToSpan(this.header, request.time));
    this.loop.refresh();
    this.follow(clampToSpan(this.header, request.time));
  }

  // Selection

  async select(ref: ComponentRef | null): Promise<Selection | null> {
    if (!ref) {
      this.setSelection(null);
      return null;
    }
    const component = await this.client.api.component(ref);
    if (this.disposed) return null;
    this.setSelection(component ? { ref, component } : null);
    return this.selected;
  }

  /** A click in the timelines: select what is under the pointer (or deselect) and seek. */
  async click(clientX: number, clientY: number, double: boolean): Promise<void> {
    const ref = this.hit(clientX, clientY);
    const selection = await this.select(ref);
    if (!selection) return;
    const time = componentTime(selection.component);
    this.seek({ time, ifPlaying: double });
    if (double) this.play();
  }

  /** Arrow keys: select a neighbour of the selection; keyboard selection never moves playback. */
  async navigate(key: NavigationKey): Promise<void> {
    if (!this.selected) return;
    const next = await this.client.api.neighbour(this.selected.ref, key);
    if (next) {
      const selection = await this.select(next);
      if (selection) this.follow(componentTime(selection.component));
    }
  }

  /** The media time under viewport x, as the view on screen shows it. */
  private timeAt(clientX: number): number | null {
    if (!this.layout) return null;
    const box = this.canvasBox();
    return xToTime(this.layout.scale, clientX - box.left);
  }

  /** Whether viewport y is on a slider timeline, whose knob and line seek like the ruler. */
  private isOnSlider(clientY: number): boolean {
    const y = clientY - this.canvasBox().top;
    const rows = this.layout?.rows ?? [];
    return this.header.timelines.some((timeline) => {
      const row = rows[timeline.index];
      return timeline.kind === 'SLIDER' && !!row && y >= row.y && y <= row.y + row.height;
    });
  }

  /** Where the canvas on screen is: the page's own, or the one the worker stage brought. */
  private canvasBox(): DOMRect {
    return (this.scene?.canvas ?? this.elements.canvasHost).getBoundingClientRect();
  }

  private hit(clientX: number, clientY: number): ComponentRef | null {
    const layout = this.layout;
    if (!layout) return null;
    const box = this.canvasBox();
    const x = clientX - box.left;
    const y = clientY - box.top;
    // A painted label first: it lies over the hit areas of the components under it.
    if (this.painted?.layout === layout) {
      const label = labelHit(layout, this.painted.boxes, x, y);
      if (label) return label;
    }
    for (const header of this.header.timelines) {
      const row = layout.rows[header.index];
      if (!row || y < row.y || y > row.y + row.height) continue;
      const drawing = layout.timelines[header.index];
      const index = drawing ? hitComponent(drawing, x, y - row.y) : null;
      return index === null ? null : { timeline: header.index, index };
    }
    return null;
  }

  private setSelection(selection: Selection | null): void {
    this.selected = selection;
    this.listener.selection(selection);
    const { scene, layout } = this;
    if (scene && layout) {
      scene.drawSelection(this.selectionBox());
      void scene.render().then((frame) => this.keepPaintedLabels(layout, frame));
    }
  }

  private selectionBox(): SelectionBox | null {
    const selected = this.selected;
    const layout = this.layout;
    if (!selected || !layout) return null;
    const { ref, component } = selected;
    const drawing = layout.timelines[ref.timeline];
    const row = layout.rows[ref.timeline];
    if (!drawing || !row) return null;
    for (let n = 0; n < drawing.hitIndices.length; n++) {
      if (drawing.hitIndices[n] !== ref.index) continue;
      const [x0, y0, x1, y1] = Array.from(drawing.hits.subarray(n * 4, n * 4 + 4));
      return { timeline: ref.timeline, x0: x0 ?? 0, y0: y0 ?? 0, x1: x1 ?? 0, y1: y1 ?? 0 };
    }
    // Merged into a neighbour at this zoom: outline its time span instead.
    const x0 = timeToX(layout.scale, componentTime(component));
    const end = componentEnd(component);
    const x1 = end === null ? x0 + 1 : timeToX(layout.scale, end);
    return { timeline: ref.timeline, x0: x0 - 2, x1: x1 + 2, y0: 0, y1: row.height };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    endEarlyViewer();
    this.loop.stop();
    this.views.dispose();
    this.resizeObserver.disconnect();
    this.stopWatchingRoom();
    this.elements.scroller.removeEventListener('scroll', this.onScroll);
    this.stageScrolling.dispose();
    for (const drag of this.seekDrags) drag.dispose();
    this.hover.dispose();
    this.ruler.destroy();
    this.scene?.destroy();
    this.scene = null;
    this.textLayer.cancel();
    this.labels.destroy();
    this.layout = null;
    this.painted = null;
  }
}

/**
 * The stage for a viewer: painted by a worker where the browser can hand a canvas over to one,
 * else by the same painter on the page's own canvas.
 */
async function createStageScene(
  host: HTMLElement,
  width: number,
  height: number,
  client: ViewerFileClient,
): Promise<StageScene> {
  return (
    (await WorkerStage.create(host, width, height, client)) ?? PageStage.create(host, width, height)
  );
}
