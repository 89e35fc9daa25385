import { useEffect, useState } from 'react';
import type { ViewerFileJson } from '../../shared/api-types';
import { storageKeys } from '../../state/auth-state';
import { timelineTables, type TimelineTable } from '../table/timeline-tables';

/** Gives the viewer's extras the file's components: a promise of the viewer JSON. */
export type DocumentSource = () => Promise<ViewerFileJson>;

/**
 * The viewer JSON of an uploaded file, read again on the main thread for the table view, the
 * 'now playing' strip and the export. The layout worker keeps its own copy; this second read
 * waits until the timelines are drawn and the page is idle, so it never delays the first frame,
 * and the browser usually answers it from its cache.
 */
export function remoteDocument(fileId: string): DocumentSource {
  let loading: Promise<ViewerFileJson> | null = null;
  return () => {
    loading ??= (async () => {
      let token: string | null = null;
      try {
        token = window.localStorage.getItem(storageKeys.accessToken);
      } catch {
        token = null;
      }
      const response = await fetch(`/api/v1/files/${encodeURIComponent(fileId)}/json`, {
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
      if (!response.ok) throw new Error(`files/${fileId}/json: ${response.status}`);
      return (await response.json()) as ViewerFileJson;
    })();
    return loading;
  };
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: 1500 });
    } else {
      window.setTimeout(resolve, 200);
    }
  });
}

export type TablesState =
  { status: 'loading' } | { status: 'ready'; tables: TimelineTable[] } | { status: 'error' };

/** The timelines as tables, once the page is idle after the first draw. */
export function useTimelineTables(source: DocumentSource | undefined): TablesState {
  const [state, setState] = useState<TablesState>({ status: 'loading' });
  useEffect(() => {
    if (!source) return;
    let live = true;
    void (async () => {
      await whenIdle();
      const json = await source();
      if (live) setState({ status: 'ready', tables: timelineTables(json) });
    })().catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [source]);
  return source ? state : { status: 'error' };
}
