/**
 * Horizontal scrolling over the timelines' stage. The stage is not inside the scroll container:
 * under software compositing a scroller draws everything it holds through an extra pass on
 * every frame (about 15 of the 30 ms Chromium's display compositor spent per zoom step), so the
 * scroller holds only an empty spacer that gives it its range and scrollbar, and the stage
 * passes the gestures that scroll sideways on to it: a sideways wheel or trackpad swipe
 * (Shift + wheel too), and a horizontal drag by touch or pen. Vertical wheel and vertical
 * swipes still scroll the page.
 */

/** Pixels per wheel line, for wheels that report lines rather than pixels. */
const LINE_HEIGHT = 16;
/** A touch that moves less than this is a tap (it selects), not a drag. */
const DRAG_SLOP = 6;

export interface StageScrolling {
  dispose(): void;
}

/** The wheel's sideways distance in pixels (0 for a vertical-only wheel without Shift). */
export function sidewaysDelta(event: {
  deltaX: number;
  deltaY: number;
  deltaMode: number;
  shiftKey: boolean;
}): number {
  const delta = event.deltaX !== 0 ? event.deltaX : event.shiftKey ? event.deltaY : 0;
  if (event.deltaMode === 1) return delta * LINE_HEIGHT;
  if (event.deltaMode === 2) return delta * 0.9 * window.innerWidth;
  return delta;
}

/** The scroller's range and position, and the stage's width, for a view. */
export interface ScrollerPlace {
  /** The spacer's width: the timelines' at the view's zoom. */
  width: number;
  viewportWidth: number;
  scrollLeft: number;
}

export interface ScrollerElements {
  scroller: HTMLElement;
  content: HTMLElement;
  stage: HTMLElement;
}

/**
 * Writes the scroller's spacer width and scrollLeft (and the stage's width) for the view.
 * Setting scrollLeft after a new width makes the browser lay the page out at once, about a third
 * of a zoom key's handler; so a view change writes them at the next frame, after the view has
 * been asked for, and what reads the scroller before then has them written first (`now`).
 */
export class ScrollerWrites {
  private frame = 0;

  constructor(
    private readonly elements: ScrollerElements,
    private readonly place: () => ScrollerPlace,
  ) {}

  /** Whether a write waits for the next frame. */
  get waiting(): boolean {
    return this.frame !== 0;
  }

  now(): void {
    this.cancel();
    const { width, viewportWidth, scrollLeft } = this.place();
    this.elements.content.style.width = `${width}px`;
    this.elements.stage.style.width = `${viewportWidth}px`;
    this.elements.scroller.scrollLeft = scrollLeft;
  }

  later(): void {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.now();
    });
  }

  /** Drops a write that waits (the view is gone). */
  cancel(): void {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }
}

/**
 * Passes sideways gestures over the stage on to the scroller; `settle` first makes the scroller
 * the view's (a write waiting for the next frame).
 */
export function forwardStageScrolling(
  stage: HTMLElement,
  scroller: HTMLElement,
  settle: () => void = () => undefined,
): StageScrolling {
  let drag: { pointerId: number; x: number; left: number; moved: boolean } | null = null;
  let suppressClick = false;

  const onWheel = (event: WheelEvent): void => {
    const delta = sidewaysDelta(event);
    if (delta === 0) return;
    settle();
    const max = scroller.scrollWidth - scroller.clientWidth;
    const left = scroller.scrollLeft;
    // At an end, the gesture goes on to the page as it would from a native scroller.
    if ((delta < 0 && left <= 0) || (delta > 0 && left >= max)) return;
    event.preventDefault();
    scroller.scrollLeft = left + delta;
  };

  const onPointerDown = (event: PointerEvent): void => {
    suppressClick = false;
    // A second finger makes the gesture a pinch (touch-pinch.ts): the first stops scrolling.
    if (event.pointerType === 'touch' && !event.isPrimary && drag) {
      drag = null;
      suppressClick = true;
    }
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    settle();
    drag = {
      pointerId: event.pointerId,
      x: event.clientX,
      left: scroller.scrollLeft,
      moved: false,
    };
  };
  const onPointerMove = (event: PointerEvent): void => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.x;
    if (!drag.moved && Math.abs(dx) < DRAG_SLOP) return;
    drag.moved = true;
    scroller.scrollLeft = drag.left - dx;
  };
  const onPointerEnd = (event: PointerEvent): void => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    suppressClick = drag.moved;
    drag = null;
  };
  // A drag ends with a click on the stage; it must not select what the finger stopped on.
  const onClickCapture = (event: MouseEvent): void => {
    if (!suppressClick) return;
    suppressClick = false;
    event.stopPropagation();
  };

  stage.addEventListener('wheel', onWheel, { passive: false });
  stage.addEventListener('pointerdown', onPointerDown);
  stage.addEventListener('pointermove', onPointerMove);
  stage.addEventListener('pointerup', onPointerEnd);
  stage.addEventListener('pointercancel', onPointerEnd);
  stage.addEventListener('click', onClickCapture, true);
  return {
    dispose() {
      stage.removeEventListener('wheel', onWheel);
      stage.removeEventListener('pointerdown', onPointerDown);
      stage.removeEventListener('pointermove', onPointerMove);
      stage.removeEventListener('pointerup', onPointerEnd);
      stage.removeEventListener('pointercancel', onPointerEnd);
      stage.removeEventListener('click', onClickCapture, true);
    },
  };
}
