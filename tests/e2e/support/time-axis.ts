import type { Page } from '@playwright/test';

/**
 * Where the media's time runs on screen at zoom 1: from the canvas's left edge over the axis
 * width the viewer reports (the viewport less the margin after the media's end).
 */
export async function timeAxis(page: Page): Promise<{ x: number; width: number; y: number }> {
  const timelines = page.getByTestId('timelines');
  const box = await timelines.locator('canvas.viewer-canvas').boundingBox();
  const width = Number(await timelines.getAttribute('data-axis-width'));
  if (!box || !(width > 0)) throw new Error('the viewer has not drawn yet');
  return { x: box.x, y: box.y, width };
}

/** Viewport x of a time at zoom 1. */
export async function xOfTime(page: Page, time: number, span: { start: number; end: number }) {
  const axis = await timeAxis(page);
  return axis.x + ((time - span.start) / (span.end - span.start)) * axis.width;
}
