import * as Comlink from 'comlink';
import type { RulerView } from '../shared/stage-paint/paint-ruler';
import type { SelectionBox } from '../shared/stage-paint/paint-view';
import type { StagePainterApi, StageSize } from '../shared/stage-paint/stage-painter';
import { stagedView } from '../shared/stage-paint/staged-view';
import type { ViewLayout } from '../shared/viewer-layout/view-layout';
import { showRulerSize } from './ruler-canvas';
import type { ViewerFileClient } from './viewer-file-client';
import {
  nextPageFrame,
  paintedCanvas,
  stagePixelRatio,
  type StageFrame,
  type StageScene,
} from './stage-scene';

/** A stage worker, started, with the port the file worker sends it views on. */
export interface StageWorker {
  worker: Worker;
  painter: Comlink.Remote<StagePainterApi>;
  /** Handed to the painter with the canvas. */
  views: MessagePort;
  /** Rejects if the worker's script does not load (it would never answer). */
  failed: Promise<never>;
}

/** A stage started for the page before it had one (the boot script's), waiting for the page. */
export interface HandedOverStage {
  canvas: HTMLCanvasElement;
  worker: Worker;
  painter: Comlink.Remote<StagePainterApi>;
  /** Called when the page has put the canvas in its place. */
  adopted(): void;
}

const handedOver = new WeakMap<ViewerFileClient, HandedOverStage>();

/** Leaves a started stage for `client`'s page to take (WorkerStage.create). */
export function handOverStage(client: ViewerFileClient, stage: HandedOverStage): void {
  handedOver.set(client, stage);
}

/** Takes back a stage left for `client`'s page that the page has not taken. */
export function withdrawStage(client: ViewerFileClient): void {
  handedOver.delete(client);
}

/**
 * Starts the stage worker for `client`'s file and has the file worker send it every view it lays
 * out for the page; null where this browser cannot paint in a worker.
 */
export function startStageWorker(client: ViewerFileClient): StageWorker | null {
  if (!client.attachStage || typeof OffscreenCanvas === 'undefined') return null;
  if (typeof HTMLCanvasElement.prototype.transferControlToOffscreen !== 'function') return null;
  const worker = new Worker(new URL('../../workers/stage-painter.worker.ts', import.meta.url), {
    type: 'module',
    name: 'tilia-viewer-stage',
  });
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', () => reject(new Error('No stage worker.')));
  });
  failed.catch(() => undefined);
  const channel = new MessageChannel();
  void client.attachStage(channel.port1).catch(() => undefined);
  return { worker, painter: Comlink.wrap<StagePainterApi>(worker), views: channel.port2, failed };
}

/** The canvas's size on the page (its pixels are the painter's). */
function showSize(canvas: HTMLCanvasElement, size: StageSize): void {
  canvas.style.width = `${size.width}px`;
  canvas.style.height = `${size.height}px`;
}

/**
 * Hands `canvas`, sized for `size`, to the stage worker; false (and the worker stopped, the
 * canvas removed) if it cannot paint.
 */
export async function paintOn(
  stage: StageWorker,
  canvas: HTMLCanvasElement,
  size: StageSize,
): Promise<boolean> {
  showSize(canvas, size);
  // Sized before the hand-over: a size set by the worker shows only with the page's next frame.
  canvas.width = Math.round(size.width * size.pixelRatio);
  canvas.height = Math.round(size.height * size.pixelRatio);
  try {
    const offscreen = canvas.transferControlToOffscreen();
    const painting = await Promise.race([
      stage.painter.start(
        Comlink.transfer(offscreen, [offscreen]),
        Comlink.transfer(stage.views, [stage.views]),
      ),
      stage.failed,
    ]);
    if (!painting) throw new Error('No 2D context in the stage worker.');
    return true;
  } catch {
    stage.worker.terminate();
    canvas.remove();
    return false;
  }
}

/** The time ruler's canvas in `ruler`, handed to the painter; null (and removed) if it cannot paint it. */
async function paintRulerOn(
  painter: Comlink.Remote<StagePainterApi>,
  ruler: HTMLElement,
): Promise<HTMLCanvasElement | null> {
  const canvas = paintedCanvas(ruler, 'viewer-ruler__canvas');
  const offscreen = canvas.transferControlToOffscreen();
  const painting = await painter
    .attachRuler(Comlink.transfer(offscreen, [offscreen]))
    .catch(() => false);
  if (!painting) canvas.remove();
  return painting ? canvas : null;
}

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
  private ruler: RulerView | undefined;
  private rulerCanvas: HTMLCanvasElement | null = null;
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
   * A worker stage in `host`: the one the boot script started for `client`'s file (its canvas
   * moved here, its first frame already painted), else one on a canvas of its own; null where
   * this browser cannot have one (no OffscreenCanvas, no file worker, no 2D context in workers),
   * and the page then draws.
   */
  static async create(
    host: HTMLElement,
    ruler: HTMLElement,
    width: number,
    height: number,
    client: ViewerFileClient,
  ): Promise<WorkerStage | null> {
    const size = { width, height, pixelRatio: stagePixelRatio() };
    const early = handedOver.get(client);
    let stage: WorkerStage | null = null;
    if (early) {
      handedOver.delete(client);
      host.append(early.canvas);
      early.adopted();
      stage = new WorkerStage(early.canvas, early.worker, early.painter, size);
    } else {
      const started = startStageWorker(client);
      if (!started) return null;
      const canvas = paintedCanvas(host, 'viewer-canvas');
      if (!(await paintOn(started, canvas, size))) return null;
      stage = new WorkerStage(canvas, started.worker, started.painter, size);
    }
    stage.rulerCanvas = await paintRulerOn(stage.remote, ruler);
    stage.resize(width, height);
    return stage;
  }

  resize(width: number, height: number): void {
    this.size = { width, height, pixelRatio: stagePixelRatio() };
    showSize(this.canvas, this.size);
    if (this.rulerCanvas) showRulerSize(this.rulerCanvas, width);
  }

  draw(layout: ViewLayout, ruler: RulerView): void {
    this.ruler = ruler;
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
    const none = { labels: null, rulerLabels: null };
    if (key === null || this.destroyed) return { shownAt: await nextPageFrame(), ...none };
    const view = this.pendingView ? stagedView(key, this.pendingView) : undefined;
    this.pendingView = null;
    const { size, selection, ruler } = this;
    const [shown, pageFrame] = await Promise.all([
      this.remote.show({ key, size, selection, view, ruler }).catch(() => null),
      nextPageFrame(),
    ]);
    if (shown === null) return { shownAt: pageFrame, ...none };
    // The picture is on screen with the later of the worker's frame and the page's.
    return { ...shown, shownAt: Math.max(pageFrame, shown.shownAt - performance.timeOrigin) };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.remote[Comlink.releaseProxy]();
    this.worker.terminate();
    this.canvas.remove();
    this.rulerCanvas?.remove();
  }
}
