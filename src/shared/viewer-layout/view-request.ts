import { sameHeights } from './row-stack';

export interface ViewRequest {
  zoom: number;
  scrollLeft: number;
  viewportWidth: number;
  /** Content width at zoom 1 (the fit-to-screen width). */
  width: number;
  /**
   * Each timeline's height, in stack order, as fitted to the window (fitTimelineHeights);
   * without them every timeline gets its least height.
   */
  heights?: number[];
}

/** Whether two requests ask for the same view (and so get the same layout). */
export function sameView(a: ViewRequest, b: ViewRequest): boolean {
  return (
    a.zoom === b.zoom &&
    a.scrollLeft === b.scrollLeft &&
    a.viewportWidth === b.viewportWidth &&
    a.width === b.width &&
    sameHeights(a.heights ?? [], b.heights ?? [])
  );
}
