import * as Comlink from 'comlink';
import type { LayoutWorkerApi } from '../shared/viewer-layout/layout-session';
import { sameView, type ViewLayout, type ViewRequest } from '../shared/viewer-layout/view-layout';

/** The layout API as the page sees it: every call is asynchronous, in a worker or not. */
export type LayoutApi = {
  [K in keyof LayoutWorkerApi]: (
    ...args: Parameters<LayoutWorkerApi[K]>
  ) => Promise<Awaited<ReturnType<LayoutWorkerApi[K]>>>;
};

export interface LayoutClient {
  api: LayoutApi;
  /** 'worker', or 'in-process' when workers are unavailable (or a test asks for it). */
  mode: 'worker' | 'in-process';
  /**
   * Transfers a buffer to the layout side (a copy in process); with `firstView`, the layout side
   * lays that view out as soon as it has answered (see LayoutSession.open).
   */
  open(bytes: ArrayBuffer, firstView?: ViewRequest): ReturnType<LayoutApi['open']>;
  /** A view's layout: a prefetched one when it is for the same view, else a new request. */
  layout(request: ViewRequest): Promise<ViewLayout>;
  /**
   * Asks for a view ahead of the page (its first one; the zoom steps next to the current view),
   * for `layout` to answer with once. The next `layout` call drops the views it did not ask for.
   */
  prefetchLayout(request: ViewRequest): void;
  dispose(): void;
}

/** The most views laid out ahead at once: the first view, or the zoom steps in and out. */
const MAX_PREFETCHED = 3;

/**
 * `layout` and `prefetchLayout` over an API. Each prefetched layout answers one request for its
 * view; any request drops the others, which were guesses about the view before it.
 */
function prefetching(api: LayoutApi): Pick<LayoutClient, 'layout' | 'prefetchLayout'> {
  let prefetched: { request: ViewRequest; layout: Promise<ViewLayout> }[] = [];
  return {
    layout: (request) => {
      const ahead = prefetched.find((entry) => sameView(entry.request, request));
      prefetched = [];
      return ahead ? ahead.layout : api.layout(request);
    },
    prefetchLayout: (request) => {
      if (prefetched.some((entry) => sameView(entry.request, request))) return;
      const layout = api.layout(request);
      // A prefetch nobody asks for must not surface as an unhandled rejection.
      layout.catch(() => undefined);
      prefetched = [...prefetched, { request, layout }].slice(-MAX_PREFETCHED);
    },
  };
}

function inProcessClient(): LayoutClient {
  // Loaded on demand: pages that get a worker never download the layout code twice.
  const loading = import('../shared/viewer-layout/layout-session').then(
    ({ LayoutSession }) => new LayoutSession(),
  );
  const api: LayoutApi = {
    open: async (bytes, firstView) => (await loading).open(bytes, firstView),
    layout: async (request) => (await loading).layout(request),
    component: async (ref) => (await loading).component(ref),
    neighbour: async (ref, key) => (await loading).neighbour(ref, key),
    findComponent: async (id) => (await loading).findComponent(id),
    pdfPageWindows: async (timeline) => (await loading).pdfPageWindows(timeline),
    timelineTracks: async () => (await loading).timelineTracks(),
    tableRows: async (timeline, first, count) => (await loading).tableRows(timeline, first, count),
    timelineCsv: async (timeline) => (await loading).timelineCsv(timeline),
    close: async () => (await loading).close(),
  };
  return {
    api,
    mode: 'in-process',
    open: api.open,
    ...prefetching(api),
    dispose: () => void loading.then((session) => session.close()),
  };
}

/**
 * The one place that creates the layout worker and wraps it with comlink. Falls back to running
 * the same session in process when module workers are unavailable.
 */
export function createLayoutClient(options: { inProcess?: boolean } = {}): LayoutClient {
  if (options.inProcess || typeof Worker === 'undefined') return inProcessClient();
  let worker: Worker;
  try {
    worker = new Worker(new URL('../../workers/layout.worker.ts', import.meta.url), {
      type: 'module',
      name: 'tilia-layout',
    });
  } catch {
    return inProcessClient();
  }
  const remote = Comlink.wrap<LayoutWorkerApi>(worker);
  let disposed = false;
  const api = remote as unknown as LayoutApi;
  return {
    api,
    mode: 'worker',
    open: (bytes, firstView) => remote.open(Comlink.transfer(bytes, [bytes]), firstView),
    ...prefetching(api),
    dispose: () => {
      if (disposed) return;
      disposed = true;
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
