import type { RulerView } from '../shared/stage-paint/paint-ruler';
import type { SelectionBox } from '../shared/stage-paint/paint-view';
import type { StackedRow } from '../shared/viewer-layout/timeline-heights';
import type { ViewLayout } from '../shared/viewer-layout/view-layout';

/** Where the timelines are drawn: each one's top and height, and the stack's height. */
export interface TimelineStack {
  rows: StackedRow[];
  totalHeight: number;
}

export interface StageElements {
  /** The timelines' box: it shows data-renderer, data-drawn, data-zoom and data-axis-width. */
  region: HTMLElement;
  /** The viewport-wide part that holds the canvas; the list of labels goes in it. */
  stage: HTMLElement;
  /** Where the stage puts its canvas (each stage brings its own: see stage-scene.ts). */
  canvasHost: HTMLElement;
  /** The timelines' rows over the canvas (data-visible-count). */
  rows: HTMLElement;
  /** The time ruler above the stage. */
  ruler: HTMLElement;
}

/** A view on screen, as the page sees it. */
export interface StageFrame {
  /** When the picture was on screen, in this page's performance.now(). */
  shownAt: number;
  /**
   * The labels painted in it (LABEL_BOX_FIELDS numbers each, paint-view.ts), or null when the
   * paint was superseded before it reached the screen.
   */
  labels: Float32Array | null;
  /** The ruler's labels painted in it (RULER_BOX_FIELDS numbers each, paint-ruler.ts). */
  rulerLabels: Float32Array | null;
}

/**
 * The timelines' stage as the viewer controller drives it: paintView (stage-paint/) on a canvas,
 * in the stage worker or on the page.
 */
export interface StageScene {
  /** The canvas on screen (hit tests measure from it). */
  readonly canvas: HTMLCanvasElement;
  /** 'worker' or 'page': who paints (data-renderer on the timelines, for tests and tools). */
  readonly painter: 'worker' | 'page';
  resize(width: number, height: number): void;
  /** A view to paint, with the time ruler's ticks for it. */
  draw(layout: ViewLayout, ruler: RulerView): void;
  drawSelection(box: SelectionBox | null): void;
  /** Shows what was drawn; resolves when it is on screen. */
  render(): Promise<StageFrame>;
  destroy(): void;
}

/** This page's next animation frame, when the frame before it is on screen. */
export function nextPageFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
}

/**
 * A new canvas the painter paints, first in `host` (the stage's canvas host, or the time ruler
 * under its head), an image to assistive technology. Each stage brings its own: a canvas handed
 * over to a worker can never be drawn on by the page again, nor handed over twice.
 */
export function paintedCanvas(
  host: HTMLElement,
  className: 'viewer-canvas' | 'viewer-ruler__canvas',
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = className;
  canvas.setAttribute('aria-hidden', 'true');
  host.prepend(canvas);
  return canvas;
}

/** Device pixels per CSS pixel for the stage's canvas (at most 2: sharper costs more than it shows). */
export function stagePixelRatio(): number {
  return Math.min(window.devicePixelRatio || 1, 2);
}

/** What the view on screen shows, as data attributes of the stage's elements (for tests and tools). */
export function writeViewData(elements: StageElements, layout: ViewLayout): void {
  for (const drawing of layout.timelines) {
    const row = elements.rows.children[drawing.index] as HTMLElement | undefined;
    if (row) row.dataset.visibleCount = String(drawing.visibleCount);
  }
  elements.region.dataset.zoom = layout.scale.zoom.toFixed(4);
  // The width the media spans at zoom 1 (the viewport less the end margin).
  elements.region.dataset.axisWidth = String(layout.scale.width);
}
