import type { ViewLayout } from '../shared/viewer-layout/view-layout';

/** The outline of the selected component, in its timeline's row. */
export interface SelectionBox {
  timeline: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * What the viewer draws the timelines through: pixi on the page's own canvas (page-scene.ts), or
 * pixi in the layout worker on a canvas handed to it (remote-scene.ts). Calls take effect in
 * order; `render` shows what the calls before it drew.
 */
export interface Scene {
  resize(width: number, height: number): void;
  draw(layout: ViewLayout): void;
  drawSelection(box: SelectionBox | null): void;
  /**
   * Resolves once the frame is on the canvas (at once when the scene is on the page), with the
   * page's performance.now() of that moment.
   */
  render(): Promise<number>;
  destroy(): void;
}

/** The device pixels per CSS pixel a scene draws at, at most 2 (a 4K screen draws at 2). */
export function sceneResolution(devicePixelRatio: number): number {
  return Math.min(devicePixelRatio || 1, 2);
}

/**
 * The scene calls as the layout worker takes them. The worker keeps the layouts it sends (their
 * `drawId`), so drawing one costs the page a message of a number, not the shapes.
 */
export interface SceneWorkerApi {
  /** Takes the canvas and starts pixi on it; false when it cannot (no WebGL in workers). */
  attachScene(
    canvas: OffscreenCanvas,
    width: number,
    height: number,
    resolution: number,
  ): Promise<boolean>;
  resizeScene(width: number, height: number): void;
  drawScene(drawId: number): void;
  selectInScene(box: SelectionBox | null): void;
  /** Renders; answers with the moment it finished, in ms since the epoch (timeOrigin + now). */
  renderScene(): number;
  destroyScene(): void;
}
