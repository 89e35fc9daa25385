import type { PDFDocumentProxy } from 'pdfjs-dist';
import { DEFAULT_PAGE_RATIO, RERENDER_DELAY_MS } from './pdf-constants';
import {
  drawPage,
  newPageRender,
  PageProxies,
  releaseCanvas,
  type PageRender,
} from './pdf-page-render';
import { pageCssWidth } from './panel-geometry';

/** What the page area shows; the panel turns it into SPEC.md's page messages. */
export type PageState = 'no-page' | 'loading' | 'shown' | 'failed';

/**
 * Draws one page of a PDF into the panel and keeps the pages that playback will turn to next
 * rendered off screen. A page only goes on screen once it is fully drawn, so a page turn swaps one
 * finished canvas for another (no blank frame) and, while a page renders, the previous one stays.
 * One render runs at a time (pdf.js's worker is serial anyway): the wanted page first, then the
 * pages ahead. Owns every canvas, page proxy and render task it makes; `dispose` releases them.
 */
export class PdfPageView {
  private document: PDFDocumentProxy | null = null;
  private readonly proxies = new PageProxies();
  private readonly renders = new Map<number, PageRender>();
  private shown: PageRender | null = null;
  /** undefined until the first `show`: nothing is decided yet, so nothing is said yet. */
  private wanted: number | null | undefined = undefined;
  private ahead: number[] = [];
  private inFlight: PageRender | null = null;
  private zoom = 1;
  private state: PageState = 'loading';
  private reportedPage: number | null = null;
  private rerenderTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly resizeObserver: ResizeObserver;
  private disposed = false;

  constructor(
    /** The scrolling area of the panel. */
    private readonly viewport: HTMLElement,
    /** The page's box inside it; sized here, holds the shown canvas. */
    private readonly sheet: HTMLElement,
    /** Hears every change of state or of the page on screen. */
    private readonly onState: (state: PageState, page: number | null) => void,
  ) {
    this.resizeObserver = new ResizeObserver(() => this.onResize());
    this.resizeObserver.observe(viewport);
    this.layoutSheet();
  }

  /** A new document (or none): everything drawn for the previous one is released. */
  setDocument(document: PDFDocumentProxy | null): void {
    this.releaseAll();
    this.document = document;
    this.pump();
  }

  /** Shows `page` (null: no page is specified) and renders the `ahead` pages after it. */
  show(page: number | null, ahead: readonly number[]): void {
    this.wanted = page;
    this.ahead = [...ahead];
    this.pump();
  }

  setZoom(zoom: number): void {
    if (zoom === this.zoom) return;
    this.zoom = zoom;
    this.layoutSheet();
    this.scheduleRerender();
  }

  get pageCount(): number {
    return this.document?.numPages ?? 0;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.rerenderTimer);
    this.resizeObserver.disconnect();
    this.releaseAll();
    this.document = null;
  }

  private setState(state: PageState): void {
    this.sheet.dataset.state = state;
    const page = this.shown?.page ?? null;
    if (state === this.state && page === this.reportedPage) return;
    this.state = state;
    this.reportedPage = page;
    this.onState(state, page);
  }

  private box(): { width: number; height: number } {
    const style = getComputedStyle(this.viewport);
    const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    return {
      width: this.viewport.clientWidth - (padX || 0),
      height: this.viewport.clientHeight - (padY || 0),
    };
  }

  private cssWidthFor(ratio: number): number {
    const { width, height } = this.box();
    return pageCssWidth(width, height, ratio, this.zoom);
  }

  /** Sizes the page box for the page on screen (A4 before any page is). Cheap: style only. */
  private layoutSheet(): void {
    const ratio = this.shown?.ratio ?? DEFAULT_PAGE_RATIO;
    const width = this.cssWidthFor(ratio);
    this.sheet.style.width = `${width}px`;
    this.sheet.style.height = `${Math.round(width / ratio)}px`;
  }

  private onResize(): void {
    if (this.disposed) return;
    // The shown canvas stretches with its box at once; a sharp one follows when resizing stops.
    this.layoutSheet();
    this.scheduleRerender();
  }

  private scheduleRerender(): void {
    clearTimeout(this.rerenderTimer);
    this.rerenderTimer = setTimeout(() => this.pump(), RERENDER_DELAY_MS);
  }

  private isFresh(render: PageRender): boolean {
    return render.status !== 'failed' && render.cssWidth === this.cssWidthFor(render.ratio);
  }

  private validPage(page: number): boolean {
    return Number.isInteger(page) && page >= 1 && page <= this.pageCount;
  }

  /** Decides what to show and what to render next. Called after every change. */
  private pump(): void {
    if (this.disposed || !this.document) return;
    const wanted = this.wanted ?? null;
    if (this.wanted === undefined) {
      this.setState('loading');
    } else if (wanted === null) {
      this.present(null);
      this.setState('no-page');
    } else if (!this.validPage(wanted)) {
      this.present(null);
      this.setState('failed');
    } else {
      const render = this.renders.get(wanted);
      if (render?.status === 'done' && render !== this.shown) this.present(render);
      else if (render?.status === 'failed') {
        this.present(null);
        this.setState('failed');
      } else if (!this.shown) this.setState('loading');
    }
    const needed = [wanted, ...this.ahead].filter(
      (page): page is number => page !== null && this.validPage(page),
    );
    this.evict(new Set(needed));
    const inFlight = this.inFlight;
    if (inFlight) {
      // A seek to a page that is not ready should not wait behind a page rendered ahead.
      const blocksWanted = wanted !== null && inFlight.page !== wanted && needed.includes(wanted);
      if (blocksWanted || !needed.includes(inFlight.page)) this.cancel(inFlight);
      return;
    }
    const next = needed.find((page) => {
      const render = this.renders.get(page);
      return !render || (render.status === 'done' && !this.isFresh(render));
    });
    if (next !== undefined) void this.render(next);
  }

  private present(render: PageRender | null): void {
    const previous = this.shown;
    if (previous === render) return;
    this.shown = render;
    if (render) {
      this.sheet.replaceChildren(render.canvas);
      this.sheet.dataset.page = String(render.page);
      this.setState('shown');
    } else {
      this.sheet.replaceChildren();
      delete this.sheet.dataset.page;
    }
    this.layoutSheet();
    // A canvas that was on screen but is no longer cached (replaced by a fresh render) goes now.
    if (previous && this.renders.get(previous.page) !== previous) releaseCanvas(previous.canvas);
  }

  private async render(page: number): Promise<void> {
    const document = this.document;
    const render = newPageRender(page);
    this.inFlight = render;
    const replaced = this.renders.get(page);
    this.renders.set(page, render);
    if (replaced && replaced !== this.shown) releaseCanvas(replaced.canvas);
    try {
      const proxy = await this.proxies.get(this.document!, page);
      if (this.document !== document || render.cancelled) throw new Error('cancelled');
      await drawPage(proxy, render, (ratio) => this.cssWidthFor(ratio));
    } catch (error) {
      const cancelled =
        render.cancelled ||
        (error instanceof Error && error.name === 'RenderingCancelledException') ||
        this.document !== document ||
        this.renders.get(page) !== render;
      if (cancelled) {
        if (this.renders.get(page) === render) this.renders.delete(page);
        if (render !== this.shown) releaseCanvas(render.canvas);
      } else {
        render.status = 'failed';
        releaseCanvas(render.canvas);
      }
    } finally {
      render.task = null;
      if (this.inFlight === render) this.inFlight = null;
    }
    if (this.document === document) this.pump();
  }

  /** Drops rendered pages that are neither shown nor needed soon, and their page proxies. */
  private evict(keep: Set<number>): void {
    for (const [page, render] of this.renders) {
      if (keep.has(page) || render === this.shown || render === this.inFlight) continue;
      this.renders.delete(page);
      releaseCanvas(render.canvas);
    }
    this.proxies.keepOnly((page) => keep.has(page) || this.renders.has(page));
  }

  private cancel(render: PageRender): void {
    render.cancelled = true;
    render.task?.cancel();
  }

  private releaseAll(): void {
    if (this.inFlight) this.cancel(this.inFlight);
    this.inFlight = null;
    for (const render of this.renders.values()) releaseCanvas(render.canvas);
    this.renders.clear();
    if (this.shown) releaseCanvas(this.shown.canvas);
    this.shown = null;
    this.sheet.replaceChildren();
    delete this.sheet.dataset.page;
    this.proxies.clear();
    this.layoutSheet();
  }
}
