import type { Canvas2D, PaintCanvas } from './paint-view';
import type { StagedView, StageSize } from './stage-painter';

/**
 * A canvas off screen (a worker's OffscreenCanvas) to paint a view ahead on; the stage draws it
 * as an image when the view is shown.
 */
export type ScratchCanvas = PaintCanvas;

/** A view painted ahead: its picture at a size, and the boxes of the labels painted in it. */
export interface AheadPicture {
  key: number;
  size: StageSize;
  canvas: ScratchCanvas;
  labels: Float32Array;
}

/**
 * How many views painted ahead are kept: the page asks for the zoom steps either side and,
 * while playing page by page, the next page.
 */
const KEPT = 3;

/**
 * How long the stage rests after a view is shown before the views ahead after the first are
 * painted: the first is the step the user is likeliest to take next; painting another while the
 * next key comes would make that step wait for it.
 */
const REST_MS = 120;

/** Runs a task after `ms`; the function returned cancels it. */
export type Later = (task: () => void, ms: number) => () => void;

const timeout: Later = (task, ms) => {
  const timer = setTimeout(task, ms);
  return () => clearTimeout(timer);
};

function sameSize(a: StageSize, b: StageSize): boolean {
  return a.width === b.width && a.height === b.height && a.pixelRatio === b.pixelRatio;
}

/**
 * The views the page will likely ask for next, painted before it does, one per task, on canvases
 * off screen: showing one is then a copy of its picture. Most of a view's time on the painter's
 * thread is the rasterising of what was painted, at the frame after the paint, so a step whose
 * view was painted ahead is on screen a frame earlier, even at the pace of a key held down.
 * After each view shown, the first view sent ahead (the likeliest next) is painted at once, the
 * others once the stage has rested (REST_MS).
 *
 * Each picture has a canvas of its own, and a canvas whose picture is dropped is painted again:
 * taking a canvas's picture as a bitmap (transferToImageBitmap) leaves it a new backing store to
 * allocate and clear on its next paint, which cost more than the painting of a view.
 */
export class PaintedAhead {
  private readonly painted: AheadPicture[] = [];
  private queue: StagedView[] = [];
  private cancel: (() => void) | null = null;
  private paintedSinceShown = 0;
  /** Canvases whose pictures were dropped, to paint the next view ahead on. */
  private spare: ScratchCanvas[] = [];
  /** The frame of the view shown last, until it is on screen. */
  private held: Promise<void> | null = null;

  constructor(
    /** A canvas off screen of a size, or null where there is none (no OffscreenCanvas). */
    private readonly makeScratch: (width: number, height: number) => ScratchCanvas | null,
    /** Paints a view at a size on a context, returning its labels' boxes. */
    private readonly paint: (context: Canvas2D, view: StagedView, size: StageSize) => Float32Array,
    /** The size the stage has now, or null before its first view. */
    private readonly stageSize: () => StageSize | null,
    private readonly later: Later = timeout,
  ) {}

  /** Paints `view` once the views before it are, unless it is painted or shown before then. */
  add(view: StagedView): void {
    if (this.painted.some((kept) => kept.key === view.key)) return;
    this.queue = [...this.queue.filter((queued) => queued.key !== view.key), view].slice(-KEPT);
    this.schedule();
  }

  /**
   * The picture of view `key` at `size`, if one was painted at that size (ahead, or shown and
   * kept: a zoom step back asks for the view before under its key again). The view is being
   * shown: the views queued were ahead of another, and are dropped.
   */
  take(key: number, size: StageSize): AheadPicture | null {
    this.queue = [];
    this.cancel?.();
    this.cancel = null;
    this.paintedSinceShown = 0;
    const index = this.painted.findIndex((kept) => kept.key === key);
    if (index < 0) return null;
    const [found] = this.painted.splice(index, 1);
    if (!found) return null;
    if (!sameSize(found.size, size)) {
      release(found.canvas);
      return null;
    }
    // Kept, as the latest: the page may come back to it.
    this.painted.push(found);
    return found;
  }

  /**
   * Paints nothing ahead until `frame` (that of the view just shown) is on screen: a view painted
   * ahead now would hold that frame back by its own painting and rasterising.
   */
  holdUntil(frame: Promise<unknown>): void {
    const held = frame.then(
      () => undefined,
      () => undefined,
    );
    this.held = held;
    void held.then(() => {
      if (this.held !== held) return;
      this.held = null;
      this.schedule();
    });
  }

  /** Drops every picture (the music font came: those painted without it are wrong). */
  clear(): void {
    for (const kept of this.painted) this.spare.push(kept.canvas);
    this.painted.length = 0;
  }

  private schedule(): void {
    if (this.held || this.cancel || this.queue.length === 0) return;
    this.cancel = this.later(
      () => {
        this.cancel = null;
        this.paintNext();
        this.schedule();
      },
      this.paintedSinceShown === 0 ? 0 : REST_MS,
    );
  }

  private paintNext(): void {
    const view = this.queue.shift();
    const size = this.stageSize();
    if (!view || !size) return;
    const canvas = this.canvasFor(size);
    const context = canvas?.getContext('2d', { alpha: false });
    if (!canvas || !context) {
      this.queue = [];
      return;
    }
    const started = performance.now();
    const labels = this.paint(context, view, size);
    // Reading a pixel rasterises what was painted, now rather than at the step's frame.
    context.getImageData(0, 0, 1, 1);
    // For the bench: a view's painting ahead, rasterising included.
    performance.measure('stage:ahead', { start: started, end: performance.now() });
    this.paintedSinceShown += 1;
    this.painted.push({ key: view.key, size, canvas, labels });
    const dropped = this.painted.length > KEPT ? this.painted.shift() : undefined;
    if (dropped) this.spare.push(dropped.canvas);
  }

  /** A spare canvas of the stage's size in device pixels, or a new one; spares of others go. */
  private canvasFor(size: StageSize): ScratchCanvas | null {
    const width = Math.round(size.width * size.pixelRatio);
    const height = Math.round(size.height * size.pixelRatio);
    const fits = (canvas: ScratchCanvas) => canvas.width === width && canvas.height === height;
    for (const canvas of this.spare) if (!fits(canvas)) release(canvas);
    this.spare = this.spare.filter(fits);
    return this.spare.pop() ?? this.makeScratch(width, height);
  }
}

/** Frees a canvas's pixels now rather than when it is collected. */
function release(canvas: ScratchCanvas): void {
  canvas.width = 0;
  canvas.height = 0;
}
