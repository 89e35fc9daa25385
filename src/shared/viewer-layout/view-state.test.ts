import { describe, expect, it } from 'vitest';
import { endMargin, timeAxisWidth } from './layout-constants';
import { timeToX } from './time-scale';
import {
  fitted,
  following,
  initialView,
  requestOf,
  resizedTo,
  scaleOf,
  scrolledTo,
  scrollWidth,
  zoomStepped,
} from './view-state';

const view = initialView(0, 100, 1000);

describe('the view state', () => {
  it('fits the media and its end margin in the viewport at first', () => {
    expect(requestOf(view)).toEqual({
      zoom: 1,
      scrollLeft: 0,
      viewportWidth: 1000,
      width: timeAxisWidth(1000),
    });
    expect(scrollWidth(view)).toBeLessThanOrEqual(1000);
  });

  it('zooms around the playhead while it is on screen, else around the centre', () => {
    const step = zoomStepped(view, 1, 25)!;
    expect(step.zoom).toBeCloseTo(1.2);
    expect(timeToX(scaleOf(step), 25)).toBeCloseTo(timeToX(scaleOf(view), 25), 6);
    const deep = { ...view, zoom: 10, scrollLeft: 5000 };
    const centred = zoomStepped(deep, 1, 0)!;
    const centreTime = (x: number, v: typeof deep) =>
      v.start + ((x + v.scrollLeft) / (timeAxisWidth(1000) * v.zoom)) * (v.end - v.start);
    expect(centreTime(500, centred)).toBeCloseTo(centreTime(500, deep), 6);
  });

  it('stops at the zoom limits', () => {
    expect(zoomStepped(view, -1, 0)).toBeNull();
    let zoomed = view;
    for (let step = 0; step < 200; step++) zoomed = zoomStepped(zoomed, 1, 0) ?? zoomed;
    expect(zoomStepped(zoomed, 1, 0)).toBeNull();
  });

  it('keeps the scroll within the content, the end margin included', () => {
    const zoomed = { ...view, zoom: 2 };
    const width = timeAxisWidth(1000);
    expect(scrolledTo(zoomed, 1e9).scrollLeft).toBe(width * 2 + endMargin(width) - 1000);
    expect(scrolledTo(zoomed, -5).scrollLeft).toBe(0);
    expect(fitted(scrolledTo(zoomed, 300))).toMatchObject({ zoom: 1, scrollLeft: 0 });
  });

  it('turns a page when the time leaves the view, and stays while it is on it', () => {
    const zoomed = { ...view, zoom: 4, scrollLeft: 0 };
    expect(following(zoomed, 10).scrollLeft).toBe(0);
    const turned = following(zoomed, 60);
    expect(turned.scrollLeft).toBeGreaterThan(0);
    const x = timeToX(scaleOf(turned), 60);
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x).toBeLessThanOrEqual(1000);
  });

  it('keeps the scroll valid when the viewport grows', () => {
    const zoomed = scrolledTo({ ...view, zoom: 2 }, 1e9);
    const wider = resizedTo(zoomed, 1500);
    expect(wider.scrollLeft).toBeLessThanOrEqual(scrollWidth(wider) - 1500);
  });
});
