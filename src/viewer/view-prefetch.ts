import type { OpenResult } from '../shared/viewer-file-session';
import { sameView, type ViewLayout, type ViewRequest } from '../shared/viewer-layout/view-layout';

/** What the policy needs of the file session, in the worker or in process. */
export interface PrefetchCalls {
  open(bytes: ArrayBuffer): Promise<OpenResult>;
  layout(request: ViewRequest): Promise<ViewLayout>;
  warmUp(first: ViewRequest): Promise<void>;
}

/** The most views laid out ahead at once: the first view, or the zoom steps in and out. */
const MAX_AHEAD = 3;

/**
 * The viewer's one policy for laying views out before the page asks for them, the same whether
 * the file session runs in the worker or in process:
 *
 * - the first view (fit to screen, as wide as the page will be) is asked for as soon as the file
 *   is open, so the session lays it out while the page is still starting, and then lays out a few
 *   zoom steps unseen (`warmUp`) so that the user's first zoom finds the layout code optimised;
 * - after each view is drawn, the page asks for the views next to it (the viewer controller: the
 *   zoom steps in and out, while paused).
 *
 * Each view laid out ahead answers one request for it; any request drops the others, which were
 * guesses about the view before it. A request without heights is one at the file's least
 * heights: the first view is guessed before the page has measured the room it has.
 */
export class ViewPrefetch {
  private ahead: { request: ViewRequest; layout: Promise<ViewLayout> }[] = [];
  private leastHeights: number[] | null = null;

  constructor(private readonly calls: PrefetchCalls) {}

  /** Opens the file; with `firstView`, lays that view out next, then warms up. */
  open(bytes: ArrayBuffer, firstView?: ViewRequest): Promise<OpenResult> {
    return this.opening(() => this.calls.open(bytes), firstView);
  }

  /** `open`, for a file the session opens some other way (null: it could not). */
  async opening<Result extends OpenResult | null>(
    open: () => Promise<Result>,
    firstView?: ViewRequest,
  ): Promise<Result> {
    this.ahead = [];
    this.leastHeights = null;
    const result = await open();
    if (!result?.ok) return result;
    this.leastHeights = result.header.timelines.map((timeline) => timeline.height);
    // Asked once the file is open, not with it: a session that fetches the file itself answers
    // other calls while the fetch is out, and would find no file to lay out.
    if (firstView) {
      this.prefetch(firstView);
      this.calls.warmUp(firstView).catch(() => undefined);
    }
    return result;
  }

  /** A view's layout: one laid out ahead when it is for the same view, else a new request. */
  layout(request: ViewRequest): Promise<ViewLayout> {
    const ahead = this.ahead.find((entry) => this.sameView(entry.request, request));
    this.ahead = [];
    return ahead ? ahead.layout : this.calls.layout(request);
  }

  /** Drops the views laid out ahead (the file has changed: its recording's peaks came). */
  forget(): void {
    this.ahead = [];
  }

  /** Has a view laid out ahead, for `layout` to answer with once. */
  prefetch(request: ViewRequest): void {
    if (this.ahead.some((entry) => this.sameView(entry.request, request))) return;
    const layout = this.calls.layout(request);
    // A view nobody asks for must not surface as an unhandled rejection.
    layout.catch(() => undefined);
    this.ahead = [...this.ahead, { request, layout }].slice(-MAX_AHEAD);
  }

  private sameView(a: ViewRequest, b: ViewRequest): boolean {
    return sameView(this.withHeights(a), this.withHeights(b));
  }

  private withHeights(request: ViewRequest): ViewRequest {
    return request.heights || !this.leastHeights
      ? request
      : { ...request, heights: this.leastHeights };
  }
}
