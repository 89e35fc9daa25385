import type { EarlyWindow } from '../shared/early-paint/early-page';
import { defaultPanelWidth, dividerLeftFor } from './pdf/panel-geometry';
import type { ViewerFileClient } from './viewer-file-client';

/**
 * The viewer's first screen before the app has rendered it. Opened straight on /viewer/{id}, the
 * page puts one canvas over the window and hands it to the file worker, which paints the page's
 * first screen on it the moment the file is open (src/shared/early-paint/): the heading, the
 * timelines' names and their first view, empty boxes standing in for the controls. The worker draws on it
 * without the page's main thread, which is meanwhile starting the app; the app's own viewer takes
 * over when its stage has painted (`endEarlyViewer`). The picture takes no input and says nothing
 * to assistive technology: the page under it is the page.
 *
 * Without OffscreenCanvas (or with the file session in process) nothing is shown early and the
 * page draws as before.
 */

let shown: { overlay: HTMLElement; drawn: boolean } | null = null;

function earlyWindow(): EarlyWindow {
  const width = document.documentElement.clientWidth;
  const content = width - 20;
  return {
    width,
    height: window.innerHeight,
    mainWidthBesidePdf: dividerLeftFor(defaultPanelWidth(content), content),
  };
}

/**
 * Shows the early screen for `client`'s file, if this browser can paint it from the worker;
 * returns whether it will.
 */
export function showEarlyViewer(client: ViewerFileClient): boolean {
  if (shown || !client.paintEarly || document.hidden) return false;
  if (typeof HTMLCanvasElement.prototype.transferControlToOffscreen !== 'function') return false;
  const size = earlyWindow();
  const overlay = document.createElement('div');
  overlay.dataset.testid = 'early-viewer';
  overlay.setAttribute('aria-hidden', 'true');
  overlay.style.cssText =
    'position:fixed;left:0;top:0;z-index:100;pointer-events:none;' +
    `width:${size.width}px;height:${size.height}px`;
  const canvas = document.createElement('canvas');
  canvas.style.cssText = `display:block;width:${size.width}px;height:${size.height}px`;
  // Sized here, before the worker has it: a canvas the worker resized would wait for the page's
  // main thread to show its new size, and so would its picture.
  const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
  canvas.width = Math.round(size.width * pixelRatio);
  canvas.height = Math.round(size.height * pixelRatio);
  overlay.append(canvas);
  document.body.append(overlay);
  let offscreen: OffscreenCanvas;
  try {
    offscreen = canvas.transferControlToOffscreen();
  } catch {
    overlay.remove();
    return false;
  }
  const current = { overlay, drawn: false };
  shown = current;
  // The picture is for the window it was planned for: a resized window gets the page alone.
  window.addEventListener('resize', () => void endEarlyViewer(), { once: true });
  void client
    .paintEarly({
      canvas: offscreen,
      window: { ...size, pixelRatio },
    })
    .then((painted) => {
      if (painted === null || shown !== current) return;
      current.drawn = true;
      const { x, y, width, height } = painted.stage;
      overlay.dataset.stage = [x, y, width, height].join(' ');
      const startTime = Math.max(0, painted.time - performance.timeOrigin);
      performance.mark('viewer:early-paint', { startTime });
      performance.mark('viewer:drawn', { startTime });
    })
    .catch(() => undefined);
  return true;
}

/**
 * The app's viewer has drawn (or the load ended): the early screen goes. Returns whether the
 * early screen had been painted, i.e. whether the page's first frame with the timelines on it
 * has already been marked.
 */
export function endEarlyViewer(): boolean {
  const current = shown;
  shown = null;
  current?.overlay.remove();
  return current?.drawn ?? false;
}
