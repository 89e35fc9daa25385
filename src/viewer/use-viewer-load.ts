import { useEffect, useState } from 'react';
import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';
import { warnAboutOmissions } from './header-warnings';
import type { ViewerFileClient } from './viewer-file-client';
import { takeViewerLoad } from './viewer-preload';

export type ViewerLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; header: ViewerHeader; client: ViewerFileClient; mediaBaseUrl: string };

/**
 * Loads one file for the viewer: the JSON bytes and the file worker start together (early, from
 * src/viewer/viewer-preload.ts, when the page was opened on the viewer), the worker parses and
 * prepares the file, and the page gets a small header. The layout client is disposed when the
 * page leaves or the id changes.
 */
export function useViewerLoad(fileId: string | undefined): ViewerLoad {
  const [load, setLoad] = useState<ViewerLoad>({ status: 'loading' });
  useEffect(() => {
    if (!fileId) return;
    setLoad({ status: 'loading' });
    const { abort, client, opened, mediaBase } = takeViewerLoad(fileId);
    void (async () => {
      const result = await opened;
      if (abort.signal.aborted) return;
      if (!result.ok) {
        setLoad({ status: 'error', message: result.message });
        return;
      }
      warnAboutOmissions(result.header);
      setLoad({ status: 'ready', header: result.header, client, mediaBaseUrl: await mediaBase });
    })();
    return () => {
      abort.abort();
      client.dispose();
    };
  }, [fileId]);
  return fileId ? load : { status: 'loading' };
}
