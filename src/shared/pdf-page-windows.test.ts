import { describe, expect, it } from 'vitest';
import { ViewerFileSession } from './viewer-file-session';
import { occludedMarkers } from './viewer-layout/pdf-markers';
import { viewerFixture } from './viewer-layout/viewer-fixture.test-support';
import {
  PAGE_SWITCH_LEAD,
  pageAt,
  pageWindows,
  pagesAhead,
  windowAt,
  type PdfPageMarker,
} from './pdf-page-windows';

const marker = (time: number, page: number): PdfPageMarker => ({ time, page_number: page });

/** The page at `time` found by walking every marker: what the binary search must agree with. */
function pageByScan(markers: PdfPageMarker[], time: number): number | null {
  const sorted = markers
    .map((m, order) => ({ ...m, order }))
    .sort((a, b) => a.time - b.time || a.order - b.order);
  if (sorted.length === 0) return null;
  let shown: number | null = null;
  for (const m of sorted) if (m.time - PAGE_SWITCH_LEAD <= time) shown = m.page_number;
  if (shown !== null) return shown;
  // Before every window: the page shown at the first page time (the last marker placed there).
  for (const m of sorted) if (m.time === sorted[0]!.time) shown = m.page_number;
  return shown;
}

describe('pageWindows and pageAt', () => {
  const score = [marker(0, 1), marker(10, 2), marker(20, 3), marker(30, 4)];
  const windows = pageWindows(score);

  it('shifts every window 0.5 s early', () => {
    expect(Array.from(windows.starts)).toEqual([-0.5, 9.5, 19.5, 29.5]);
    expect(Array.from(windows.pages)).toEqual([1, 2, 3, 4]);
  });

  it('turns the page 0.5 s before its marker, not earlier', () => {
    expect(pageAt(windows, 9.49)).toBe(1);
    expect(pageAt(windows, 9.5)).toBe(2);
    expect(pageAt(windows, 10)).toBe(2);
    expect(pageAt(windows, 19.49)).toBe(2);
    expect(pageAt(windows, 19.5)).toBe(3);
  });

  it('shows the first page before the first page time', () => {
    const late = pageWindows([marker(12, 5), marker(40, 6)]);
    expect(pageAt(late, 0)).toBe(5);
    expect(pageAt(late, -100)).toBe(5);
    expect(pageAt(late, 11.4)).toBe(5);
    expect(windowAt(late, 0)).toBe(0);
  });

  it('shows the last page after the last page time', () => {
    expect(pageAt(windows, 30)).toBe(4);
    expect(pageAt(windows, 10_000)).toBe(4);
    expect(pageAt(windows, Number.POSITIVE_INFINITY)).toBe(4);
  });

  it('accepts markers in any order', () => {
    const shuffled = pageWindows([marker(20, 3), marker(0, 1), marker(30, 4), marker(10, 2)]);
    expect(shuffled).toEqual(windows);
  });

  it('gives only the last of several markers at the same time a window', () => {
    const same = pageWindows([
      marker(0, 1),
      marker(10, 2),
      marker(10, 3),
      marker(10, 4),
      marker(20, 5),
    ]);
    expect(Array.from(same.starts)).toEqual([-0.5, 9.5, 19.5]);
    expect(Array.from(same.pages)).toEqual([1, 4, 5]);
    expect(pageAt(same, 9.5)).toBe(4);
    expect(pageAt(same, 15)).toBe(4);
    // File order decides, not the page number.
    const reversed = pageWindows([marker(10, 4), marker(10, 2), marker(0, 1)]);
    expect(pageAt(reversed, 12)).toBe(2);
  });

  it('keeps a marker that the timeline draws as occluded', () => {
    // At 10 px per second, the 1.2 s gap between pages 2 and 3 is 12 px: less than an icon.
    const dense = [marker(0, 1), marker(10, 2), marker(11.2, 3), marker(30, 4)];
    const occluded = occludedMarkers(dense.map((m) => m.time * 10));
    expect(Array.from(occluded)).toEqual([0, 0, 1, 0]);
    const denseWindows = pageWindows(dense);
    expect(Array.from(denseWindows.pages)).toEqual([1, 2, 3, 4]);
    expect(pageAt(denseWindows, 10.69)).toBe(2);
    expect(pageAt(denseWindows, 10.7)).toBe(3);
    expect(pageAt(denseWindows, 25)).toBe(3);
  });

  it('merges neighbouring windows of the same page and keeps repeats apart', () => {
    const repeat = pageWindows([
      marker(0, 1),
      marker(5, 1),
      marker(10, 2),
      marker(20, 1),
      marker(30, 2),
    ]);
    expect(Array.from(repeat.pages)).toEqual([1, 2, 1, 2]);
    expect(Array.from(repeat.starts)).toEqual([-0.5, 9.5, 19.5, 29.5]);
    expect(pageAt(repeat, 25)).toBe(1);
  });

  it('ignores markers without a usable time or page number', () => {
    const rough = pageWindows([
      marker(Number.NaN, 9),
      marker(0, 1),
      marker(5, 0),
      marker(6, 2.5),
      marker(10, 2),
      marker(Number.POSITIVE_INFINITY, 7),
    ]);
    expect(Array.from(rough.pages)).toEqual([1, 2]);
  });

  it('has no page without markers', () => {
    const empty = pageWindows([]);
    expect(empty.starts.length).toBe(0);
    expect(windowAt(empty, 3)).toBe(-1);
    expect(pageAt(empty, 3)).toBeNull();
  });

  it('returns the page of a NaN time as the first page rather than failing', () => {
    expect(pageAt(windows, Number.NaN)).toBe(1);
  });

  it('agrees with a scan over every marker for a long random timeline', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const markers: PdfPageMarker[] = [];
    for (let i = 0; i < 400; i++) {
      // Coarse times make equal-time markers common.
      markers.push(marker(Math.round(random() * 600) / 2, 1 + Math.floor(random() * 300)));
    }
    const built = pageWindows(markers);
    for (let n = 1; n < built.starts.length; n++) {
      expect(built.starts[n]!).toBeGreaterThan(built.starts[n - 1]!);
      expect(built.pages[n]).not.toBe(built.pages[n - 1]);
    }
    for (let time = -2; time <= 305; time += 0.05) {
      expect(pageAt(built, time)).toBe(pageByScan(markers, time));
    }
  });

  it('takes another lead when asked', () => {
    const noLead = pageWindows(score, 0);
    expect(pageAt(noLead, 9.9)).toBe(1);
    expect(pageAt(noLead, 10)).toBe(2);
  });
});

describe('pagesAhead', () => {
  const windows = pageWindows([
    marker(0, 1),
    marker(10, 2),
    marker(20, 3),
    marker(30, 1),
    marker(40, 7),
  ]);

  it('lists the pages playback turns to next, then the previous one, then page neighbours', () => {
    expect(pagesAhead(windows, 0, 3)).toEqual([2, 3]);
    expect(pagesAhead(windows, 0, 5)).toEqual([2, 3]);
    expect(pagesAhead(windows, 2, 3)).toEqual([1, 7, 2]);
    expect(pagesAhead(windows, 4, 4)).toEqual([1, 8, 6]);
  });

  it('is empty for a missing window or no room', () => {
    expect(pagesAhead(windows, -1, 3)).toEqual([]);
    expect(pagesAhead(windows, 9, 3)).toEqual([]);
    expect(pagesAhead(windows, 1, 0)).toEqual([]);
  });
});

describe('the layout session', () => {
  it('works out the windows of a PDF timeline where the file worker holds its markers', () => {
    const session = new ViewerFileSession();
    const opened = session.open(new TextEncoder().encode(JSON.stringify(viewerFixture())));
    if (!opened.ok) throw new Error(opened.message);
    const pdf = opened.header.timelines.find((timeline) => timeline.kind === 'PDF')!;
    expect(pdf.pdfUrl).toBe('/media/score.pdf');
    const windows = session.pdfPageWindows(pdf.index);
    expect(Array.from(windows.starts)).toEqual([-0.5, 0, 59.5]);
    expect(Array.from(windows.pages)).toEqual([1, 2, 3]);
    // Another kind of timeline has no pages.
    const other = opened.header.timelines.find((timeline) => timeline.kind !== 'PDF')!;
    expect(session.pdfPageWindows(other.index).pages.length).toBe(0);
  });
});
