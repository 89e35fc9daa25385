/**
 * Ctrl+wheel and a trackpad's pinch (which Chromium, Firefox and Safari send as wheel events with
 * ctrlKey) zoom the timelines around the pointer instead of the page: one notch of a mouse wheel
 * (100 px) is one zoom step (x1.2), a pinch as much as its fingers move.
 */

/** Pixels a wheel delta stands for, by its deltaMode (pixels, lines, pages). */
const DELTA_PIXELS = [1, 16, 800] as const;

/** The most one event zooms: a fast flick must not jump past what the user wanted. */
const MAX_FACTOR = 1.5;

/** The zoom factor of one wheel event: above 1 zooms in (the wheel or the fingers apart). */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaY * (DELTA_PIXELS[deltaMode as 0 | 1 | 2] ?? 1);
  const factor = 1.2 ** (-pixels / 100);
  return Math.min(MAX_FACTOR, Math.max(1 / MAX_FACTOR, factor));
}

/** Zooms on Ctrl+wheel over `element`; other wheel events scroll as usual. */
export function attachWheelZoom(
  element: HTMLElement,
  zoom: (factor: number, clientX: number) => void,
): () => void {
  const onWheel = (event: WheelEvent) => {
    if (!event.ctrlKey && !event.metaKey) return;
    // Not the page's zoom: the timelines' own.
    event.preventDefault();
    zoom(wheelZoomFactor(event.deltaY, event.deltaMode), event.clientX);
  };
  element.addEventListener('wheel', onWheel, { passive: false });
  return () => element.removeEventListener('wheel', onWheel);
}
