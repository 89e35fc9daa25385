/**
 * The layout worker: it only exposes the pure layout session of src/shared/viewer-layout through
 * comlink. View layouts and the timelines' tracks travel back as transferred typed arrays.
 */
import * as Comlink from 'comlink';
import { trackTransferables } from '../src/shared/timeline-tables/timeline-tracks';
import { LayoutSession, type LayoutWorkerApi } from '../src/shared/viewer-layout/layout-session';
import { steppedZoom } from '../src/shared/viewer-layout/time-scale';
import { layoutTransferables, type ViewRequest } from '../src/shared/viewer-layout/view-layout';

const session = new LayoutSession();

/** Zoom steps laid out once, unseen, after the first view (see `warmUp`). */
const WARM_UP_STEPS = 4;
let warmedUp = false;

/**
 * After the first view is answered, lays out the next few zoom-in steps and throws them away,
 * while the page is busy drawing: V8 then has the layout code compiled and optimised before the
 * user's first zoom, which otherwise costs several times a later one.
 */
function warmUp(first: ViewRequest): void {
  if (warmedUp) return;
  warmedUp = true;
  setTimeout(() => {
    let zoom = first.zoom;
    for (let step = 0; step < WARM_UP_STEPS; step++) {
      zoom = steppedZoom(zoom, 1);
      session.layout({ ...first, zoom });
    }
  }, 0);
}

const api: LayoutWorkerApi = {
  open: (bytes, firstView) => session.open(bytes, firstView),
  layout: (request) => {
    const layout = session.layout(request);
    warmUp(request);
    return Comlink.transfer(layout, layoutTransferables(layout));
  },
  component: (ref) => session.component(ref),
  neighbour: (ref, key) => session.neighbour(ref, key),
  findComponent: (id) => session.findComponent(id),
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
  close: () => session.close(),
};

Comlink.expose(api);
