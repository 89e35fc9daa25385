import type { RulerView } from '../shared/stage-paint/paint-ruler';
import type { Canvas2D, PaintCanvas, SelectionBox } from '../shared/stage-paint/paint-view';
import { StagePainter, stagedView, type StageSize } from '../shared/stage-paint/stage-painter';
import type { ViewLayout } from '../shared/viewer-layout/view-layout';
import { pageMusicFont } from './music-font';
import { showRulerSize } from './ruler-canvas';
import {
  nextPageFrame,
  paintedCanvas,
  stagePixelRatio,
  type StageFrame,
  type StageScene,
} from './stage-scene';

/** The page's next frame, in ms since the epoch, as the painter's frames are timed. */
async function nextFrameSinceEpoch(): Promise<number> {
  return performance.timeOrigin + (await nextPageFrame());
}

/** A canvas of the page's, not on it, to paint glyphs on once. */
function pageCanvas(width: number, height: number): PaintCanvas {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  // The DOM's canvas has more than the painter's PaintCanvas; the painter uses no more.
  return canvas as PaintCanvas;
}

/**
 * The stage painted on the page's own canvas, where the browser cannot hand a canvas to a
 * worker (no OffscreenCanvas) or there is no stage worker: the same StagePainter and paintView
 * as the worker's, given each layout as it comes.
 */
export class PageStage implements StageScene {
  readonly painter = 'page';
  private size: StageSize;
  private view: ViewLayout | null = null;
  private selection: SelectionBox | null = null;
  private ruler: RulerView | undefined;
  private key = 0;
  /** The key of the last layout handed to the painter, which keeps it for a new selection. */
  private sentKey = 0;
  private destroyed = false;

  private constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly rulerCanvas: HTMLCanvasElement,
    private readonly stage: StagePainter,
    width: number,
    height: number,
  ) {
    this.size = { width, height, pixelRatio: stagePixelRatio() };
    this.applySize();
  }

  static create(host: HTMLElement, ruler: HTMLElement, width: number, height: number): PageStage {
    const canvas = paintedCanvas(host, 'viewer-canvas');
    // The DOM's context has more than the painter's Canvas2D; the painter uses no more.
    const context = canvas.getContext('2d', { alpha: false }) as Canvas2D | null;
    if (!context) {
      canvas.remove();
      throw new Error('No 2D canvas context on this page.');
    }
    // Views are not painted ahead on the page's own thread; glyphs are, once, as the worker's.
    const painter = new StagePainter(
      canvas as PaintCanvas,
      context,
      nextFrameSinceEpoch,
      pageMusicFont,
      () => null,
      pageCanvas,
    );
    const rulerPicture = paintedCanvas(ruler, 'viewer-ruler__canvas');
    painter.attachRuler(rulerPicture as PaintCanvas);
    return new PageStage(canvas, rulerPicture, painter, width, height);
  }

  private applySize(): void {
    this.canvas.style.width = `${this.size.width}px`;
    this.canvas.style.height = `${this.size.height}px`;
    showRulerSize(this.rulerCanvas, this.size.width);
  }

  resize(width: number, height: number): void {
    this.size = { width, height, pixelRatio: stagePixelRatio() };
    this.applySize();
  }

  draw(layout: ViewLayout, ruler: RulerView): void {
    this.ruler = ruler;
    this.view = layout;
    this.key += 1;
  }

  drawSelection(box: SelectionBox | null): void {
    this.selection = box;
  }

  async render(): Promise<StageFrame> {
    const layout = this.view;
    const none = { labels: null, rulerLabels: null };
    if (!layout || this.destroyed) return { shownAt: await nextPageFrame(), ...none };
    const shown = await this.stage.show({
      key: this.key,
      size: this.size,
      selection: this.selection,
      view: this.sentKey === this.key ? undefined : stagedView(this.key, layout),
      ruler: this.ruler,
    });
    this.sentKey = this.key;
    if (!shown) return { shownAt: performance.now(), ...none };
    return { ...shown, shownAt: shown.shownAt - performance.timeOrigin };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.view = null;
    this.canvas.remove();
    this.rulerCanvas.remove();
  }
}
