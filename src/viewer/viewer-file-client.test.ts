import { describe, expect, it, vi } from 'vitest';
import { viewerFixture } from '../shared/viewer-layout/viewer-fixture.test-support';
import { ViewerFileSession, type OpenResult } from '../shared/viewer-file-session';
import { createViewerFileClient } from './viewer-file-client';
import { ViewPrefetch } from './view-prefetch';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer;
const firstView = { zoom: 1, scrollLeft: 0, viewportWidth: 800, width: 800 };

/**
 * A client with the fixture open (no first view), and a spy on the layouts it asks its API for
 * from here on.
 */
async function openedWithLayoutSpy() {
  const client = createViewerFileClient({ inProcess: true });
  const opened = await client.open(bytes(viewerFixture()));
  expect(opened.ok).toBe(true);
  return { client, laidOut: vi.spyOn(client.api, 'layout') };
}

describe('file client prefetch', () => {
  it('lays the first view out with the open, warms up once, and answers the page from it', async () => {
    const client = createViewerFileClient({ inProcess: true });
    const layout = vi.spyOn(client.api, 'layout');
    const warmUp = vi.spyOn(client.api, 'warmUp');
    const opened = await client.open(bytes(viewerFixture()), firstView);
    if (!opened.ok) throw new Error(opened.message);
    expect(layout).toHaveBeenCalledTimes(1);
    expect(warmUp).toHaveBeenCalledTimes(1);
    // The page's request names the heights it measured: the file's least ones here.
    const heights = opened.header.timelines.map((timeline) => timeline.height);
    const first = await client.layout({ ...firstView, heights });
    expect(layout).toHaveBeenCalledTimes(1);
    expect(first.rows.map((row) => row.height)).toEqual(heights);
    // Taller rows are another view.
    await client.layout({ ...firstView, heights: heights.map((height) => height + 10) });
    expect(layout).toHaveBeenCalledTimes(2);
    client.dispose();
  });

  it('asks for the first view only once a file opened some other way is open', async () => {
    // The worker's fetch-and-open answers later; a layout asked for meanwhile found no file.
    const session = new ViewerFileSession();
    const asked: string[] = [];
    const policy = new ViewPrefetch({
      open: (data) => Promise.resolve(session.open(data)),
      layout: (request) => {
        asked.push('layout');
        return Promise.resolve(session.layout(request));
      },
      warmUp: (first) => {
        asked.push('warmUp');
        return Promise.resolve(session.warmUp(first));
      },
    });
    let fetched: (result: OpenResult) => void = () => undefined;
    const opening = policy.opening(
      () => new Promise<OpenResult>((resolve) => (fetched = resolve)),
      firstView,
    );
    await Promise.resolve();
    expect(asked).toEqual([]);
    fetched(session.open(bytes(viewerFixture())));
    expect((await opening).ok).toBe(true);
    expect(asked).toEqual(['layout', 'warmUp']);
    await expect(policy.layout(firstView)).resolves.toMatchObject({
      totalHeight: expect.any(Number),
    });
  });

  it('drops the first view when another view is asked for first', async () => {
    const client = createViewerFileClient({ inProcess: true });
    const layout = vi.spyOn(client.api, 'layout');
    await client.open(bytes(viewerFixture()), firstView);
    await client.layout({ ...firstView, zoom: 2 });
    await client.layout(firstView);
    expect(layout).toHaveBeenCalledTimes(3);
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

  it('answers the first request for the prefetched view with the prefetched layout, once', async () => {
    const { client, laidOut } = await openedWithLayoutSpy();
    client.prefetchLayout(firstView);
    expect(laidOut).toHaveBeenCalledTimes(1);
    const prefetched = await client.layout(firstView);
    expect(laidOut).toHaveBeenCalledTimes(1);
    expect(prefetched.scale.width).toBe(800);
    // Handed out once: the same view asked again is laid out anew.
    const again = await client.layout(firstView);
    expect(laidOut).toHaveBeenCalledTimes(2);
    expect(again).toEqual(prefetched);
    client.dispose();
  });

  it('lays out a different view than the prefetched one', async () => {
    const { client, laidOut } = await openedWithLayoutSpy();
    client.prefetchLayout(firstView);
    const other = await client.layout({ ...firstView, viewportWidth: 640, width: 640 });
    expect(other.scale.width).toBe(640);
    // The prefetch was dropped, not kept for later.
    const first = await client.layout(firstView);
    expect(first.scale.width).toBe(800);
    expect(laidOut).toHaveBeenCalledTimes(3);
    client.dispose();
  });

  it('keeps several prefetched views (the zoom steps either side) and answers whichever is asked', async () => {
    const { client, laidOut } = await openedWithLayoutSpy();
    const zoomIn = { ...firstView, zoom: 1.2, scrollLeft: 80 };
    const zoomOut = { ...firstView, zoom: 0.8 };
    client.prefetchLayout(zoomIn);
    client.prefetchLayout(zoomOut);
    // The same view twice is laid out once.
    client.prefetchLayout(zoomIn);
    expect(laidOut).toHaveBeenCalledTimes(2);
    const out = await client.layout(zoomOut);
    expect(laidOut).toHaveBeenCalledTimes(2);
    expect(out.scale.zoom).toBe(0.8);
    // The other guess went with that request: asked now, it is laid out anew.
    const inAgain = await client.layout(zoomIn);
    expect(laidOut).toHaveBeenCalledTimes(3);
    expect(inAgain.scale.zoom).toBe(1.2);
    expect(inAgain.scale.scrollLeft).toBe(80);
    client.dispose();
  });
});
