import { describe, expect, it, vi } from 'vitest';
import { viewerFixture } from '../shared/viewer-layout/viewer-fixture.test-support';
import { createLayoutClient } from './layout-client';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer;
const firstView = { zoom: 1, scrollLeft: 0, viewportWidth: 800, width: 800 };

describe('layout client prefetch', () => {
  it('answers the first request for the prefetched view with the prefetched layout, once', async () => {
    const client = createLayoutClient({ inProcess: true });
    const opened = await client.open(bytes(viewerFixture()));
    expect(opened.ok).toBe(true);
    const laidOut = vi.spyOn(client.api, 'layout');
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
    const client = createLayoutClient({ inProcess: true });
    await client.open(bytes(viewerFixture()));
    const laidOut = vi.spyOn(client.api, 'layout');
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
    const client = createLayoutClient({ inProcess: true });
    await client.open(bytes(viewerFixture()));
    const laidOut = vi.spyOn(client.api, 'layout');
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
