import type { SelectionBox } from '../shared/stage-paint/paint-view';
import type { ViewLayout } from '../shared/viewer-layout/view-layout';

/** The timelines' stage as the viewer controller drives it, painted in a worker or on the page. */
export interface StageScene {
  /** The canvas on screen (hit tests measure from it). */
  readonly canvas: HTMLCanvasElement;
  /** Whether it paints the labels too (else the page's label layer shows them). */
  readonly paintsLabels: boolean;
  resize(width: number, height: number): void;
  draw(layout: ViewLayout): void;
  drawSelection(box: SelectionBox | null): void;
  /** Shows what was drawn; resolves when it is on screen, in this page's performance.now(). */
  render(): Promise<number>;
  destroy(): void;
}

/** This page's next animation frame, when the frame before it is on screen. */
export function nextPageFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
}

/**
 * A new canvas for a stage, in `host`. Each stage brings its own: a canvas handed over to a
 * worker can never be drawn on by the page again, nor handed over twice.
 */
export function stageCanvas(host: HTMLElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = 'viewer-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  host.append(canvas);
  return canvas;
}

/** Device pixels per CSS pixel for the stage's canvas (at most 2: sharper costs more than it shows). */
export function stagePixelRatio(): number {
  return Math.min(window.devicePixelRatio || 1, 2);
}
