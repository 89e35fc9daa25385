import { useEffect, useState } from 'react';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import { createLayoutClient, type LayoutClient } from './layout-client';
import { fetchMediaBaseUrl, fetchViewerBytes, type ViewerBytes } from './viewer-data';

export type ViewerLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; header: ViewerHeader; client: LayoutClient; mediaBaseUrl: string };

export const NOT_FOUND_MESSAGE =
  'This file does not exist, or it is private. Check the link, or log in as the file’s owner.';
export const NETWORK_MESSAGE =
  'A server/network error occurred. Try waiting for a bit and reloading the page.';

interface Started {
  fileId: string;
  abort: AbortController;
  client: LayoutClient;
  bytes: Promise<ViewerBytes>;
  mediaBase: Promise<string>;
}

function start(fileId: string): Started {
  const abort = new AbortController();
  return {
    fileId,
    abort,
    client: createLayoutClient(),
    bytes: fetchViewerBytes(fileId, abort.signal),
    mediaBase: fetchMediaBaseUrl(abort.signal),
  };
}

// A page opened straight on /viewer/{id} starts its fetch and its worker while the app bundle is
// still starting up, rather than after React's first render (the viewer:drawn budget is tight).
let early: Started | null = (() => {
  if (typeof window === 'undefined') return null;
  const match = /^\/viewer\/([^/?#]+)/.exec(window.location.pathname);
  return match?.[1] ? start(decodeURIComponent(match[1])) : null;
})();

function take(fileId: string): Started {
  const started = early && early.fileId === fileId ? early : start(fileId);
  if (early && early !== started) {
    early.abort.abort();
    early.client.dispose();
  }
  early = null;
  return started;
}

/**
 * Loads one file for the viewer: the JSON bytes and the layout worker start together, the worker
 * parses and prepares the file, and the page gets a small header. The layout client is disposed
 * when the page leaves or the id changes.
 */
export function useViewerLoad(fileId: string | undefined): ViewerLoad {
  const [load, setLoad] = useState<ViewerLoad>({ status: 'loading' });
  useEffect(() => {
    if (!fileId) return;
    setLoad({ status: 'loading' });
    const { abort, client, bytes, mediaBase } = take(fileId);
    void (async () => {
      const result = await bytes;
      if (abort.signal.aborted) return;
      if (!result.ok) {
        setLoad({
          status: 'error',
          message: result.reason === 'not-found' ? NOT_FOUND_MESSAGE : NETWORK_MESSAGE,
        });
        return;
      }
      const opened = await client.open(result.bytes);
      if (abort.signal.aborted) return;
      if (!opened.ok) {
        setLoad({ status: 'error', message: opened.message });
        return;
      }
      performance.mark('viewer:data');
      for (const skipped of opened.header.skipped) {
        console.warn(
          `Timeline '${skipped.name}' has the kind '${skipped.kind}', which the viewer does not draw.`,
        );
      }
      setLoad({ status: 'ready', header: opened.header, client, mediaBaseUrl: await mediaBase });
    })().catch(() => {
      if (!abort.signal.aborted) setLoad({ status: 'error', message: NETWORK_MESSAGE });
    });
    return () => {
      abort.abort();
      client.dispose();
    };
  }, [fileId]);
  return fileId ? load : { status: 'loading' };
}
