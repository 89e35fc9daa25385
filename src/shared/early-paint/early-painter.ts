import type { OpenResult, ViewerFileApi } from '../viewer-file-session';
import type { ViewLayout, ViewRequest } from '../viewer-layout/view-layout';
import type { ViewerHeader } from '../viewer-layout/viewer-document';
import { planEarlyPage, type Box, type EarlyPagePlan, type EarlyWindow } from './early-page';
import type { Canvas2D, PaintCanvas } from '../stage-paint/paint-view';
import type { ViewsPort } from '../stage-paint/stage-painter';
import { paintEarlyPage } from './paint-early-page';

export interface EarlyPaintRequest {
  canvas: PaintCanvas;
  window: EarlyWindow & { pixelRatio: number };
}

/** The file worker's API: the session's, the page's first screen, and fetching the file. */
export type ViewerFileWorkerApi = ViewerFileApi & {
  paintEarly(request: EarlyPaintRequest): Promise<EarlyPainted | null>;
  /** Fetches the file and opens it; null when the fetch did not bring it (any status but 2xx). */
  fetchAndOpen(request: {
    url: string;
    headers: Record<string, string>;
    timeoutMs: number;
  }): Promise<OpenResult | null>;
  /**
   * Sends every view laid out for the page on `port` as well, to the stage painter
   * (src/shared/stage-paint/stage-painter.ts), each under the key its layout carries.
   */
  attachStage(port: ViewsPort): void;
};

/** The early screen on screen: when (ms since the epoch), and where it put the timelines. */
export interface EarlyPainted {
  time: number;
  stage: Box;
}

/** What the painter needs of the file worker. */
export interface EarlyPainterHost {
  /** The session's layout, which keeps the view for the page's first request (ViewCache). */
  layout(request: ViewRequest): ViewLayout;
  /** Lays out the zoom steps next to the first view ahead, the code optimised by then. */
  warmUp(first: ViewRequest): void;
  /** Resolves when the frame drawn so far is on screen, with its time (ms since the epoch). */
  nextFrame(): Promise<number>;
}

/**
 * The canvas's 2D context, kept in memory: a picture drawn once needs no GPU canvas, whose set-up
 * (and read-back, under software compositing) only adds to the first frame.
 */
function contextOf(canvas: PaintCanvas): Canvas2D | null {
  return canvas.getContext('2d', { willReadFrequently: true });
}

/**
 * The viewer page's first screen, painted by the file worker on a canvas the page handed it
 * before the app had started (src/viewer/early-viewer.ts): the moment the file is open, its
 * first view is laid out at the room the page will give it and painted with the header, names
 * and stand-ins for the controls. The page's own stage replaces it once drawn. The session keeps
 * the first view's layout with the others it laid out, and the page's first request, which asks
 * for the same view when the plan's estimate of the page was right, gets a copy of it.
 */
export class EarlyPainter {
  private pending: {
    request: EarlyPaintRequest;
    painted: (painted: EarlyPainted | null) => void;
  } | null = null;

  constructor(private readonly host: EarlyPainterHost) {}

  /** Takes the canvas; resolves once the picture is on screen, or with null if never painted. */
  paintWhenOpen(request: EarlyPaintRequest): Promise<EarlyPainted | null> {
    this.pending?.painted(null);
    // A first, empty frame, so that the page has embedded the canvas by the time the picture is
    // painted: a transferred canvas's first frame waits for the page's main thread (up to 300 ms
    // at 4x here), its later frames do not. The first drawing blocks the worker as long, so it
    // goes after the messages already queued (the fetch of the file, which it then overlaps).
    setTimeout(() => contextOf(request.canvas)?.clearRect(0, 0, 1, 1), 0);
    return new Promise((resolve) => {
      this.pending = { request, painted: resolve };
    });
  }

  /** The file is open: paints the page if a canvas is waiting. */
  opened(header: ViewerHeader | null): void {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    const context = header ? contextOf(pending.request.canvas) : null;
    if (!header || !context) {
      pending.painted(null);
      return;
    }
    const { window } = pending.request;
    const measure = (text: string, font: string) => {
      context.font = font;
      return context.measureText(text).width;
    };
    let plan: EarlyPagePlan;
    try {
      plan = planEarlyPage(header, window, measure);
      const layout = this.host.layout(plan.request);
      const started = performance.now();
      context.setTransform(window.pixelRatio, 0, 0, window.pixelRatio, 0, 0);
      paintEarlyPage(context, plan, header, layout, window);
      // For the bench: the worker's time from the bytes to the first frame includes this.
      performance.measure('layout:early-paint', { start: started, end: performance.now() });
    } catch {
      // A picture the page can do without: the page's own stage paints the file as usual.
      pending.painted(null);
      return;
    }
    // The warm-up waits for the picture to be on screen.
    void this.host.nextFrame().then(
      (time) => {
        pending.painted({ time, stage: plan.stage });
        this.host.warmUp(plan.request);
      },
      () => pending.painted(null),
    );
  }
}
