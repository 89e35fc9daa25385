import { describe, expect, it } from 'vitest';
import { endMargin, timeAxisWidth } from './layout-constants';
import {
  clampScroll,
  contentWidth,
  clampZoom,
  maxZoom,
  nextPageScroll,
  pixelsPerSecond,
  scrollToShow,
  steppedZoom,
  timeToX,
  timesToX,
  xToTime,
  zoomAround,
  type TimeScale,
} from './time-scale';

const scale: TimeScale = { start: 10, end: 110, width: 1000, zoom: 1, scrollLeft: 0 };

describe('x positions at a zoom', () => {
  it('maps media start to 0 and media end to the width at zoom 1', () => {
    expect(timeToX(scale, 10)).toBe(0);
    expect(timeToX(scale, 110)).toBe(1000);
    expect(timeToX(scale, 60)).toBe(500);
  });

  it('scales with zoom and shifts with scroll', () => {
    const zoomed = { ...scale, zoom: 2.5, scrollLeft: 300 };
    expect(pixelsPerSecond(zoomed)).toBe(25);
    expect(timeToX(zoomed, 30)).toBe(20 * 25 - 300);
    expect(xToTime(zoomed, timeToX(zoomed, 47.25))).toBeCloseTo(47.25, 9);
  });

  it('converts a typed array of times in one pass', () => {
    const xs = timesToX({ ...scale, zoom: 2 }, Float64Array.of(10, 20, 110));
    expect(Array.from(xs)).toEqual([0, 200, 2000]);
  });
});

describe('zoom', () => {
  it('steps by 0.2 of the current zoom, in and out symmetrically', () => {
    expect(steppedZoom(1, 1)).toBeCloseTo(1.2);
    expect(steppedZoom(steppedZoom(3, 1), -1)).toBeCloseTo(3);
  });

  it('stays between 1 and the zoom that shows 2000 px per second', () => {
    expect(clampZoom(scale, 0.5)).toBe(1);
    expect(maxZoom(scale)).toBe(200);
    expect(clampZoom(scale, 1e6)).toBe(200);
  });

  it('keeps the time under the anchor where it was', () => {
    const left = zoomAround(scale, 2, 250, 1000);
    const after = { ...scale, zoom: 2, scrollLeft: left };
    expect(xToTime(after, 250)).toBeCloseTo(xToTime(scale, 250), 9);
  });

  it('clamps scroll to the content, the end margin after the media included', () => {
    expect(clampScroll({ width: 1000, zoom: 2 }, 1000, -5)).toBe(0);
    expect(clampScroll({ width: 1000, zoom: 2 }, 1000, 5000)).toBe(1000 + endMargin(1000));
  });

  it('fits the media and its end margin in the viewport at zoom 1', () => {
    for (const viewport of [360, 1000, 1418, 1920]) {
      const width = timeAxisWidth(viewport);
      expect(contentWidth({ width, zoom: 1 })).toBeLessThanOrEqual(viewport);
      expect(contentWidth({ width: width + 1, zoom: 1 })).toBeGreaterThan(viewport);
    }
    expect(endMargin(1392)).toBe(48);
    expect(endMargin(342)).toBe(17);
  });
});

describe('scrollToShow', () => {
  it('leaves the scroll alone while the time is in view and turns a page when it leaves', () => {
    const zoomed = { ...scale, zoom: 4, scrollLeft: 0 };
    expect(scrollToShow(zoomed, 30, 1000)).toBe(0);
    const turned = scrollToShow(zoomed, 40, 1000);
    expect(turned).toBeGreaterThan(0);
    expect(timeToX({ ...zoomed, scrollLeft: turned }, 40)).toBeCloseTo(100);
  });

  it('turns to the same next page for any time just past the right edge', () => {
    const zoomed = { ...scale, zoom: 4, scrollLeft: 300 };
    const edge = xToTime(zoomed, 1000);
    const pages = [0.01, 0.2, 1].map((late) => scrollToShow(zoomed, edge + late, 1000));
    expect(pages).toEqual([1200, 1200, 1200]);
    expect(nextPageScroll(zoomed, 1000)).toBe(1200);
    // The old right edge stands a tenth of the way across the new page.
    expect(timeToX({ ...zoomed, scrollLeft: 1200 }, edge)).toBeCloseTo(100);
  });
});
