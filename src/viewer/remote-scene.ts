import type { ViewLayout } from '../shared/viewer-layout/view-layout';
import {
  sceneResolution,
  type Scene,
  type SceneWorkerApi,
  type SelectionBox,
} from '../scene/scene';

/** The same calls from the page: each one a message, answered when the worker has done it. */
export type SceneChannel = {
  [K in keyof SceneWorkerApi]: (
    ...args: Parameters<SceneWorkerApi[K]>
  ) => Promise<Awaited<ReturnType<SceneWorkerApi[K]>>>;
};

/** Whether this browser can hand a canvas to a worker at all. */
export function canDrawInWorker(): boolean {
  return (
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}

/** A message whose answer nobody waits for: a failure there (a closed worker) is not an error. */
function send(call: Promise<unknown>): void {
  call.catch(() => undefined);
}

/**
 * The scene drawn by pixi in the layout worker, on the page's canvas handed over as an
 * OffscreenCanvas: the page's main thread keeps the playhead, labels and input, and never runs
 * WebGL. The canvas element stays in the page; only its CSS size is set here.
 */
export class RemoteScene implements Scene {
  private constructor(
    private readonly channel: SceneChannel,
    private readonly canvas: HTMLCanvasElement,
  ) {}

  /**
   * Hands `canvas` to the worker. Null when the worker cannot draw; the canvas is then spent
   * (a canvas handed over once can never draw on the page), and the caller draws on a new one.
   */
  static async create(
    channel: SceneChannel,
    canvas: HTMLCanvasElement,
    width: number,
    height: number,
  ): Promise<RemoteScene | null> {
    const offscreen = canvas.transferControlToOffscreen();
    sizeElement(canvas, width, height);
    const resolution = sceneResolution(window.devicePixelRatio);
    const attached = await channel
      .attachScene(offscreen, width, height, resolution)
      .catch(() => false);
    return attached ? new RemoteScene(channel, canvas) : null;
  }

  resize(width: number, height: number): void {
    sizeElement(this.canvas, width, height);
    send(this.channel.resizeScene(width, height));
  }

  draw(layout: ViewLayout): void {
    if (layout.drawId !== undefined) send(this.channel.drawScene(layout.drawId));
  }

  drawSelection(box: SelectionBox | null): void {
    send(this.channel.selectInScene(box));
  }

  render(): Promise<number> {
    return this.channel.renderScene().then(
      (finished) => finished - performance.timeOrigin,
      () => performance.now(),
    );
  }

  destroy(): void {
    send(this.channel.destroyScene());
  }
}

/** A canvas handed to the worker while the page was starting, for the first viewer to take. */
export interface EarlyScene {
  canvas: HTMLCanvasElement;
  scene: Promise<RemoteScene | null>;
}

/**
 * Hands a new canvas to the worker at once, so that pixi starts there (and compiles its shaders
 * on the first view laid out ahead) while the page is still loading its app and rendering.
 */
export function startEarlyScene(channel: SceneChannel, width: number, height: number): EarlyScene {
  const canvas = document.createElement('canvas');
  canvas.className = 'viewer-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  return { canvas, scene: RemoteScene.create(channel, canvas, width, height) };
}

function sizeElement(canvas: HTMLCanvasElement, width: number, height: number): void {
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
}
