import type { Canvas2D, PaintCanvas, SelectionBox } from '../shared/stage-paint/paint-view';
import { StagePainter, stagedView, type StageSize } from '../shared/stage-paint/stage-painter';
import type { ViewLayout } from '../shared/viewer-layout/view-layout';
import { pageMusicFont } from './music-font';
import {
  nextPageFrame,
  stageCanvas,
  stagePixelRatio,
  type StageFrame,
  type StageScene,
} from './stage-scene';

/** The page's next frame, in ms since the epoch, as the painter's frames are timed. */
async function nextFrameSinceEpoch(): Promise<number> {
  return performance.timeOrigin + (await nextPageFrame());
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
  private key = 0;
  /** The key of the last layout handed to the painter, which keeps it for a new selection. */
  private sentKey = 0;
  private destroyed = false;

  private constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly stage: StagePainter,
    width: number,
    height: number,
  ) {
    this.size = { width, height, pixelRatio: stagePixelRatio() };
    this.applySize();
  }

  static create(host: HTMLElement, width: number, height: number): PageStage {
    const canvas = stageCanvas(host);
    // The DOM's context has more than the painter's Canvas2D; the painter uses no more.
    const context = canvas.getContext('2d', { alpha: false }) as Canvas2D | null;
    if (!context) {
      canvas.remove();
      throw new Error('No 2D canvas context on this page.');
    }
    const painter = new StagePainter(
      canvas as PaintCanvas,
      context,
      nextFrameSinceEpoch,
      pageMusicFont,
    );
    return new PageStage(canvas, painter, width, height);
  }

  private applySize(): void {
    this.canvas.style.width = `${this.size.width}px`;
    this.canvas.style.height = `${this.size.height}px`;
  }

  resize(width: number, height: number): void {
    this.size = { width, height, pixelRatio: stagePixelRatio() };
    this.applySize();
  }

  draw(layout: ViewLayout): void {
    this.view = layout;
    this.key += 1;
  }

  drawSelection(box: SelectionBox | null): void {
    this.selection = box;
  }

  async render(): Promise<StageFrame> {
    const layout = this.view;
    if (!layout || this.destroyed) return { shownAt: await nextPageFrame(), labels: null };
    const shown = await this.stage.show({
      key: this.key,
      size: this.size,
      selection: this.selection,
      view: this.sentKey === this.key ? undefined : stagedView(this.key, layout),
    });
    this.sentKey = this.key;
    if (!shown) return { shownAt: performance.now(), labels: null };
    return { shownAt: shown.shownAt - performance.timeOrigin, labels: shown.labels };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.view = null;
    this.canvas.remove();
  }
}
