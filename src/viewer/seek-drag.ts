/**
 * Seeking by pointer, as the desktop app's time axis allows: pressing on the time ruler, or on a
 * slider timeline, moves playback to the time under the pointer, paused or playing, and dragging
 * keeps it under the pointer until the button is released. The press is taken whole: the click
 * that ends it selects nothing, and a touch drag seeks instead of scrolling. Where the target
 * marks spans, a press with Shift marks the span dragged over (A-B) instead of seeking.
 */

export interface SeekDragTarget {
  /** Whether a press at this point starts a seek (the ruler: always; the stage: slider rows). */
  accepts(event: PointerEvent): boolean;
  /** The media time at viewport x, or null before the first layout. */
  timeAt(clientX: number): number | null;
  seek(time: number): void;
  /** A span dragged over with Shift held, from `from` to `to`; `done` when the button is up. */
  markSpan?(from: number, to: number, done: boolean): void;
}

export interface SeekDrag {
  dispose(): void;
}

export function attachSeekDrag(element: HTMLElement, target: SeekDragTarget): SeekDrag {
  let pointerId: number | null = null;
  /** Whether the last press was a seek: its click (and double click) belong to it. */
  let pressTaken = false;
  /** Where a Shift press began marking a span, or null while seeking. */
  let spanFrom: number | null = null;

  const seekAt = (clientX: number, done = false): void => {
    const time = target.timeAt(clientX);
    if (time === null) return;
    if (spanFrom === null) target.seek(time);
    else target.markSpan?.(spanFrom, time, done);
  };
  const onPointerDown = (event: PointerEvent): void => {
    pressTaken = false;
    if (event.button !== 0 || !event.isPrimary || !target.accepts(event)) return;
    // Captured here, before the stage's own handlers (scrolling by touch) see the press.
    event.stopImmediatePropagation();
    event.preventDefault();
    pointerId = event.pointerId;
    pressTaken = true;
    spanFrom = event.shiftKey && target.markSpan ? target.timeAt(event.clientX) : null;
    element.setPointerCapture?.(event.pointerId);
    seekAt(event.clientX);
  };
  const onPointerMove = (event: PointerEvent): void => {
    if (event.pointerId === pointerId) seekAt(event.clientX);
  };
  const onPointerEnd = (event: PointerEvent): void => {
    if (event.pointerId !== pointerId) return;
    pointerId = null;
    if (spanFrom !== null && event.type === 'pointerup') seekAt(event.clientX, true);
    spanFrom = null;
    if (element.hasPointerCapture?.(event.pointerId)) {
      element.releasePointerCapture(event.pointerId);
    }
  };
  const onClickCapture = (event: MouseEvent): void => {
    if (pressTaken) event.stopPropagation();
  };

  // Pointer-down, clicks and double clicks are caught before the timelines' own handlers.
  const listeners = [
    ['pointerdown', onPointerDown, true],
    ['pointermove', onPointerMove, false],
    ['pointerup', onPointerEnd, false],
    ['pointercancel', onPointerEnd, false],
    ['click', onClickCapture, true],
    ['dblclick', onClickCapture, true],
  ] as const;
  for (const [type, listener, capture] of listeners) {
    element.addEventListener(type, listener as EventListener, capture);
  }
  return {
    dispose() {
      for (const [type, listener, capture] of listeners) {
        element.removeEventListener(type, listener as EventListener, capture);
      }
    },
  };
}
