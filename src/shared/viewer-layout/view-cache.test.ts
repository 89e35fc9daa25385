import { describe, expect, it } from 'vitest';
import { ViewCache } from './view-cache';
import type { ViewLayout, ViewRequest } from './view-layout';

const view = (zoom: number): ViewRequest => ({
  zoom,
  scrollLeft: 0,
  viewportWidth: 800,
  width: 800,
});

function layout(zoom: number): ViewLayout {
  return {
    scale: { start: 0, end: 10, width: 800, zoom, scrollLeft: 0 },
    rows: [{ y: 0, height: 40 }],
    totalHeight: 45.5,
    timelines: [
      {
        index: 0,
        rects: new Float32Array([zoom, 0, 1, 1]),
        rectColors: new Uint32Array([1]),
        glyphs: new Float32Array(),
        glyphKinds: new Uint8Array(),
        glyphColors: new Uint32Array(),
        labels: [],
        hits: new Float32Array(),
        hitIndices: new Int32Array(),
        visibleCount: 1,
      },
    ],
  };
}

describe('ViewCache', () => {
  it('hands out copies of a kept view, whose arrays survive the first being transferred', () => {
    const cache = new ViewCache(4);
    const laidOut = layout(2);
    cache.keep(view(2), laidOut);
    structuredClone(laidOut.timelines[0]!.rects, {
      transfer: [laidOut.timelines[0]!.rects.buffer],
    });
    const first = cache.take(view(2))!;
    expect(Array.from(first.timelines[0]!.rects)).toEqual([2, 0, 1, 1]);
    const second = cache.take(view(2))!;
    expect(second.timelines[0]!.rects).not.toBe(first.timelines[0]!.rects);
    expect(cache.take(view(3))).toBeNull();
    expect(cache.take({ ...view(2), heights: [50] })).toBeNull();
  });

  it('lets the least recently used view go when full', () => {
    const cache = new ViewCache(2);
    cache.keep(view(1), layout(1));
    cache.keep(view(2), layout(2));
    cache.take(view(1));
    cache.keep(view(3), layout(3));
    expect([1, 2, 3].map((zoom) => cache.has(view(zoom)))).toEqual([true, false, true]);
    cache.clear();
    expect(cache.has(view(1))).toBe(false);
  });
});
