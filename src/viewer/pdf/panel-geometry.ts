import {
  DIVIDER_MIN_LEFT,
  DIVIDER_WIDTH,
  PAGE_ZOOM_MAX,
  PAGE_ZOOM_MIN,
  PAGE_ZOOM_STEP,
  PANEL_DEFAULT_SHARE,
  PANEL_MIN_WIDTH,
} from './pdf-constants';

/**
 * The panel width the divider allows in a viewer `layoutWidth` px wide: at least PANEL_MIN_WIDTH,
 * and small enough that the divider stays DIVIDER_MIN_LEFT px or more from the left. When the
 * viewer is too narrow for both, the panel's minimum wins (the page scrolls sideways).
 */
export function clampPanelWidth(width: number, layoutWidth: number): number {
  const widest = layoutWidth - DIVIDER_MIN_LEFT - DIVIDER_WIDTH;
  const wanted = Number.isFinite(width) ? width : PANEL_MIN_WIDTH;
  return Math.round(Math.max(PANEL_MIN_WIDTH, Math.min(wanted, widest)));
}

/** The panel width when the divider's left edge is dragged to `dividerLeft` px in the viewer. */
export function panelWidthForDivider(dividerLeft: number, layoutWidth: number): number {
  return clampPanelWidth(layoutWidth - dividerLeft - DIVIDER_WIDTH, layoutWidth);
}

/** Where the divider's left edge sits for a panel `panelWidth` px wide. */
export function dividerLeftFor(panelWidth: number, layoutWidth: number): number {
  return layoutWidth - panelWidth - DIVIDER_WIDTH;
}

export function defaultPanelWidth(layoutWidth: number): number {
  return clampPanelWidth(layoutWidth * PANEL_DEFAULT_SHARE, layoutWidth);
}

/**
 * The CSS width of a page at `zoom` in a box of `boxWidth` x `boxHeight`: zoom 1 fits the whole
 * page (of width / height `ratio`) into the box.
 */
export function pageCssWidth(
  boxWidth: number,
  boxHeight: number,
  ratio: number,
  zoom: number,
): number {
  const fit = Math.min(Math.max(boxWidth, 1), Math.max(boxHeight, 1) * ratio);
  return Math.max(1, Math.floor(fit * zoom));
}

/** One zoom step in or out, kept to 0.2 steps between PAGE_ZOOM_MIN and PAGE_ZOOM_MAX. */
export function steppedPageZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * PAGE_ZOOM_STEP) * 10) / 10;
  return Math.min(PAGE_ZOOM_MAX, Math.max(PAGE_ZOOM_MIN, next));
}

/**
 * The scale to render a page at for `cssWidth` CSS px on a screen of `pixelRatio`, reduced when
 * the canvas would exceed `maxPixels`. `pageWidth` and `pageHeight` are the page's size at scale 1.
 */
export function renderScale(
  cssWidth: number,
  pageWidth: number,
  pageHeight: number,
  pixelRatio: number,
  maxPixels: number,
): number {
  const scale = (cssWidth / pageWidth) * Math.max(1, pixelRatio);
  const pixels = pageWidth * scale * pageHeight * scale;
  return pixels > maxPixels ? scale * Math.sqrt(maxPixels / pixels) : scale;
}
