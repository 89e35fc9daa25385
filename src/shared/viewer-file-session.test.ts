import { describe, expect, it, vi } from 'vitest';
import { layoutView } from './viewer-layout/view-layout';

// layoutView itself, counted: the warm-up must lay its steps out once per file.
vi.mock('./viewer-layout/view-layout', async (importOriginal) => {
  const original = await importOriginal<typeof import('./viewer-layout/view-layout')>();
  return { ...original, layoutView: vi.fn(original.layoutView) };
});
import { timelineCsv } from './timeline-tables/timeline-csv';
import { tableRowWindow, timelineTables } from './timeline-tables/timeline-tables';
import { timelineTrack } from './timeline-tables/timeline-tracks';
import { fileTimeMap } from './time-map/beat-timeline-fields';
import { ViewerFileSession } from './viewer-file-session';
import { steppedZoom } from './viewer-layout/time-scale';
import { viewerFixture } from './viewer-layout/viewer-fixture.test-support';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('ViewerFileSession', () => {
  it('finds a bar by its printed number, and each playing of a repeated one', () => {
    const session = new ViewerFileSession();
    const fixture = viewerFixture();
    const beats = fixture.timelines.find((timeline) => timeline.kind === 'BEAT_TIMELINE')!;
    // 100 beats a second apart, four to a bar: bars 1-4, then 1-4 again (a repeat), 5...
    beats.measure_numbers = JSON.stringify([1, 2, 3, 4, 1, 2, 3, 4, ...range(5, 21)]);
    session.open(bytes(fixture));
    expect(session.barStart(3, null)).toBe(8);
    expect(session.barStart(3, 2)).toBe(24);
    expect(session.barStart(3, 3)).toBeNull();
    // Asked again from its first playing: the second; from the second: the first again.
    expect(session.barStart(3, null, 8)).toBe(24);
    expect(session.barStart(3, null, 24)).toBe(8);
    expect(session.barStart(20, null)).toBe(92);
    expect(session.barStart(99, null)).toBeNull();
  });

  it('opens the file bytes and answers layout, component and navigation requests', () => {
    const session = new ViewerFileSession();
    const opened = session.open(bytes(viewerFixture()));
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.header.timelines).toHaveLength(7);
    const layout = session.layout({ zoom: 1, scrollLeft: 0, viewportWidth: 800, width: 800 });
    expect(layout.timelines).toHaveLength(7);
    expect(session.component({ timeline: 2, index: 0 })).toMatchObject({ id: 41, label: 'PAC' });
    expect(session.neighbour({ timeline: 2, index: 1 }, 'right')).toEqual({
      timeline: 2,
      index: 0,
    });
    expect(session.findComponent(33)).toEqual({ timeline: 1, index: 2 });
    expect(session.findComponent(5)).toBeNull();
  });

  it('answers the table view, the strip and the export from the file it holds', () => {
    const session = new ViewerFileSession();
    const fixture = viewerFixture();
    session.open(bytes(fixture));
    // The file's bars and beats (its first beat timeline) give the other tables their bar column.
    const tables = timelineTables(fixture, fileTimeMap(fixture.timelines, null));
    expect(tables.length).toBeGreaterThan(2);
    expect(tables.find((table) => table.kind === 'MARKER')!.columns.at(-2)).toBe('Bar');
    const tracks = session.timelineTracks();
    expect(tracks).toEqual(tables.map(timelineTrack));
    // Fresh arrays every time: the worker transfers them away.
    expect(session.timelineTracks()[0]!.starts).not.toBe(tracks[0]!.starts);
    for (const table of tables) {
      expect(session.tableRows(table.index, 1, 2)).toEqual(tableRowWindow(table, 1, 2));
      expect(new TextDecoder().decode(session.timelineCsv(table.index))).toBe(timelineCsv(table));
    }
    const withoutTable = fixture.timelines.findIndex(
      (_, index) => !tables.some((table) => table.index === index),
    );
    expect(withoutTable).toBeGreaterThanOrEqual(0);
    expect(session.tableRows(withoutTable, 0, 100)).toEqual([]);
    expect(session.timelineCsv(withoutTable)).toHaveLength(0);
    expect(session.tableRows(99, 0, 100)).toEqual([]);
    session.close();
    expect(() => session.timelineTracks()).toThrow();
  });

  it('reports a hierarchy without height as data, with the SPEC message', () => {
    const session = new ViewerFileSession();
    const result = session.open(
      bytes(viewerFixture([{ kind: 'HIERARCHY_TIMELINE', height: null }])),
    );
    expect(result).toEqual({
      ok: false,
      error: 'timeline-height',
      message: "Can't determine timeline height.",
    });
  });

  it('reports unreadable bytes as data', () => {
    const session = new ViewerFileSession();
    expect(session.open(new TextEncoder().encode('{nope')).ok).toBe(false);
    expect(() => session.layout({ zoom: 1, scrollLeft: 0, viewportWidth: 1, width: 1 })).toThrow();
  });

  it('warms up once per file: zoom steps laid out ahead and kept, nothing after close', async () => {
    const session = new ViewerFileSession();
    const view = { zoom: 1, scrollLeft: 0, viewportWidth: 800, width: 800 };
    const laidOut = vi.mocked(layoutView);
    session.warmUp(view);
    session.open(bytes(viewerFixture()));
    laidOut.mockClear();
    session.warmUp(view);
    session.warmUp(view);
    await vi.waitFor(() => expect(laidOut).toHaveBeenCalledTimes(4));
    expect(laidOut.mock.calls.map(([, request]) => request.zoom)).toEqual(
      [1.2, 1.44, 1.728, 2.0736].map((zoom) => expect.closeTo(zoom, 6)),
    );
    // The first zoom in finds its view laid out.
    session.layout({ ...view, zoom: steppedZoom(1, 1) });
    expect(laidOut).toHaveBeenCalledTimes(4);
    session.close();
    session.warmUp(view);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(laidOut).toHaveBeenCalledTimes(4);
  });

  it('lays a view out ahead once, and answers the request for it with a copy', async () => {
    const session = new ViewerFileSession();
    session.open(bytes(viewerFixture()));
    const laidOut = vi.mocked(layoutView);
    laidOut.mockClear();
    const view = { zoom: 2, scrollLeft: 0, viewportWidth: 800, width: 800 };
    session.prefetch(view);
    session.prefetch(view);
    await vi.waitFor(() => expect(laidOut).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(laidOut).toHaveBeenCalledTimes(1);
    // A request without heights is one at the file's least heights: the same view.
    const heights = session.open(bytes(viewerFixture()));
    expect(heights.ok).toBe(true);
    laidOut.mockClear();
    session.prefetch(view);
    const least = heights.ok ? heights.header.timelines.map((timeline) => timeline.height) : [];
    const answer = session.layout({ ...view, heights: least });
    expect(laidOut).toHaveBeenCalledTimes(1);
    expect(answer.scale.zoom).toBe(2);
  });

  it('prepares the file again with one option changed and the others kept, until a new open', () => {
    const session = new ViewerFileSession();
    session.open(bytes(viewerFixture()));
    const shown = session.prepareWith({ showHidden: true });
    expect(shown.ok && shown.header.showsHidden).toBe(true);
    const still = session.prepareWith({ waveform: false });
    expect(still.ok && still.header.showsHidden).toBe(true);
    const reopened = session.open(bytes(viewerFixture()));
    expect(reopened.ok && reopened.header.showsHidden).toBe(false);
    const again = session.prepareWith({ waveform: false });
    expect(again.ok && again.header.showsHidden).toBe(false);
  });

  it('answers the page before the views asked for ahead, and lays each out once', async () => {
    const session = new ViewerFileSession();
    session.open(bytes(viewerFixture()));
    const laidOut = vi.mocked(layoutView);
    laidOut.mockClear();
    const view = (zoom: number) => ({ zoom, scrollLeft: 0, viewportWidth: 800, width: 800 });
    session.prefetch(view(2));
    session.prefetch(view(3));
    // A request that comes meanwhile is laid out at once, not after the two ahead of it.
    expect(session.layout(view(4)).scale.zoom).toBe(4);
    expect(laidOut.mock.calls.map(([, request]) => request.zoom)).toEqual([4]);
    // One asked for ahead and then asked for is laid out for the page, and not again later.
    expect(session.layout(view(3)).scale.zoom).toBe(3);
    await vi.waitFor(() => expect(laidOut).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(laidOut.mock.calls.map(([, request]) => request.zoom)).toEqual([4, 3, 2]);
  });

  it('answers a view laid out lately with a copy of it, not a new layout', () => {
    const session = new ViewerFileSession();
    session.open(bytes(viewerFixture()));
    const laidOut = vi.mocked(layoutView);
    laidOut.mockClear();
    const view = (zoom: number) => ({ zoom, scrollLeft: 0, viewportWidth: 800, width: 800 });
    const first = session.layout(view(2));
    const rects = first.timelines.map((drawing) => Array.from(drawing.rects));
    // The first answer's arrays are transferred away (detached) when it leaves the worker.
    for (const drawing of first.timelines)
      structuredClone(drawing.rects, { transfer: [drawing.rects.buffer] });
    session.layout(view(3));
    const again = session.layout(view(2));
    expect(laidOut).toHaveBeenCalledTimes(2);
    expect(again.timelines.map((drawing) => Array.from(drawing.rects))).toEqual(rects);
    expect(again.scale.zoom).toBe(2);
    // Only the last few are kept, and none once the file is closed.
    for (let zoom = 4; zoom < 14; zoom++) session.layout(view(zoom));
    session.layout(view(2));
    expect(laidOut).toHaveBeenCalledTimes(13);
    session.close();
    session.open(bytes(viewerFixture()));
    session.layout(view(7));
    expect(laidOut).toHaveBeenCalledTimes(14);
  });
});
