import { PDF_ICON_WIDTH } from './layout-constants';

/**
 * PDF marker occlusion: a marker whose icon would overlap the previous drawn icon (closer than an
 * icon's width) is occluded. Comparing with the last drawn one, not merely the previous marker,
 * keeps a dense run from alternating between drawn and occluded. `xs` are sorted x positions;
 * returns 1 for each occluded marker.
 */
export function occludedMarkers(xs: ArrayLike<number>, iconWidth = PDF_ICON_WIDTH): Uint8Array {
  const occluded = new Uint8Array(xs.length);
  let lastDrawn = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] ?? 0;
    if (x - lastDrawn < iconWidth) occluded[i] = 1;
    else lastDrawn = x;
  }
  return occluded;
}
