import { describe, expect, it, vi } from 'vitest';
import { layoutView } from '../shared/viewer-layout/view-layout';
import { encodePeaks } from '../shared/waveform/peaks';
import { viewerFixture } from '../shared/viewer-layout/viewer-fixture.test-support';
import { ViewerFileSession, type OpenResult } from '../shared/viewer-file-session';
import { clientCalls, createViewerFileClient, type FileApi } from './viewer-file-client';

// layoutView itself, counted: a view kept by the session is not laid out again.
vi.mock('../shared/viewer-layout/view-layout', async (importOriginal) => {
  const original = await importOriginal<typeof import('../shared/viewer-layout/view-layout')>();
  return { ...original, layoutView: vi.fn(original.layoutView) };
});

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer;
const firstView = { zoom: 1, scrollLeft: 0, viewportWidth: 800, width: 800 };
const laidOut = vi.mocked(layoutView);

/** A client with the fixture open (no first view); layouts are counted from here on. */
async function opened() {
  const client = createViewerFileClient({ inProcess: true });
  const result = await client.open(bytes(viewerFixture()));
  expect(result.ok).toBe(true);
  laidOut.mockClear();
  return client;
}

describe('file client and the session’s views', () => {
  it('lays the first view out ahead with the open, warms up once, and answers the page from it', async () => {
    const client = createViewerFileClient({ inProcess: true });
    const warmUp = vi.spyOn(client.api, 'warmUp');
    laidOut.mockClear();
    const result = await client.open(bytes(viewerFixture()), firstView);
    if (!result.ok) throw new Error(result.message);
    const heights = result.header.timelines.map((timeline) => timeline.height);
    // The page's first request finds the first view laid out; the warm-up comes after it.
    const first = await client.layout({ ...firstView, heights });
    await vi.waitFor(() => expect(warmUp).toHaveBeenCalledTimes(1));
    // The first view and the four zoom steps in from it, nothing more.
    await vi.waitFor(() => expect(laidOut).toHaveBeenCalledTimes(5));
    expect(first.rows.map((row) => row.height)).toEqual(heights);
    // Taller rows are another view.
    await client.layout({ ...firstView, heights: heights.map((height) => height + 10) });
    expect(laidOut).toHaveBeenCalledTimes(6);
    client.dispose();
  });

  it('asks for the first view once a file opened some other way is open, the warm-up after the page’s', async () => {
    // The worker's fetch-and-open answers later; a layout asked for meanwhile found no file.
    const session = new ViewerFileSession();
    const asked: string[] = [];
    const api = {
      prefetch: (request: Parameters<FileApi['prefetch']>[0]) => {
        asked.push('prefetch');
        return Promise.resolve(session.prefetch(request));
      },
      warmUp: (first: Parameters<FileApi['warmUp']>[0]) => {
        asked.push('warmUp');
        return Promise.resolve(session.warmUp(first));
      },
      layout: (request: Parameters<FileApi['layout']>[0]) => {
        asked.push('layout');
        return Promise.resolve(session.layout(request));
      },
    } as unknown as FileApi;
    let fetched: (result: OpenResult) => void = () => undefined;
    const calls = clientCalls(api, (data) => data);
    const opening = calls.opening(
      () => new Promise<OpenResult>((resolve) => (fetched = resolve)),
      firstView,
    );
    await Promise.resolve();
    expect(asked).toEqual([]);
    fetched(session.open(bytes(viewerFixture())));
    expect((await opening).ok).toBe(true);
    expect(asked).toEqual(['prefetch']);
    await calls.layout(firstView);
    await calls.layout(firstView);
    expect(asked).toEqual(['prefetch', 'layout', 'warmUp', 'layout']);
  });

  it('keeps the first view when another view is asked for first', async () => {
    const client = createViewerFileClient({ inProcess: true });
    await client.open(bytes(viewerFixture()), firstView);
    await client.layout({ ...firstView, zoom: 2 });
    // The first view is laid out ahead, after the request that came first (and the warm-up).
    await new Promise((resolve) => setTimeout(resolve, 50));
    laidOut.mockClear();
    await client.layout(firstView);
    expect(laidOut).not.toHaveBeenCalled();
    client.dispose();
  });

  it('answers a file it could not open with its error, and no layout', async () => {
    const client = createViewerFileClient({ inProcess: true });
    const broken = new TextEncoder().encode('{"timelines": [tr').buffer;
    expect(await client.open(broken, firstView)).toMatchObject({
      ok: false,
      error: 'invalid-file',
    });
    await expect(client.layout(firstView)).rejects.toThrow(/No file is open/);
    client.dispose();
  });

  it('answers every request for a view laid out ahead from the session, with a copy each', async () => {
    const client = await opened();
    client.prefetchLayout(firstView);
    const prefetched = await client.layout(firstView);
    expect(laidOut).toHaveBeenCalledTimes(1);
    expect(prefetched.scale.width).toBe(800);
    const again = await client.layout(firstView);
    expect(laidOut).toHaveBeenCalledTimes(1);
    expect(again).toEqual(prefetched);
    expect(again.timelines[0]?.rects).not.toBe(prefetched.timelines[0]?.rects);
    // Another view is laid out.
    const other = await client.layout({ ...firstView, viewportWidth: 640, width: 640 });
    expect(other.scale.width).toBe(640);
    expect(laidOut).toHaveBeenCalledTimes(2);
    client.dispose();
  });

  it('keeps views laid out ahead in the session alone: nothing comes to the page before it asks', async () => {
    const session = new ViewerFileSession();
    session.open(bytes(viewerFixture()));
    laidOut.mockClear();
    const asked: string[] = [];
    const api = {
      prefetch: (request: Parameters<FileApi['prefetch']>[0]) => {
        asked.push('prefetch');
        return Promise.resolve(session.prefetch(request));
      },
      layout: (request: Parameters<FileApi['layout']>[0]) => {
        asked.push('layout');
        return Promise.resolve(session.layout(request));
      },
    } as unknown as FileApi;
    const calls = clientCalls(api, (data) => data);
    calls.prefetchLayout({ ...firstView, zoom: 1.2 });
    calls.prefetchLayout(firstView);
    await Promise.resolve();
    expect(asked).toEqual(['prefetch', 'prefetch']);
    await vi.waitFor(() => expect(laidOut).toHaveBeenCalledTimes(2));
    // Asked for, a view laid out ahead comes from the session's cache, not laid out again.
    const view = await calls.layout(firstView);
    expect(asked).toEqual(['prefetch', 'prefetch', 'layout']);
    expect(laidOut).toHaveBeenCalledTimes(2);
    expect(view.scale.zoom).toBe(1);
  });

  it('answers the view the page had come to it ahead without asking again, once', async () => {
    const session = new ViewerFileSession();
    session.open(bytes(viewerFixture()));
    const asked: string[] = [];
    const api = {
      layout: (request: Parameters<FileApi['layout']>[0]) => {
        asked.push(`layout ${request.zoom}`);
        return Promise.resolve(session.layout(request));
      },
    } as unknown as FileApi;
    const calls = clientCalls(api, (data) => data);
    calls.layoutAhead({ ...firstView, zoom: 1.2 });
    calls.layoutAhead({ ...firstView, zoom: 1.2 });
    expect(asked).toEqual(['layout 1.2']);
    expect((await calls.layout({ ...firstView, zoom: 1.2 })).scale.zoom).toBe(1.2);
    expect(asked).toEqual(['layout 1.2']);
    // Used once: a second request asks the session (which keeps the view).
    await calls.layout({ ...firstView, zoom: 1.2 });
    expect(asked).toEqual(['layout 1.2', 'layout 1.2']);
  });

  it('asks again for a view ahead whose answer came, for the painter may have let it go', async () => {
    const session = new ViewerFileSession();
    session.open(bytes(viewerFixture()));
    const asked: boolean[] = [];
    const api = {
      layout: (request: Parameters<FileApi['layout']>[0], ahead?: boolean) => {
        asked.push(ahead === true);
        return Promise.resolve(session.layout(request));
      },
    } as unknown as FileApi;
    const calls = clientCalls(api, (data) => data);
    calls.layoutAhead({ ...firstView, zoom: 1.2 });
    // While the answer is on its way, asking again asks nothing.
    calls.layoutAhead({ ...firstView, zoom: 1.2 });
    expect(asked).toEqual([true]);
    await Promise.resolve();
    await Promise.resolve();
    // Answered long ago (the user zoomed the other way meanwhile): asked again, as ahead.
    calls.layoutAhead({ ...firstView, zoom: 1.2 });
    expect(asked).toEqual([true, true]);
    // The page's own request takes the latest answer, without asking.
    expect((await calls.layout({ ...firstView, zoom: 1.2 })).scale.zoom).toBe(1.2);
    expect(asked).toEqual([true, true]);
  });

  it('keeps the zoom steps either side laid out ahead, whichever is asked first', async () => {
    const client = await opened();
    const zoomIn = { ...firstView, zoom: 1.2, scrollLeft: 80 };
    const zoomOut = { ...firstView, zoom: 0.8 };
    client.prefetchLayout(zoomIn);
    client.prefetchLayout(zoomOut);
    // The same view twice is laid out once.
    client.prefetchLayout(zoomIn);
    const out = await client.layout(zoomOut);
    const inToo = await client.layout(zoomIn);
    expect(laidOut).toHaveBeenCalledTimes(2);
    expect(out.scale.zoom).toBe(0.8);
    expect(inToo.scale.zoom).toBe(1.2);
    expect(inToo.scale.scrollLeft).toBe(80);
    client.dispose();
  });

  it('forgets the views laid out without the recording’s peaks once they come', async () => {
    const client = await opened();
    await client.layout(firstView);
    const peaks = encodePeaks({
      sampleRate: 8000,
      levels: [{ samplesPerPeak: 256, pairs: Int8Array.from([-10, 10, -20, 20]) }],
    });
    expect(await client.usePeaks(peaks.slice().buffer)).toBe(true);
    await client.layout(firstView);
    expect(laidOut).toHaveBeenCalledTimes(2);
    client.dispose();
  });
});
