import { paintRuler, RULER_HEIGHT, type RulerView } from './paint-ruler';
import {
  paintSelection,
  paintView,
  type Canvas2D,
  type PaintCanvas,
  type SelectionBox,
} from './paint-view';
import type { SpriteCanvas } from './paint-glyphs';
import { PaintedAhead, type AheadPicture } from './painted-ahead';
import type { StagedView } from './staged-view';

// The page's first screen imports these alone, without the painting code.
export { stagedView, type StagedView } from './staged-view';

/** The stage's size in CSS px and the device's pixels per CSS px. */
export interface StageSize {
  width: number;
  height: number;
  pixelRatio: number;
}

/**
 * What the page wants on screen: a staged view, at a size, with the selection's outline. A view
 * laid out before the painter existed comes with the request itself.
 */
export interface StageShow {
  key: number;
  size: StageSize;
  selection: SelectionBox | null;
  view?: StagedView;
  /** The time ruler's ticks for the view, painted in the same frame. */
  ruler?: RulerView;
}

/**
 * The ends of the MessageChannel between the file worker and the painter, as each uses them
 * (a MessagePort; the shared code is also built without the browser's types).
 */
export interface ViewsPort {
  postMessage(view: StagedView): void;
  addEventListener(type: 'message', listener: (event: { data: StagedView }) => void): void;
  start(): void;
}

/** A view on screen: when it got there and the labels painted in it. */
export interface ShownView {
  /** When the frame was on screen, in ms since the epoch. */
  shownAt: number;
  /** The painted labels' boxes, LABEL_BOX_FIELDS numbers each (paint-view.ts). */
  labels: Float32Array;
  /** The ruler's painted labels, RULER_BOX_FIELDS numbers each (paint-ruler.ts); empty without. */
  rulerLabels: Float32Array;
}

/** The stage painter worker's API (workers/stage-painter.worker.ts). */
export interface StagePainterApi {
  /** Takes the canvas and the port the file worker sends views on; false without a 2D context. */
  start(canvas: PaintCanvas, views: ViewsPort): boolean;
  /** Takes the time ruler's canvas; false without a 2D context. */
  attachRuler(canvas: PaintCanvas): boolean;
  /** Paints a view; resolves when it is on screen, or null if superseded. */
  show(show: StageShow): Promise<ShownView | null>;
}

/**
 * How many views on their way the painter holds: those the file worker sent for the page's
 * requests (the one shown next, and the few the page has come to it ahead) that the page has
 * not said to show yet. The views kept for later are the file worker's (ViewCache).
 */
const VIEWS_ON_THEIR_WAY = 6;

/** The music font, loaded where the painter runs the first time a view has a music glyph. */
export interface MusicFont {
  /** Its family once it has loaded, else null. */
  loaded(): string | null;
  /** Starts loading it (once); resolves when it can be painted with. */
  load(): Promise<void>;
}

function hasMusic(view: StagedView): boolean {
  return view.timelines.some((timeline) =>
    (timeline.labels ?? []).some((label) => label.font === 'music'),
  );
}

/**
 * Paints the timelines' stage in a worker, in Canvas 2D on a canvas the page transferred. The
 * file worker sends it every view it lays out for the page, the page says which one to show,
 * and the two messages may come in either order. The painter keeps the one on screen, so that
 * showing it again (a new selection) needs nothing from the page but its key.
 */
export class StagePainter {
  private readonly views: StagedView[] = [];
  /** The view on screen, kept whatever came after it, for a new selection to be drawn on. */
  private onScreen: StagedView | null = null;
  /** The size and selection the view on screen was painted with. */
  private shown: StageShow | null = null;
  private wanted: { show: StageShow; done: (shown: ShownView | null) => void } | null = null;
  private ruler: { canvas: PaintCanvas; context: Canvas2D } | null = null;
  private readonly ahead: PaintedAhead;
  private paintedOnce = false;

  constructor(
    private readonly canvas: PaintCanvas,
    private readonly context: Canvas2D,
    /** Resolves when the frame drawn so far is on screen, with its time (ms since the epoch). */
    private readonly nextFrame: () => Promise<number>,
    private readonly musicFont: MusicFont | null = null,
    /** A canvas off screen to paint views ahead on; null where there is none. */
    scratch: (width: number, height: number) => SpriteCanvas | null = () => null,
    /** A canvas off screen for glyphs painted once (paint-glyphs.ts); by default, `scratch`. */
    private readonly sprites: (width: number, height: number) => SpriteCanvas | null = scratch,
  ) {
    this.ahead = new PaintedAhead(
      scratch,
      (context, view, size) => this.paintOn(context, view, size, null),
      () => this.shown?.size ?? null,
    );
  }

  /** Takes the time ruler's canvas, painted with each view from then on; false without 2D. */
  attachRuler(canvas: PaintCanvas): boolean {
    const context = canvas.getContext('2d', { alpha: true });
    if (context) this.ruler = { canvas, context };
    return context !== null;
  }

  /** A view the file worker laid out for the page. */
  receive(view: StagedView): void {
    this.views.push(view);
    if (this.views.length > VIEWS_ON_THEIR_WAY) this.views.shift();
    if (this.wanted?.show.key === view.key) this.paintWanted();
    // A view with music glyphs waits for the music font, as its painting at the step would.
    else if (view.ahead && (!hasMusic(view) || this.musicFont?.loaded() !== null)) {
      this.ahead.add(view);
    }
  }

  /** Paints a view once it is here; resolves when it is on screen, or null if superseded. */
  show(show: StageShow): Promise<ShownView | null> {
    this.wanted?.done(null);
    this.wanted = null;
    if (show.view) this.receive(show.view);
    return new Promise((done) => {
      this.wanted = { show, done };
      this.paintWanted();
    });
  }

  private paintWanted(): void {
    const wanted = this.wanted;
    const key = wanted?.show.key;
    const view =
      this.onScreen?.key === key ? this.onScreen : this.views.find((staged) => staged.key === key);
    if (!wanted || !view) return;
    this.wanted = null;
    this.onScreen = view;
    this.shown = wanted.show;
    const started = performance.now();
    const { size, selection } = wanted.show;
    const picture = this.ahead.take(view.key, size);
    const labels = picture
      ? this.showPicture(picture, view, selection)
      : this.paint(view, size, selection);
    const rulerLabels = this.paintRuler(wanted.show.ruler, wanted.show.size.pixelRatio);
    // For the bench: the stage's own time per view.
    performance.measure('stage:paint', { start: started, end: performance.now() });
    const frame = this.nextFrame();
    this.ahead.holdUntil(frame);
    frame.then(
      (shownAt) => wanted.done({ shownAt, labels, rulerLabels }),
      () => wanted.done(null),
    );
  }

  private paintRuler(ruler: RulerView | undefined, pixelRatio: number): Float32Array {
    if (!this.ruler || !ruler) return new Float32Array(0);
    const { canvas, context } = this.ruler;
    const width = Math.round(ruler.width * pixelRatio);
    const height = Math.round(RULER_HEIGHT * pixelRatio);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    return Float32Array.from(paintRuler(context, ruler, pixelRatio));
  }

  /** A view with music glyphs, painted before the music font was there, is painted again. */
  private awaitMusicFont(view: StagedView): void {
    const font = this.musicFont;
    if (!font || font.loaded() !== null || !hasMusic(view)) return;
    void font.load().then(() => {
      this.ahead.clear();
      const shown = this.shown;
      if (!this.onScreen || !shown || this.wanted) return;
      this.paint(this.onScreen, shown.size, shown.selection);
    });
  }

  private paint(view: StagedView, size: StageSize, selection: SelectionBox | null): Float32Array {
    this.awaitMusicFont(view);
    this.sizeCanvas(size);
    return this.paintOn(this.context, view, size, selection);
  }

  /** A view painted ahead: its picture copied to the stage, and the selection drawn over it. */
  private showPicture(
    picture: AheadPicture,
    view: StagedView,
    selection: SelectionBox | null,
  ): Float32Array {
    const { size, canvas } = picture;
    this.sizeCanvas(size);
    const context = this.context;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.drawImage(canvas, 0, 0);
    context.setTransform(size.pixelRatio, 0, 0, size.pixelRatio, 0, 0);
    if (selection) {
      const stage = { x: 0, y: 0, width: size.width, height: size.height };
      paintSelection(context, view, selection, stage, size.pixelRatio);
    }
    // A copy: the page is given these boxes, and the picture may be shown again.
    return picture.labels.slice();
  }

  private sizeCanvas(size: StageSize): void {
    const { canvas } = this;
    const width = Math.round(size.width * size.pixelRatio);
    const height = Math.round(size.height * size.pixelRatio);
    // A new size clears the canvas and its context's state.
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
  }

  private paintOn(
    context: Canvas2D,
    view: StagedView,
    size: StageSize,
    selection: SelectionBox | null,
  ): Float32Array {
    context.setTransform(size.pixelRatio, 0, 0, size.pixelRatio, 0, 0);
    const boxes = paintView(
      context,
      view,
      { x: 0, y: 0, width: size.width, height: size.height },
      {
        pixelRatio: size.pixelRatio,
        selection,
        musicFont: this.musicFont?.loaded() ?? null,
        // The first view (the page's first frame) is filled path by path: the code that
        // rasterises glyphs here runs slowly until the engine has compiled it, as it soon does
        // on the views painted ahead at rest.
        sprites: this.paintedOnce ? this.sprites : null,
      },
    );
    this.paintedOnce = true;
    return Float32Array.from(boxes);
  }
}
