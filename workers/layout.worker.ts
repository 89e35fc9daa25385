/**
 * The layout worker: it only exposes the pure layout session of src/shared/viewer-layout through
 * comlink. View layouts travel back as transferred typed arrays.
 */
import * as Comlink from 'comlink';
import { LayoutSession, type LayoutWorkerApi } from '../src/shared/viewer-layout/layout-session';
import { layoutTransferables } from '../src/shared/viewer-layout/view-layout';

const session = new LayoutSession();

const api: LayoutWorkerApi = {
  open: (bytes) => session.open(bytes),
  layout: (request) => {
    const layout = session.layout(request);
    return Comlink.transfer(layout, layoutTransferables(layout));
  },
  component: (ref) => session.component(ref),
  neighbour: (ref, key) => session.neighbour(ref, key),
  findComponent: (id) => session.findComponent(id),
  pdfPageWindows: (timeline) => {
    const windows = session.pdfPageWindows(timeline);
    return Comlink.transfer(windows, [windows.starts.buffer, windows.pages.buffer]);
  },
  close: () => session.close(),
};

Comlink.expose(api);
