/**
 * Two fingers on the timelines zoom them, around the point between the fingers, as much as the
 * fingers move apart or together (a phone's pinch). The stage's `touch-action: pan-y` keeps the
 * browser from zooming the page itself; one finger still scrolls (stage-scroll.ts).
 */

interface Touch {
  x: number;
  y: number;
}

/** The most one move zooms: a jump of the touch points must not fling the view. */
const MAX_FACTOR = 1.5;

function spread(a: Touch, b: Touch): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Zooms on a two-finger pinch over `element`; returns how to stop. */
export function attachTouchPinch(
  element: HTMLElement,
  zoom: (factor: number, clientX: number) => void,
): () => void {
  const touches = new Map<number, Touch>();

  const onDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onMove = (event: PointerEvent) => {
    const before = touches.get(event.pointerId);
    if (!before) return;
    const others = [...touches].filter(([id]) => id !== event.pointerId);
    const after = { x: event.clientX, y: event.clientY };
    touches.set(event.pointerId, after);
    if (others.length !== 1) return;
    const other = others[0]![1];
    const from = spread(before, other);
    const to = spread(after, other);
    if (from < 1 || to < 1 || from === to) return;
    const factor = Math.min(MAX_FACTOR, Math.max(1 / MAX_FACTOR, to / from));
    zoom(factor, (after.x + other.x) / 2);
  };
  const onUp = (event: PointerEvent) => {
    touches.delete(event.pointerId);
  };

  const listeners = [
    ['pointerdown', onDown],
    ['pointermove', onMove],
    ['pointerup', onUp],
    ['pointercancel', onUp],
  ] as const;
  for (const [type, listener] of listeners) element.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) element.removeEventListener(type, listener);
  };
}
