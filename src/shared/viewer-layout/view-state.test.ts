import { describe, expect, it } from 'vitest';
import { endMargin, timeAxisWidth } from './layout-constants';
import { timeToX } from './time-scale';
import {
  fitted,
  following,
  followingClosely,
  initialView,
  nextPage,
  requestOf,
  resizedTo,
  scaleOf,
  scrolledTo,
  scrollWidth,
  showing,
  shownSeconds,
  zoomedAt,
  zoomStepped,
} from './view-state';
import { xToTime } from './time-scale';

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

  it('zooms by any factor around the pointer: the time under it stays under it', () => {
    const deep = { ...view, zoom: 4, scrollLeft: 900 };
    const before = xToTime(scaleOf(deep), 300);
    const pinched = zoomedAt(deep, 1.07, 300)!;
    expect(pinched.zoom).toBeCloseTo(4.28);
    expect(xToTime(scaleOf(pinched), 300)).toBeCloseTo(before, 6);
    const out = zoomedAt(deep, 1 / 1.3, 300)!;
    expect(xToTime(scaleOf(out), 300)).toBeCloseTo(before, 6);
    // At the widest view there is nothing further out.
    expect(zoomedAt(view, 0.5, 300)).toBeNull();
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

  it('lands a step back exactly on the view before, not on one off by rounding', () => {
    let back = view;
    let returned = 0;
    // Twenty steps in, short of the zoom limit (where a step in is cut short).
    for (let step = 0; step < 20; step++) {
      const deeper = zoomStepped(back, 1, 37.3)!;
      const out = zoomStepped(deeper, -1, 37.3, back)!;
      expect(out).toBe(back);
      // Without the view before, rounding leaves some steps back a hair off it.
      const plain = zoomStepped(deeper, -1, 37.3)!;
      if (plain.zoom === back.zoom && plain.scrollLeft === back.scrollLeft) returned++;
      back = deeper;
    }
    expect(returned).toBeLessThan(20);
    // A step elsewhere is not taken for it: further in, or out around another time.
    const before = { ...view, zoom: 10, scrollLeft: 3000 };
    const deeper = zoomStepped(before, 1, 37.3)!;
    expect(zoomStepped(deeper, 1, 37.3, before)).not.toBe(before);
    expect(zoomStepped(deeper, -1, 38, before)).not.toBe(before);
    expect(zoomStepped(deeper, -1, 37.3, before)).toBe(before);
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

  it('turns to the page laid out ahead (nextPage) whenever playback runs off the right edge', () => {
    const zoomed = { ...view, zoom: 6, scrollLeft: 500 };
    const ahead = requestOf(nextPage(zoomed));
    const edge = xToTime(scaleOf(zoomed), zoomed.viewportWidth);
    // Frames land at different times just past the edge; each asks for the same view.
    for (const late of [0.001, 0.05, 0.4]) {
      expect(requestOf(following(zoomed, edge + late))).toEqual(ahead);
    }
    // At the end of the content there is no further page.
    const last = scrolledTo(zoomed, 1e9);
    expect(nextPage(last).scrollLeft).toBe(last.scrollLeft);
  });

  it('followed closely, keeps the time a third of the way across, within the content', () => {
    const zoomed = { ...view, zoom: 4, scrollLeft: 0 };
    for (const time of [30, 60, 61.5]) {
      const x = timeToX(scaleOf(followingClosely(zoomed, time)), time);
      expect(Math.abs(x - 1000 / 3)).toBeLessThanOrEqual(0.5);
    }
    // Near the start and the end the content's edges hold the scroll.
    expect(followingClosely(zoomed, 1).scrollLeft).toBe(0);
    expect(followingClosely(zoomed, 1e6).scrollLeft).toBe(scrolledTo(zoomed, 1e9).scrollLeft);
  });

  it('keeps the scroll valid when the viewport grows', () => {
    const zoomed = scrolledTo({ ...view, zoom: 2 }, 1e9);
    const wider = resizedTo(zoomed, 1500);
    expect(wider.scrollLeft).toBeLessThanOrEqual(scrollWidth(wider) - 1500);
  });

  it('shows a stretch of seconds around a time, whatever the viewport width', () => {
    for (const width of [360, 1000, 1920]) {
      const shown = showing(initialView(0, 100, width), 12, 40);
      expect(shownSeconds(shown)).toBeCloseTo(12, 6);
      const scale = scaleOf(shown);
      // 40 s sits in the middle of the time axis.
      expect(timeToX(scale, 40)).toBeCloseTo(scale.width / 2, 3);
    }
    // More than the whole file is the whole file.
    expect(shownSeconds(showing(view, 1000, 50))).toBeCloseTo(100, 6);
  });
});
