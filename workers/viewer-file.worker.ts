/**
 * The file worker: it only exposes the viewer's session of one open file
 * (src/shared/viewer-file-session.ts) through comlink. View layouts, the timelines' tracks and CSV
 * travel back as transferred typed arrays.
 */
import * as Comlink from 'comlink';
import { trackTransferables } from '../src/shared/timeline-tables/timeline-tracks';
import { ViewerFileSession, type ViewerFileApi } from '../src/shared/viewer-file-session';
import { layoutTransferables } from '../src/shared/viewer-layout/view-layout';

const session = new ViewerFileSession();

const api: ViewerFileApi = {
  open: (bytes) => session.open(bytes),
  layout: (request) => {
    const layout = session.layout(request);
    return Comlink.transfer(layout, layoutTransferables(layout));
  },
  warmUp: (first) => session.warmUp(first),
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
