/**
 * The file worker: it only exposes the viewer's session of one open file
 * (src/shared/viewer-file-session.ts) through comlink. View layouts, the timelines' tracks and CSV
 * travel back as transferred typed arrays.
 */
import * as Comlink from 'comlink';
import { trackTransferables } from '../src/shared/timeline-tables/timeline-tracks';
import { ViewerFileSession } from '../src/shared/viewer-file-session';
import { stagedView, type ViewsPort } from '../src/shared/stage-paint/stage-painter';
import {
  layoutTransferables,
  sameView,
  type ViewRequest,
} from '../src/shared/viewer-layout/view-layout';
import type { ViewerFileWorkerApi } from '../src/shared/viewer-file-worker-api';

const session = new ViewerFileSession();
/** Where the views laid out for the page also go: the stage painter, once the page has one. */
let stage: ViewsPort | null = null;
let stagedViews = 0;
/**
 * The keys of the views posted lately, by request: a view asked for again (a zoom step back to
 * the view before) goes under its key again, under which the painter may still have its picture.
 * Another file, stack or waveform lays views out anew, under new keys.
 */
let stagedKeys: { request: ViewRequest; key: number }[] = [];
const STAGED_KEYS_KEPT = 8;

function stageKeyFor(request: ViewRequest): number {
  const found = stagedKeys.find((staged) => sameView(staged.request, request));
  if (found) return found.key;
  const key = ++stagedViews;
  stagedKeys = [...stagedKeys, { request, key }].slice(-STAGED_KEYS_KEPT);
  return key;
}

function open(bytes: ArrayBuffer) {
  stagedKeys = [];
  return session.open(bytes);
}

/** The file's bytes straight from the server, or null for the page to fetch and explain. */
async function fetchBytes(request: Parameters<ViewerFileWorkerApi['fetchAndOpen']>[0]) {
  try {
    const response = await fetch(request.url, {
      headers: request.headers,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    return response.ok ? await response.arrayBuffer() : null;
  } catch {
    return null;
  }
}

const api: ViewerFileWorkerApi = {
  open,
  fetchAndOpen: async (request) => {
    const bytes = await fetchBytes(request);
    return bytes ? open(bytes) : null;
  },
  prepareWith: (options) => {
    // Another stack: the page starts another screen, with a stage painter of its own that
    // attaches itself; views laid out before then go to the page, not to the old painter.
    stage = null;
    stagedKeys = [];
    return session.prepareWith(options);
  },
  layout: (request, ahead) => {
    const layout = session.layout(request);
    if (stage) {
      // A copy, posted before the layout's own arrays are transferred to the page.
      layout.stageKey = stageKeyFor(request);
      stage.postMessage({ ...stagedView(layout.stageKey, layout), ahead: ahead === true });
    }
    return Comlink.transfer(layout, layoutTransferables(layout));
  },
  attachStage: (port) => {
    stage = port;
  },
  prefetch: (request) => session.prefetch(request),
  warmUp: (first) => session.warmUp(first),
  component: (ref) => session.component(ref),
  componentContext: (ref) => session.componentContext(ref),
  neighbour: (ref, key) => session.neighbour(ref, key),
  findComponent: (id) => session.findComponent(id),
  usePeaks: (bytes) => {
    stagedKeys = [];
    return session.usePeaks(bytes);
  },
  barStart: (number, pass, after) => session.barStart(number, pass, after),
  pdfPageWindows: (timeline) => {
    const windows = session.pdfPageWindows(timeline);
    return Comlink.transfer(windows, [windows.starts.buffer, windows.pages.buffer]);
  },
  timelineTracks: () => {
    const tracks = session.timelineTracks();
    return Comlink.transfer(tracks, tracks.flatMap(trackTransferables));
  },
  tableRows: (timeline, first, count) => session.tableRows(timeline, first, count),
  timelineCsv: (timeline) => {
    const bytes = session.timelineCsv(timeline);
    return Comlink.transfer(bytes, [bytes.buffer]);
  },
  close: () => {
    stagedKeys = [];
    session.close();
  },
};

Comlink.expose(api);
