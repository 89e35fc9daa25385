import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { DEFAULT_PAGE_RATIO, MAX_CANVAS_PIXELS } from './pdf-constants';
import { renderScale } from './panel-geometry';

/** One page rendered, or being rendered, into a canvas of its own (pdf-page-view.ts). */
export interface PageRender {
  page: number;
  /** Width / height of the page. */
  ratio: number;
  /** The size it was rendered for: stale once the panel is resized or zoomed. */
  cssWidth: number;
  canvas: HTMLCanvasElement;
  status: 'rendering' | 'done' | 'failed';
  task: RenderTask | null;
  /** Set when it is no longer wanted, possibly before its render task exists. */
  cancelled: boolean;
}

/** A render of `page` about to start, on a new canvas. */
export function newPageRender(page: number): PageRender {
  const canvas = document.createElement('canvas');
  canvas.className = 'pdf-page-canvas';
  return {
    page,
    ratio: DEFAULT_PAGE_RATIO,
    cssWidth: 0,
    canvas,
    status: 'rendering',
    task: null,
    cancelled: false,
  };
}

/** Frees a canvas's backing store now rather than whenever the garbage collector runs. */
export function releaseCanvas(canvas: HTMLCanvasElement): void {
  canvas.remove();
  canvas.width = 0;
  canvas.height = 0;
}

/**
 * Renders a page into its render's canvas, as wide as `cssWidthFor` says for the page's shape,
 * at the device's resolution within MAX_CANVAS_PIXELS. Throws if pdf.js cancels or fails it.
 */
export async function drawPage(
  proxy: PDFPageProxy,
  render: PageRender,
  cssWidthFor: (ratio: number) => number,
): Promise<void> {
  const unit = proxy.getViewport({ scale: 1 });
  render.ratio = unit.width / unit.height;
  render.cssWidth = cssWidthFor(render.ratio);
  const scale = renderScale(
    render.cssWidth,
    unit.width,
    unit.height,
    window.devicePixelRatio,
    MAX_CANVAS_PIXELS,
  );
  const viewport = proxy.getViewport({ scale });
  const { canvas } = render;
  canvas.width = Math.max(1, Math.floor(viewport.width));
  canvas.height = Math.max(1, Math.floor(viewport.height));
  render.task = proxy.render({ canvas, viewport });
  await render.task.promise;
  render.status = 'done';
  canvas.dataset.rendered = 'true';
}

/** The document's page proxies, asked for once each and cleaned up when no longer needed. */
export class PageProxies {
  private readonly proxies = new Map<number, Promise<PDFPageProxy>>();

  get(document: PDFDocumentProxy, page: number): Promise<PDFPageProxy> {
    let proxy = this.proxies.get(page);
    if (!proxy) {
      proxy = document.getPage(page);
      this.proxies.set(page, proxy);
    }
    return proxy;
  }

  /** Cleans up the pages `keep` says no to. */
  keepOnly(keep: (page: number) => boolean): void {
    for (const [page, proxy] of this.proxies) {
      if (keep(page)) continue;
      this.proxies.delete(page);
      void proxy.then((loaded) => loaded.cleanup()).catch(() => undefined);
    }
  }

  clear(): void {
    this.keepOnly(() => false);
  }
}
