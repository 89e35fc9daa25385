import type { Canvas2D, PaintBitmap, PaintCanvas } from './paint-view';
import type { StagedView, StageSize } from './stage-painter';

/** A canvas off screen whose picture can be taken as a bitmap (a worker's OffscreenCanvas). */
export interface ScratchCanvas extends PaintCanvas {
  transferToImageBitmap(): PaintBitmap;
}

/** A view painted ahead: its picture at a size, and the boxes of the labels painted in it. */
export interface AheadPicture {
  key: number;
  size: StageSize;
  bitmap: PaintBitmap;
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
 * The views the page will likely ask for next, painted before it does, one per task, on a canvas
 * off screen: showing one is then a copy of its picture. Most of a view's time on the painter's
 * thread is the rasterising of what was painted, at the frame after the paint, so a step whose
 * view was painted ahead is on screen a frame earlier, even at the pace of a key held down.
 * After each view shown, the first view sent ahead (the likeliest next) is painted at once, the
 * others once the stage has rested (REST_MS).
 */
export class PaintedAhead {
  private readonly painted: AheadPicture[] = [];
  private queue: StagedView[] = [];
  private cancel: (() => void) | null = null;
  private paintedSinceShown = 0;
  private scratch: ScratchCanvas | null = null;
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
    if (!found || !sameSize(found.size, size)) {
      found?.bitmap.close();
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
    for (const kept of this.painted) kept.bitmap.close();
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
    const width = Math.round(size.width * size.pixelRatio);
    const height = Math.round(size.height * size.pixelRatio);
    if (!this.scratch || this.scratch.width !== width || this.scratch.height !== height) {
      this.scratch = this.makeScratch(width, height);
    }
    const context = this.scratch?.getContext('2d', { alpha: false });
    if (!this.scratch || !context) {
      this.queue = [];
      return;
    }
    const labels = this.paint(context, view, size);
    // Taking the picture rasterises what was painted, now rather than at the step's frame.
    const bitmap = this.scratch.transferToImageBitmap();
    this.paintedSinceShown += 1;
    this.painted.push({ key: view.key, size, bitmap, labels });
    if (this.painted.length > KEPT) this.painted.shift()?.bitmap.close();
  }
}
