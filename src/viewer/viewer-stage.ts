import { labelHit, paintedLabels } from '../shared/stage-paint/label-boxes';
import type { RulerView } from '../shared/stage-paint/paint-ruler';
import type { SelectionBox } from '../shared/stage-paint/paint-view';
import type { ComponentRef } from '../shared/viewer-file-session';
import { sameHeights } from '../shared/viewer-layout/timeline-heights';
import { rulerTicks } from '../shared/viewer-layout/time-ruler';
import type { ViewLayout, ViewRequest } from '../shared/viewer-layout/view-layout';
import { drewEarly, endEarlyViewer } from './early-viewer';
import { LabelList } from './label-list';
import { LatestWins } from './latest-wins';
import { PageStage } from './page-stage';
import { RulerText } from './ruler-canvas';
import { writeViewData } from './stage-scene';
import type { StageElements, StageFrame, StageScene, TimelineStack } from './stage-scene';
import type { ViewerFileClient } from './viewer-file-client';
import { WhenResting } from './when-resting';
import { WorkerStage } from './worker-stage';

/** The list of labels and the view's data attributes wait for this rest: a burst writes once. */
const TEXT_LAYER_REST_MS = 150;

export interface StageListener {
  /** The timelines were drawn at other heights (the window's height changed). */
  stack(stack: TimelineStack): void;
  /**
   * A new layout went to the painter: what follows the view (playhead, hover) catches up.
   * `zoomStartedAt`: the start of the zoom step it answers, if it answers one.
   */
  painting(layout: ViewLayout, zoomStartedAt: number | null): void;
  /** The first view, or one a zoom step asked for, is on screen. */
  shown(): void;
  /** The selection's outline in a layout, if it has one. */
  selectionBox(layout: ViewLayout): SelectionBox | null;
  error(message: string): void;
}

/** A view asked for, with performance.now() of the zoom input it answers (viewer:zoom). */
type PendingView = { request: ViewRequest; zoomStartedAt: number | null; askedAt: number };

/** A frame at 60 Hz: a view laid out is on screen with the painter's next frame. */
const FRAME_MS = 1000 / 60;

/**
 * The stage's orchestration: asks the file worker for views (latest wins), hands each to the
 * painter (the stage worker, or the page where it cannot have one), keeps the boxes of the
 * labels it painted for hit tests, writes the list of labels and the view's data attributes at
 * rest, and marks viewer:drawn, viewer:interactive and viewer:zoom.
 */
export class ViewerStage {
  private scene: StageScene | null = null;
  private shownLayout: ViewLayout | null = null;
  private latency = 2 * FRAME_MS;
  /** The labels' boxes as the stage painted the layout on screen. */
  private painted: { layout: ViewLayout; boxes: Float32Array } | null = null;
  private canvasHeight = 0;
  private width = 0;
  /** The start of a zoom step whose view has not come yet. */
  private zoomWaiting: number | null = null;
  /** The row heights the page was last told of (listener.stack). */
  private reportedHeights: number[] | null = null;
  private drawnOnce = false;
  /** Whether the list of labels has been written for a view yet. */
  private textWritten = false;
  private disposed = false;
  private readonly views: LatestWins<PendingView, ViewLayout>;
  private readonly labels: LabelList;
  private readonly textLayer = new WhenResting(TEXT_LAYER_REST_MS);
  private readonly rulerText: RulerText;

  constructor(
    private readonly client: ViewerFileClient,
    private readonly elements: StageElements,
    private readonly listener: StageListener,
  ) {
    this.views = new LatestWins(
      (pending) => client.layout(pending.request),
      (layout, pending) => this.show(layout, pending),
      () => listener.error('The timelines could not be drawn.'),
    );
    this.labels = new LabelList(elements.stage, elements.rows);
    this.rulerText = new RulerText(elements.ruler);
  }

  /** The layout on screen (or on its way there). */
  get layout(): ViewLayout | null {
    return this.shownLayout;
  }

  /** Creates the painter (at the stage's width, should it change meanwhile), paints the view. */
  async start(width: number, height: number): Promise<void> {
    this.width = width;
    this.canvasHeight = height;
    let scene: StageScene;
    const { canvasHost, ruler } = this.elements;
    try {
      scene =
        (await WorkerStage.create(canvasHost, ruler, width, height, this.client)) ??
        PageStage.create(canvasHost, ruler, width, height);
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
    scene.resize(this.width, this.canvasHeight);
    this.elements.region.dataset.renderer = scene.painter;
    if (this.shownLayout) this.paint(this.shownLayout, null);
  }

  /**
   * Asks for a view. One that overtakes a zoom step's view before it came (the scroll event the
   * step's own scrolling raises) answers that step: viewer:zoom ends when it is on screen.
   */
  request(request: ViewRequest, zoomStartedAt: number | null): void {
    this.zoomWaiting = zoomStartedAt ?? this.zoomWaiting;
    this.views.request({ request, zoomStartedAt: this.zoomWaiting, askedAt: performance.now() });
  }

  resize(width: number): void {
    this.width = width;
    this.scene?.resize(width, this.canvasHeight);
  }

  /** Paints the view on screen again with the selection's outline as it is now. */
  repaintSelection(): void {
    const { scene, shownLayout: layout } = this;
    if (!scene || !layout) return;
    scene.drawSelection(this.listener.selectionBox(layout));
    void scene.render().then((frame) => this.keepPaintedLabels(layout, frame));
  }

  /** Where the canvas on screen is. */
  canvasBox(): DOMRect {
    return (this.scene?.canvas ?? this.elements.canvasHost).getBoundingClientRect();
  }

  /** The component whose painted label is at (x, y) on the canvas, if any. */
  labelAt(x: number, y: number): ComponentRef | null {
    const layout = this.shownLayout;
    if (!layout || this.painted?.layout !== layout) return null;
    return labelHit(layout, this.painted.boxes, x, y);
  }

  /** How long a view takes from asked for to on screen, smoothed (ms). */
  get viewLatency(): number {
    return this.latency;
  }

  private show(layout: ViewLayout, pending: PendingView): void {
    if (this.disposed) return;
    this.latency = 0.7 * this.latency + 0.3 * (performance.now() - pending.askedAt + FRAME_MS);
    this.zoomWaiting = null;
    this.shownLayout = layout;
    if (this.scene) this.paint(layout, pending.zoomStartedAt);
  }

  private paint(layout: ViewLayout, zoomStartedAt: number | null): void {
    const scene = this.scene;
    if (!scene) return;
    const height = Math.ceil(layout.totalHeight);
    if (height !== this.canvasHeight) {
      this.canvasHeight = height;
      scene.resize(this.width, height);
    }
    const drawnHeights = layout.rows.map((row) => row.height);
    if (!this.reportedHeights || !sameHeights(drawnHeights, this.reportedHeights)) {
      this.reportedHeights = drawnHeights;
      this.listener.stack({ rows: layout.rows, totalHeight: layout.totalHeight });
    }
    const ruler = { ticks: rulerTicks(layout.scale, this.width), width: this.width };
    scene.draw(layout, ruler);
    scene.drawSelection(this.listener.selectionBox(layout));
    // The stage first: a worker paints it meanwhile, while this thread updates the DOM.
    const onScreen = scene.render();
    this.listener.painting(layout, zoomStartedAt);
    const first = !this.drawnOnce;
    this.drawnOnce = true;
    void onScreen.then((frame) => this.onScreen(layout, frame, first, zoomStartedAt, ruler));
  }

  private onScreen(
    layout: ViewLayout,
    frame: StageFrame,
    first: boolean,
    zoomStartedAt: number | null,
    ruler: RulerView,
  ): void {
    if (this.disposed) return;
    this.rulerText.painted(ruler.ticks, frame.rulerLabels);
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
      // The early screen (early-viewer.ts) has gone once the stage is on screen; if it was
      // painted, that was the first frame with the timelines on screen.
      endEarlyViewer();
      performance.mark('viewer:interactive', { startTime: shownAt });
      if (!drewEarly(this.client)) performance.mark('viewer:drawn', { startTime: shownAt });
      this.elements.region.dataset.drawn = 'true';
    }
    if (zoomStartedAt !== null) {
      performance.measure('viewer:zoom', { start: zoomStartedAt, end: shownAt });
    }
    this.listener.shown();
  }

  /** Keeps a frame's label boxes; false if it was superseded or its layout since replaced. */
  private keepPaintedLabels(layout: ViewLayout, frame: StageFrame): boolean {
    if (!frame.labels || layout !== this.shownLayout) return false;
    this.painted = { layout, boxes: frame.labels };
    return true;
  }

  /** The labels on screen as a list, and what the view shows as data attributes (for tests and tools). */
  private writeTextLayer(layout: ViewLayout): void {
    if (this.disposed || this.painted?.layout !== layout) return;
    const started = performance.now();
    this.labels.write(paintedLabels(layout, this.painted.boxes));
    this.rulerText.write();
    this.textWritten = true;
    writeViewData(this.elements, layout);
    performance.measure('viewer:text-layer', { start: started, end: performance.now() });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    endEarlyViewer();
    this.views.dispose();
    this.rulerText.destroy();
    this.scene?.destroy();
    this.scene = null;
    this.textLayer.cancel();
    this.labels.destroy();
    this.shownLayout = null;
    this.painted = null;
  }
}
