/**
 * The layout worker: the pure layout session of src/shared/viewer-layout through comlink, and,
 * once the page hands it a canvas, the scene that draws those layouts (worker-scene.ts). View
 * layouts and the timelines' tracks travel back as transferred typed arrays.
 */
import * as Comlink from 'comlink';
import { trackTransferables } from '../src/shared/timeline-tables/timeline-tracks';
import {
  LayoutSession,
  measure,
  type LayoutWorkerApi,
} from '../src/shared/viewer-layout/layout-session';
import { steppedZoom } from '../src/shared/viewer-layout/time-scale';
import {
  layoutTransferables,
  type TimelineDrawing,
  type ViewLayout,
  type ViewRequest,
} from '../src/shared/viewer-layout/view-layout';
import { KeptLayouts } from '../src/scene/kept-layouts';
import type { SceneWorkerApi } from '../src/scene/scene';
import type { TimelineScene } from '../src/scene/timeline-scene';

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

/** The layouts last sent to the page: the view on screen and those laid out ahead of it. */
const kept = new KeptLayouts(8);

let scene: TimelineScene | null = null;

/** A timeline's drawing for a page that does not draw: its hit areas and labels, no shapes. */
function withoutShapes(drawing: TimelineDrawing): TimelineDrawing {
  return {
    ...drawing,
    rects: new Float32Array(0),
    rectColors: new Uint32Array(0),
    glyphs: new Float32Array(0),
    glyphKinds: new Uint8Array(0),
    glyphColors: new Uint32Array(0),
  };
}

/** A timeline's drawing for a page that draws: copies of the shapes, which move to the page. */
function withCopiedShapes(drawing: TimelineDrawing): TimelineDrawing {
  return {
    ...drawing,
    rects: drawing.rects.slice(),
    rectColors: drawing.rectColors.slice(),
    glyphs: drawing.glyphs.slice(),
    glyphKinds: drawing.glyphKinds.slice(),
    glyphColors: drawing.glyphColors.slice(),
  };
}

/**
 * pixi and the scene, fetched and compiled while the page is still starting (the worker has
 * nothing else to do until the file's bytes come), so a canvas handed over draws at once.
 */
const sceneModule = typeof OffscreenCanvas === 'undefined' ? null : import('./worker-scene');
sceneModule?.catch(() => undefined);

const api: LayoutWorkerApi & SceneWorkerApi = {
  open: (bytes, firstView) => session.open(bytes, firstView),
  layout: (request) => {
    const layout = session.layout(request);
    warmUp(request);
    const drawId = kept.keep(layout);
    // The shapes stay here to be drawn; the page gets them only while it draws itself.
    const sent: ViewLayout = {
      ...layout,
      drawId,
      timelines: layout.timelines.map((drawing) =>
        scene ? withoutShapes(drawing) : withCopiedShapes(drawing),
      ),
    };
    return Comlink.transfer(sent, layoutTransferables(sent));
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

  // comlink awaits the promise, so the page hears once pixi has started here (or could not).
  attachScene: async (canvas, width, height, resolution) => {
    try {
      const started = performance.now();
      const { createWorkerScene } = await (sceneModule ?? import('./worker-scene'));
      const created = await createWorkerScene(canvas, width, height, resolution);
      // The first frame compiles pixi's shaders: drawn now from the view laid out last (the
      // page's first view, laid out ahead), the page's own first draw finds them ready.
      const latest = kept.latest();
      if (latest) {
        created.draw(latest);
        void created.render();
      }
      measure('scene:attach', started, performance.now());
      scene?.destroy();
      scene = created;
      return true;
    } catch {
      return false;
    }
  },
  resizeScene: (width, height) => scene?.resize(width, height),
  drawScene: (drawId) => {
    const layout = kept.get(drawId);
    if (!layout || !scene) return;
    const start = performance.now();
    scene.draw(layout);
    measure('scene:draw', start, performance.now());
  },
  selectInScene: (box) => scene?.drawSelection(box),
  renderScene: () => {
    const start = performance.now();
    if (scene) {
      void scene.render();
      measure('scene:render', start, performance.now());
    }
    return performance.timeOrigin + performance.now();
  },
  destroyScene: () => {
    scene?.destroy();
    scene = null;
  },
};

Comlink.expose(api);
