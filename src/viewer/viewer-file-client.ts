import * as Comlink from 'comlink';
import type { ViewerFileWorkerApi } from '../shared/viewer-file-worker-api';
import type { OpenResult, ViewerFileApi } from '../shared/viewer-file-session';
import type { PrepareOptions } from '../shared/viewer-layout/viewer-document';
import type { ViewerBytesRequest } from './viewer-data';
import type { ViewLayout } from '../shared/viewer-layout/view-layout';
import { sameView, type ViewRequest } from '../shared/viewer-layout/view-request';

/** The file session's API as the page sees it: every call is asynchronous, in a worker or not. */
export type FileApi = {
  [K in keyof ViewerFileApi]: (
    ...args: Parameters<ViewerFileApi[K]>
  ) => Promise<Awaited<ReturnType<ViewerFileApi[K]>>>;
};

/**
 * The page's handle on one open file's session. The session keeps the views it laid out, for
 * the page and ahead of it, in one cache (ViewCache): the client only says which to lay out.
 */
/** The most views the page has come to it ahead at once: the zoom steps in and out, a page. */
const MAX_AHEAD = 3;

export interface ViewerFileClient {
  api: FileApi;
  /** 'worker', or 'in-process' when workers are unavailable (or a test asks for it). */
  mode: 'worker' | 'in-process';
  /**
   * Transfers a buffer to the session (a copy in process); with `firstView`, the session lays
   * that view out ahead as soon as it has answered, then the zoom steps in from it (warmUp).
   */
  open(bytes: ArrayBuffer, firstView?: ViewRequest): ReturnType<FileApi['open']>;
  /** Prepares the open file again with other options (a new header, a new stack). */
  prepareWith(options: PrepareOptions): ReturnType<FileApi['prepareWith']>;
  /** A view's layout: a copy of the session's where it is kept, else laid out. */
  layout(request: ViewRequest): Promise<ViewLayout>;
  /**
   * Has the session lay a view out ahead of the page (the next zoom steps, the next page): it
   * keeps it, and answers `layout` for it from there, as it does for the views laid out lately.
   */
  prefetchLayout(request: ViewRequest): void;
  /**
   * Has the view the page is likeliest to ask for next come to it (and to the stage painter)
   * ahead: a request for it is answered without a round trip. One per view, at most MAX_AHEAD.
   */
  layoutAhead(request: ViewRequest): void;
  /**
   * Gives the session the recording's peaks (files/{id}/peaks), which drops the views laid out
   * without them; false when they are not used.
   */
  usePeaks(bytes: ArrayBuffer): Promise<boolean>;
  /**
   * Worker only: the worker fetches the file itself and opens it, as `open` does; null when the
   * fetch did not bring it (the page then fetches it and says what went wrong).
   */
  openFrom?(request: ViewerBytesRequest, firstView?: ViewRequest): Promise<OpenResult | null>;
  /**
   * Worker only: the worker also sends every view it lays out for the page on `port`, to the
   * stage painter (src/viewer/worker-stage.ts).
   */
  attachStage?(port: MessagePort): Promise<void>;
  dispose(): void;
}

/**
 * The client's calls over `api`: a file opened with a first view has it laid out ahead next,
 * asked once the file is open, not with it (a session that fetches the file itself answers other
 * calls while the fetch is out, and would find no file); the zoom steps in from it are laid out
 * ahead once the page has had its first view, not before it (the session answers in order).
 */
export function clientCalls(api: FileApi, transfer: (bytes: ArrayBuffer) => ArrayBuffer) {
  // A view nobody asks for must not surface as an unhandled rejection.
  const prefetchLayout = (request: ViewRequest) =>
    void api.prefetch(request).catch(() => undefined);
  // The views the page is likeliest to ask for next come to it (and, from the file worker, to
  // the stage painter) before it asks: that step then costs no round trip to the file worker,
  // which is a frame on screen. Each answers one request for its view; the session keeps the
  // views besides, and is asked for any other.
  // A view asked for again once its answer came goes to the painter again: the painter keeps
  // few pictures, and may have let that view's go since.
  let ahead: { request: ViewRequest; layout: Promise<ViewLayout>; answered: boolean }[] = [];
  const layoutAhead = (request: ViewRequest) => {
    const asked = ahead.find((entry) => sameView(entry.request, request));
    if (asked && !asked.answered) return;
    const entry = { request, layout: api.layout(request, true), answered: false };
    entry.layout.then(
      () => (entry.answered = true),
      () => undefined,
    );
    ahead = [...ahead.filter((kept) => kept !== asked), entry].slice(-MAX_AHEAD);
  };
  let warmUpFrom: ViewRequest | null = null;
  const opening = async <Result extends OpenResult | null>(
    open: () => Promise<Result>,
    firstView?: ViewRequest,
  ): Promise<Result> => {
    ahead = [];
    const result = await open();
    if (result?.ok && firstView) {
      prefetchLayout(firstView);
      warmUpFrom = firstView;
    }
    return result;
  };
  const layout = async (request: ViewRequest) => {
    const found = ahead.find((entry) => sameView(entry.request, request));
    ahead = ahead.filter((entry) => entry !== found);
    const laidOut = await (found?.layout ?? api.layout(request));
    const first = warmUpFrom;
    warmUpFrom = null;
    if (first) void api.warmUp(first).catch(() => undefined);
    return laidOut;
  };
  return {
    opening,
    open: (bytes: ArrayBuffer, firstView?: ViewRequest) =>
      opening(() => api.open(transfer(bytes)), firstView),
    prepareWith: (options: PrepareOptions) => api.prepareWith(options),
    layout,
    prefetchLayout,
    layoutAhead,
    usePeaks: (bytes: ArrayBuffer) => api.usePeaks(transfer(bytes)),
  };
}

function inProcessClient(): ViewerFileClient {
  // Loaded on demand: pages that get a worker never download the session's code twice.
  const loading = import('../shared/viewer-file-session').then(
    ({ ViewerFileSession }) => new ViewerFileSession(),
  );
  const api: FileApi = {
    open: async (bytes) => (await loading).open(bytes),
    prepareWith: async (options) => (await loading).prepareWith(options),
    layout: async (request) => (await loading).layout(request),
    prefetch: async (request) => (await loading).prefetch(request),
    warmUp: async (first) => (await loading).warmUp(first),
    component: async (ref) => (await loading).component(ref),
    componentContext: async (ref) => (await loading).componentContext(ref),
    neighbour: async (ref, key) => (await loading).neighbour(ref, key),
    findComponent: async (id) => (await loading).findComponent(id),
    usePeaks: async (bytes) => (await loading).usePeaks(bytes),
    barStart: async (number, pass, after) => (await loading).barStart(number, pass, after),
    pdfPageWindows: async (timeline) => (await loading).pdfPageWindows(timeline),
    timelineTracks: async () => (await loading).timelineTracks(),
    tableRows: async (timeline, first, count) => (await loading).tableRows(timeline, first, count),
    timelineCsv: async (timeline) => (await loading).timelineCsv(timeline),
    close: async () => (await loading).close(),
  };
  const { open, prepareWith, layout, prefetchLayout, layoutAhead, usePeaks } = clientCalls(
    api,
    (bytes) => bytes,
  );
  return {
    api,
    mode: 'in-process',
    open,
    prepareWith,
    layout,
    prefetchLayout,
    layoutAhead,
    usePeaks,
    dispose: () => void loading.then((session) => session.close()),
  };
}

/**
 * The one place that creates the file worker and wraps it with comlink. Falls back to running
 * the same session in process when module workers are unavailable.
 */
export function createViewerFileClient(options: { inProcess?: boolean } = {}): ViewerFileClient {
  if (options.inProcess || typeof Worker === 'undefined') return inProcessClient();
  let worker: Worker;
  try {
    worker = new Worker(new URL('../../workers/viewer-file.worker.ts', import.meta.url), {
      type: 'module',
      name: 'tilia-viewer-file',
    });
  } catch {
    return inProcessClient();
  }
  const remote = Comlink.wrap<ViewerFileWorkerApi>(worker);
  let disposed = false;
  const api = remote as unknown as FileApi;
  const { opening, open, prepareWith, layout, prefetchLayout, layoutAhead, usePeaks } = clientCalls(
    api,
    (bytes) => Comlink.transfer(bytes, [bytes]),
  );
  return {
    api,
    mode: 'worker',
    open,
    prepareWith,
    layout,
    prefetchLayout,
    layoutAhead,
    usePeaks,
    openFrom: (request, firstView) =>
      opening<OpenResult | null>(() => remote.fetchAndOpen(request), firstView),
    attachStage: (port) => remote.attachStage(Comlink.transfer(port, [port])),
    dispose: () => {
      if (disposed) return;
      disposed = true;
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
