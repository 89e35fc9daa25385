import { useEffect, useState } from 'react';
import type { ComponentJson, ViewerFileJson } from '../../shared/api-types';
import type { LayoutApi } from '../layout-client';
import { displayOrder, timelineTable, type TimelineTable } from '../table/timeline-tables';

/** Gives the viewer's extras the file's components: a promise of the viewer JSON. */
export type DocumentSource = () => Promise<ViewerFileJson>;

/** The next task: work split over tasks leaves the page free to draw between them. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A stored file's viewer JSON for the table view, the 'now playing' strip and the export, from
 * the layout worker, which parsed it already: no second download. It comes in parts (the file
 * without components, then each timeline's components), each parsed in a task of its own, so no
 * parse of the whole multi-megabyte file blocks the page.
 */
export function workerDocument(api: Pick<LayoutApi, 'documentPart'>): DocumentSource {
  let loading: Promise<ViewerFileJson> | null = null;
  return () => {
    loading ??= (async () => {
      const json = JSON.parse(await api.documentPart(null)) as ViewerFileJson;
      for (let index = 0; index < json.timelines.length; index++) {
        const components = JSON.parse(await api.documentPart(index)) as ComponentJson[];
        const timeline = json.timelines[index];
        if (timeline) timeline.components = components;
        await nextTask();
      }
      return json;
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
      const tables: TimelineTable[] = [];
      for (const { timeline, index } of displayOrder(json)) {
        if (!live) return;
        const table = timelineTable(timeline, index);
        if (table) tables.push(table);
        await nextTask();
      }
      if (live) setState({ status: 'ready', tables });
    })().catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [source]);
  return source ? state : { status: 'error' };
}
