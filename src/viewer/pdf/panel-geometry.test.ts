import { describe, expect, it } from 'vitest';
import {
  clampPanelWidth,
  defaultPanelWidth,
  dividerLeftFor,
  pageCssWidth,
  panelWidthForDivider,
  renderScale,
  steppedPageZoom,
} from './panel-geometry';
import { DIVIDER_MIN_LEFT, DIVIDER_WIDTH, PANEL_MIN_WIDTH } from './pdf-constants';

describe('the divider', () => {
  const layout = 1420;

  it('follows the pointer between the limits', () => {
    expect(panelWidthForDivider(900, layout)).toBe(layout - 900 - DIVIDER_WIDTH);
    expect(dividerLeftFor(panelWidthForDivider(900, layout), layout)).toBe(900);
  });

  it('never goes under 300 px from the left', () => {
    const width = panelWidthForDivider(120, layout);
    expect(dividerLeftFor(width, layout)).toBe(DIVIDER_MIN_LEFT);
    expect(panelWidthForDivider(-50, layout)).toBe(width);
  });

  it('never leaves the panel narrower than 180 px', () => {
    expect(panelWidthForDivider(layout - 20, layout)).toBe(PANEL_MIN_WIDTH);
    expect(clampPanelWidth(0, layout)).toBe(PANEL_MIN_WIDTH);
    expect(clampPanelWidth(Number.NaN, layout)).toBe(PANEL_MIN_WIDTH);
  });

  it('keeps the minimum panel width when the viewer is too narrow for both limits', () => {
    expect(clampPanelWidth(400, 350)).toBe(PANEL_MIN_WIDTH);
  });

  it('starts at 35 % of the viewer, within the limits', () => {
    expect(defaultPanelWidth(layout)).toBe(Math.round(layout * 0.35));
    expect(defaultPanelWidth(400)).toBe(PANEL_MIN_WIDTH);
  });
});

describe('page size and zoom', () => {
  it('fits a whole A4 page into the panel at zoom 1', () => {
    const a4 = 210 / 297;
    // A tall, narrow panel: the width decides.
    expect(pageCssWidth(400, 900, a4, 1)).toBe(400);
    // A wide, short panel: the height decides.
    expect(pageCssWidth(800, 500, a4, 1)).toBe(Math.floor(500 * a4));
    expect(pageCssWidth(400, 900, a4, 1.6)).toBe(640);
    expect(pageCssWidth(0, 0, a4, 1)).toBe(1);
  });

  it('steps zoom by 0.2 within its bounds', () => {
    expect(steppedPageZoom(1, 1)).toBe(1.2);
    expect(steppedPageZoom(1.2, -1)).toBe(1);
    expect(steppedPageZoom(0.2, -1)).toBe(0.2);
    expect(steppedPageZoom(5, 1)).toBe(5);
    let zoom = 1;
    for (let i = 0; i < 7; i++) zoom = steppedPageZoom(zoom, 1);
    expect(zoom).toBe(2.4);
  });

  it('renders sharp on dense screens but caps the canvas size', () => {
    expect(renderScale(595, 595, 842, 2, 16e6)).toBe(2);
    const capped = renderScale(5950, 595, 842, 2, 16e6);
    expect(595 * capped * 842 * capped).toBeCloseTo(16e6, -1);
  });
});
