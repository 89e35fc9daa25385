import type { StageSize } from '../shared/stage-paint/stage-painter';
import { timeAxisWidth } from '../shared/viewer-layout/layout-constants';
import { fitTimelineHeights, stackTimelines } from '../shared/viewer-layout/row-stack';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import type { ViewRequest } from '../shared/viewer-layout/view-layout';
import { showEarlyShell } from './early-shell';
import { paintedCanvas, stagePixelRatio } from './stage-scene';
import type { ViewerFileClient } from './viewer-file-client';
import {
  handOverStage,
  paintOn,
  startStageWorker,
  withdrawStage,
  type StageWorker,
} from './worker-stage';

/**
 * The viewer's first frame, before the app: opened straight on /viewer/{id}, the boot script
 * starts the stage worker beside the file worker; the moment the file is open it puts the page's
 * outline over the window (early-shell.ts, laid out by the page's own stylesheets), hands the
 * stage's canvas to the stage worker and has the file worker lay out the first view at the room
 * the outline gives it. The stage worker's first frame is the early screen. The app's viewer then
 * takes that canvas and that worker as its stage (WorkerStage.create), and the outline goes.
 *
 * Without OffscreenCanvas (or with the file session in process) nothing is shown early and the
 * page draws as before.
 */

interface EarlyScreen {
  client: ViewerFileClient;
  stage: StageWorker;
  root: HTMLElement | null;
  /** The page took the stage: the worker is its now. */
  adopted: boolean;
}

let shown: EarlyScreen | null = null;
/** The files whose first frame with timelines on screen was the early one. */
const drawnEarly = new WeakSet<ViewerFileClient>();

/**
 * Starts the early screen for `client`'s file (its stage worker, now, beside the file's fetch) if
 * this browser can paint from a worker; null if it cannot. The function it returns paints the
 * first frame once given the file's header, and resolves when that frame is on screen, or when
 * there will be none.
 */
export function startEarlyViewer(
  client: ViewerFileClient,
): ((opened: Promise<ViewerHeader | null>) => Promise<void>) | null {
  if (shown || document.hidden) return null;
  const stage = startStageWorker(client);
  if (!stage) return null;
  const current: EarlyScreen = { client, stage, root: null, adopted: false };
  shown = current;
  // The outline is for the window it was laid out in: a resized window gets the page alone.
  window.addEventListener('resize', () => endEarlyViewer(), { once: true });
  return (opened) => paintFirstFrame(current, opened);
}

async function paintFirstFrame(
  current: EarlyScreen,
  opened: Promise<ViewerHeader | null>,
): Promise<void> {
  const { client, stage } = current;
  try {
    const header = await opened;
    if (!header || shown !== current) return;
    const shell = showEarlyShell(header);
    current.root = shell.root;
    const heights = fitTimelineHeights(
      header.timelines.map((timeline) => timeline.sizing),
      shell.room,
    );
    shell.setHeights(heights);
    const width = shell.stageWidth;
    const request: ViewRequest = {
      zoom: 1,
      scrollLeft: 0,
      viewportWidth: width,
      width: timeAxisWidth(width),
      heights,
    };
    // The view is laid out while the canvas goes to the painter; the file worker sends it there.
    const laidOut = client.layout(request);
    const size: StageSize = {
      width,
      height: Math.ceil(stackTimelines(heights).total),
      pixelRatio: stagePixelRatio(),
    };
    const canvas = paintedCanvas(shell.canvasHost, 'viewer-canvas');
    if (!(await paintOn(stage, canvas, size)) || shown !== current) return;
    handOverStage(client, {
      canvas,
      worker: stage.worker,
      painter: stage.painter,
      adopted: () => {
        current.adopted = true;
        endEarlyViewer();
      },
    });
    const key = (await laidOut).stageKey;
    if (key === undefined || shown !== current) return;
    const frame = await stage.painter.show({ key, size, selection: null });
    if (!frame || shown !== current) return;
    drawnEarly.add(client);
    // Where the timelines are, for tests and tools (the outline leaves with the screen itself).
    const box = canvas.getBoundingClientRect();
    if (current.root) {
      current.root.dataset.stage = [box.x, box.y, box.width, box.height].map(Math.round).join(' ');
    }
    const startTime = Math.max(0, frame.shownAt - performance.timeOrigin);
    performance.mark('viewer:early-paint', { startTime });
    performance.mark('viewer:drawn', { startTime });
    // The zoom steps in from the first view, laid out ahead with the code optimised by then.
    void client.api.warmUp(request).catch(() => undefined);
  } catch {
    // A picture the page can do without: its own stage paints the file as usual.
    if (shown === current) endEarlyViewer();
  }
}

/** Whether the first frame with `client`'s timelines on screen was the early screen's. */
export function drewEarly(client: ViewerFileClient): boolean {
  return drawnEarly.has(client);
}

/**
 * The app's viewer has its stage (or the load ended): the outline goes, and a stage worker the
 * page did not take stops.
 */
export function endEarlyViewer(): void {
  const current = shown;
  shown = null;
  if (!current) return;
  current.root?.remove();
  if (current.adopted) return;
  withdrawStage(current.client);
  current.stage.worker.terminate();
}
