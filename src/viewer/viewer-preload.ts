import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import type { ViewRequest } from '../shared/viewer-layout/view-layout';
import { timeAxisWidth } from '../shared/viewer-layout/layout-constants';
import { stageWidth } from '../shared/viewer-layout/names-column';
import { createViewerFileClient, type ViewerFileClient } from './viewer-file-client';
import { fetchMediaBaseUrl, fetchViewerBytes, viewerBytesRequest } from './viewer-data';
import { endEarlyViewer, startEarlyViewer } from './early-viewer';

/**
 * The viewer's head start. index.html loads this module as a small entry of its own, ahead of
 * the app bundle: on a page opened straight on /viewer/{id} it starts the JSON fetch and the
 * file worker while the app bundle is still downloading and starting, and hands the bytes to
 * the worker the moment they arrive, so parsing overlaps the app's start-up. The viewer:drawn
 * budget (DESIGN.md section 7) cannot be met if any of that waits for React.
 */

const NOT_FOUND_MESSAGE =
  'This file does not exist, or it is private. Check the link, or log in as the file’s owner.';
const NETWORK_MESSAGE =
  'A server/network error occurred. Try waiting for a bit and reloading the page.';

export type ViewerOpened = { ok: true; header: ViewerHeader } | { ok: false; message: string };

export interface ViewerStart {
  fileId: string;
  abort: AbortController;
  client: ViewerFileClient;
  /** The file fetched, parsed and prepared by the worker (or why not). */
  opened: Promise<ViewerOpened>;
  mediaBase: Promise<string>;
  /** The early screen's first frame on screen, or none coming (resolved at once without one). */
  firstFrame: Promise<void>;
}

/**
 * The first view the page will ask for (fit to screen, as wide as the timelines will be), so the
 * worker lays it out while the page is still starting, and the page finds it ready the moment
 * its stage exists (no frame in between). A wrong guess costs nothing: the page's real request
 * is then laid out as usual.
 */
function firstViewGuess(): ViewRequest | undefined {
  const width = stageWidth(document.documentElement.clientWidth);
  return width >= 100
    ? { zoom: 1, scrollLeft: 0, viewportWidth: width, width: timeAxisWidth(width) }
    : undefined;
}

function startViewerLoad(fileId: string, { early = false } = {}): ViewerStart {
  const abort = new AbortController();
  const client = createViewerFileClient();
  // The early screen lays out the first view where the page will put it, and warms up after it.
  const earlyScreen = early ? startEarlyViewer(client) : null;
  if (earlyScreen) abort.signal.addEventListener('abort', () => void endEarlyViewer());
  const opened = (async (): Promise<ViewerOpened> => {
    const firstView = earlyScreen ? undefined : firstViewGuess();
    // The session lays the first view out as soon as it has opened the file (viewer-file-client.ts).
    // The worker fetches the bytes itself when it can; else (or when that fails) the page does.
    const direct = client.openFrom ? viewerBytesRequest(fileId) : null;
    let result = direct && client.openFrom ? await client.openFrom(direct, firstView) : null;
    if (!result) {
      const bytes = await fetchViewerBytes(fileId, abort.signal);
      if (!bytes.ok) {
        return {
          ok: false,
          message: bytes.reason === 'not-found' ? NOT_FOUND_MESSAGE : NETWORK_MESSAGE,
        };
      }
      result = await client.open(bytes.bytes, firstView);
    }
    if (!result.ok) return { ok: false, message: result.message };
    performance.mark('viewer:data');
    return result;
  })()
    .catch((): ViewerOpened => ({ ok: false, message: NETWORK_MESSAGE }))
    .then((result) => {
      if (!result.ok) endEarlyViewer();
      return result;
    });
  const firstFrame = earlyScreen
    ? earlyScreen(opened.then((result) => (result.ok ? result.header : null)))
    : Promise.resolve();
  return {
    fileId,
    abort,
    client,
    opened,
    mediaBase: fetchMediaBaseUrl(abort.signal),
    firstFrame,
  };
}

function directViewerId(): string | null {
  if (typeof window === 'undefined') return null;
  const match = /^\/viewer\/([^/?#]+)/.exec(window.location.pathname);
  // /viewer/local is the local viewer (src/pages/local-viewer-page.tsx): it sends nothing.
  return match?.[1] && match[1] !== 'local' ? decodeURIComponent(match[1]) : null;
}

let early: ViewerStart | null = null;
const directId = directViewerId();
if (directId !== null) {
  early = startViewerLoad(directId, { early: true });
}

/**
 * Resolves when the app may start: at once, or on a page opened straight on a viewer, once the
 * early screen's first frame is on screen (or will not come). Starting the app means evaluating
 * its bundle, a long task on the page's main thread, which the first frame of a canvas handed to
 * a worker waits for; so the app starts after it, and at most `maxWaitMs` later.
 */
export function earlyScreenSettled(maxWaitMs: number): Promise<void> {
  if (!early) return Promise.resolve();
  return Promise.race([
    early.firstFrame,
    new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs)),
  ]);
}

/** The load started early for this file, or a new one; an early load of another file stops. */
export function takeViewerLoad(fileId: string): ViewerStart {
  const started = early && early.fileId === fileId ? early : startViewerLoad(fileId);
  if (early && early !== started) {
    early.abort.abort();
    early.client.dispose();
  }
  early = null;
  return started;
}
