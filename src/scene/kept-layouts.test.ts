import { describe, expect, it } from 'vitest';
import type { ViewLayout } from '../shared/viewer-layout/view-layout';
import { KeptLayouts } from './kept-layouts';

function layoutOfHeight(totalHeight: number): ViewLayout {
  return {
    scale: { start: 0, end: 1, zoom: 1, width: 100, scrollLeft: 0 },
    timelines: [],
    rows: [],
    totalHeight,
  };
}

describe('KeptLayouts', () => {
  it('gives each layout a new id and finds it by that id', () => {
    const kept = new KeptLayouts(3);
    const first = kept.keep(layoutOfHeight(10));
    const second = kept.keep(layoutOfHeight(20));
    expect(second).not.toBe(first);
    expect(kept.get(first)?.totalHeight).toBe(10);
    expect(kept.get(second)?.totalHeight).toBe(20);
  });

  it('lets the oldest go beyond its capacity', () => {
    const kept = new KeptLayouts(2);
    const ids = [10, 20, 30].map((height) => kept.keep(layoutOfHeight(height)));
    expect(kept.get(ids[0]!)).toBeUndefined();
    expect(kept.get(ids[1]!)?.totalHeight).toBe(20);
    expect(kept.get(ids[2]!)?.totalHeight).toBe(30);
  });

  it('knows no id it never gave', () => {
    expect(new KeptLayouts(2).get(1)).toBeUndefined();
  });

  it('gives the layout kept last', () => {
    const kept = new KeptLayouts(2);
    expect(kept.latest()).toBeUndefined();
    kept.keep(layoutOfHeight(10));
    kept.keep(layoutOfHeight(20));
    expect(kept.latest()?.totalHeight).toBe(20);
  });
});
