import { useEffect, useState } from 'react';
import type { TimelineTrack } from '../../shared/timeline-tables/timeline-tracks';
import type { FileApi } from '../viewer-file-client';

/**
 * What the table view, the 'now playing' strip and the CSV export ask the file worker for. The
 * worker holds the parsed file (a stored file's download or a local file's bytes alike), so the
 * page neither downloads it again nor parses it: it gets compact tracks once, the cells of the
 * rows on screen, and a timeline's CSV text.
 */
export type TimelineDataApi = Pick<FileApi, 'timelineTracks' | 'tableRows' | 'timelineCsv'>;

/**
 * The three calls as plain functions of their own: a comlink proxy hands out a new function on
 * every property read, and the table view's effects need one that stays the same.
 */
export function timelineData(api: TimelineDataApi): TimelineDataApi {
  return {
    timelineTracks: () => api.timelineTracks(),
    tableRows: (timeline, first, count) => api.tableRows(timeline, first, count),
    timelineCsv: (timeline) => api.timelineCsv(timeline),
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

export type TracksState =
  { status: 'loading' } | { status: 'ready'; tracks: TimelineTrack[] } | { status: 'error' };

/** The timelines' tracks, asked for once the page is idle after the first draw. */
export function useTimelineTracks(api: TimelineDataApi): TracksState {
  const [state, setState] = useState<TracksState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      await whenIdle();
      if (!live) return;
      const tracks = await api.timelineTracks();
      if (live) setState({ status: 'ready', tracks });
    })().catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [api]);
  return state;
}
