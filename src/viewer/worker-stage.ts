import * as Comlink from 'comlink';
import type { SelectionBox } from '../shared/stage-paint/paint-view';
import {
  stagedView,
  type StagePainterApi,
  type StageSize,
} from '../shared/stage-paint/stage-painter';
import type { ViewLayout } from '../shared/viewer-layout/view-layout';
import type { ViewerFileClient } from './viewer-file-client';
import {
  nextPageFrame,
  stageCanvas,
  stagePixelRatio,
  type StageFrame,
  type StageScene,
} from './stage-scene';

/**
 * The stage painted by a worker of its own (workers/stage-painter.worker.ts) in Canvas 2D, on a
 * canvas handed over with transferControlToOffscreen: the page's main thread neither draws nor
 * waits for the frame to be rasterized. The file worker sends the painter each view it lays out
 * for the page; the page only says which view to show, at what size, with which selection.
 */
export class WorkerStage implements StageScene {
  readonly painter = 'worker';
  private key: number | null = null;
  private pendingView: ViewLayout | null = null;
  private selection: SelectionBox | null = null;
  private destroyed = false;
  /** Keys the page gives views that reached it before the painter (negative, unlike the worker's). */
  private ownKeys = 0;

  private constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly worker: Worker,
    private readonly remote: Comlink.Remote<StagePainterApi>,
    private size: StageSize,
  ) {}

  /**
   * A worker stage on a canvas of its own in `host`, or null where this browser cannot have one
   * (no OffscreenCanvas, no file worker, no 2D context in workers); the page then draws.
   */
  static async create(
    host: HTMLElement,
    width: number,
    height: number,
    client: ViewerFileClient,
  ): Promise<WorkerStage | null> {
    if (!client.attachStage || typeof OffscreenCanvas === 'undefined') return null;
    if (typeof HTMLCanvasElement.prototype.transferControlToOffscreen !== 'function') return null;
    const size = { width, height, pixelRatio: stagePixelRatio() };
    const canvas = stageCanvas(host);
    WorkerStage.applySize(canvas, size);
    // Sized before the hand-over: a size set by the worker shows only with the page's next frame.
    canvas.width = Math.round(width * size.pixelRatio);
    canvas.height = Math.round(height * size.pixelRatio);
    let worker: Worker | null = null;
    try {
      const offscreen = canvas.transferControlToOffscreen();
      const started = new Worker(
        new URL('../../workers/stage-painter.worker.ts', import.meta.url),
        {
          type: 'module',
          name: 'tilia-viewer-stage',
        },
      );
      worker = started;
      const painter = Comlink.wrap<StagePainterApi>(started);
      const channel = new MessageChannel();
      // A worker whose script does not load never answers: its error event says so.
      const failed = new Promise<never>((_, reject) => {
        started.addEventListener('error', () => reject(new Error('No stage worker.')));
      });
      const painting = await Promise.race([
        painter.start(
          Comlink.transfer(offscreen, [offscreen]),
          Comlink.transfer(channel.port2, [channel.port2]),
        ),
        failed,
      ]);
      if (!painting) throw new Error('No 2D context in the stage worker.');
      await client.attachStage(channel.port1);
      return new WorkerStage(canvas, started, painter, size);
    } catch {
      worker?.terminate();
      canvas.remove();
      return null;
    }
  }

  private static applySize(canvas: HTMLCanvasElement, size: StageSize): void {
    canvas.style.width = `${size.width}px`;
    canvas.style.height = `${size.height}px`;
  }

  resize(width: number, height: number): void {
    this.size = { width, height, pixelRatio: stagePixelRatio() };
    WorkerStage.applySize(this.canvas, this.size);
  }

  draw(layout: ViewLayout): void {
    if (layout.stageKey === undefined) {
      this.key = --this.ownKeys;
      this.pendingView = layout;
    } else {
      this.key = layout.stageKey;
      this.pendingView = null;
    }
  }

  drawSelection(box: SelectionBox | null): void {
    this.selection = box;
  }

  async render(): Promise<StageFrame> {
    const key = this.key;
    if (key === null || this.destroyed) return { shownAt: await nextPageFrame(), labels: null };
    const view = this.pendingView ? stagedView(key, this.pendingView) : undefined;
    this.pendingView = null;
    const [shown, pageFrame] = await Promise.all([
      this.remote.show({ key, size: this.size, selection: this.selection, view }).catch(() => null),
      nextPageFrame(),
    ]);
    if (shown === null) return { shownAt: pageFrame, labels: null };
    // The picture is on screen with the later of the worker's frame and the page's.
    return {
      shownAt: Math.max(pageFrame, shown.shownAt - performance.timeOrigin),
      labels: shown.labels,
    };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.remote[Comlink.releaseProxy]();
    this.worker.terminate();
    this.canvas.remove();
  }
}
