/**
 * Which score page to show at a playback time (SPEC.md section 4): before the first page time the
 * first page; otherwise the page whose time window, shifted PAGE_SWITCH_LEAD seconds early,
 * contains the time; after the last page time the last page. The windows are worked out once per
 * PDF timeline (in the file worker); the page asks `windowAt` every frame, a binary search.
 */

/** The page turns this many seconds before its marker, so the reader sees it coming. */
export const PAGE_SWITCH_LEAD = 0.5;

/** A PDF timeline component as the viewer JSON carries it. */
export interface PdfPageMarker {
  time: number;
  page_number: number;
}

/**
 * Half-open windows [starts[i], starts[i + 1]) in which pages[i] is shown; the last one is open to
 * the right. Starts are strictly increasing and already shifted by the lead; two neighbouring
 * windows never show the same page. Typed arrays, so the worker can transfer them.
 */
export interface PageWindows {
  starts: Float64Array;
  pages: Uint32Array;
}

function isUsable(marker: PdfPageMarker): boolean {
  return (
    Number.isFinite(marker.time) && Number.isInteger(marker.page_number) && marker.page_number >= 1
  );
}

/**
 * Builds the windows of one PDF timeline. Markers may come in any order. Of several markers at the
 * same time only the last one in file order gets a window: the others would be shown for no time
 * at all. A marker that the timeline draws as occluded (its icon overlaps its neighbour's at the
 * current zoom) still turns the page: occlusion is a drawing matter and changes with the zoom,
 * while the page must follow time alone. Markers without a finite time or a page >= 1 are ignored.
 */
export function pageWindows(
  markers: readonly PdfPageMarker[],
  lead: number = PAGE_SWITCH_LEAD,
): PageWindows {
  const usable = markers.filter(isUsable);
  // Array.prototype.sort is stable, so equal times keep their file order.
  const order = usable.map((_, index) => index).sort((a, b) => usable[a]!.time - usable[b]!.time);
  const starts: number[] = [];
  const pages: number[] = [];
  for (let n = 0; n < order.length; n++) {
    const marker = usable[order[n]!]!;
    const next = order[n + 1];
    if (next !== undefined && usable[next]!.time === marker.time) continue;
    if (pages.length > 0 && pages[pages.length - 1] === marker.page_number) continue;
    starts.push(marker.time - lead);
    pages.push(marker.page_number);
  }
  return { starts: Float64Array.from(starts), pages: Uint32Array.from(pages) };
}

/**
 * The index of the window shown at `time`: the last window starting at or before it, or the first
 * window when the time comes before every window. -1 only when there are no windows. O(log n).
 */
export function windowAt(windows: PageWindows, time: number): number {
  const starts = windows.starts;
  if (starts.length === 0) return -1;
  // Before the first window (or a NaN time): the first page.
  if (!(time >= starts[0]!)) return 0;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The page shown at `time`, or null when the timeline has no page markers. */
export function pageAt(windows: PageWindows, time: number): number | null {
  const index = windowAt(windows, time);
  return index < 0 ? null : windows.pages[index]!;
}

/**
 * The pages worth rendering ahead while window `index` is shown, nearest first: the pages that
 * playback turns to next (which need not be the next page numbers: repeats jump back), then the
 * one before (a seek back), then the neighbours by page number. Never `pages[index]` itself, never
 * a page twice, at most `count` pages.
 */
export function pagesAhead(windows: PageWindows, index: number, count: number): number[] {
  const current = windows.pages[index];
  if (current === undefined || count <= 0) return [];
  const ahead: number[] = [];
  const add = (page: number | undefined) => {
    if (page === undefined || page < 1 || page === current || ahead.includes(page)) return;
    if (ahead.length < count) ahead.push(page);
  };
  add(windows.pages[index + 1]);
  add(windows.pages[index + 2]);
  add(windows.pages[index - 1]);
  add(current + 1);
  add(current - 1);
  return ahead;
}
