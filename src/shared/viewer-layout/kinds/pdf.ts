import { MAX_PDF_HEIGHT, PDF_HEIGHT, PDF_ICON_COLOR, PDF_ICON_WIDTH } from '../layout-constants';
import { occludedMarkers } from '../pdf-markers';
import { GLYPH_PDF, GLYPH_PDF_OCCLUDED } from '../timeline-drawing';
import { centredTop, pointKind, pointsOnScreen, sortedPoints } from './kind-layout';

/** PDF page markers: a page icon each, faint where the next one covers it. */
export const pdfLayout = pointKind(PDF_HEIGHT, MAX_PDF_HEIGHT, {
  prepare(timeline, prepared) {
    prepared.points = sortedPoints(timeline.components as { time: number }[]);
  },

  draw(prepared, { height, pps, offset, viewport }, out) {
    const points = prepared.points;
    if (!points) return;
    // Start a screen early: whether a visible icon is occluded depends on the ones before it.
    const { from, xs } = pointsOnScreen(points, -viewport, viewport, pps, offset);
    const occluded = occludedMarkers(xs, PDF_ICON_WIDTH);
    const top = centredTop(height, PDF_HEIGHT) + 5;
    xs.forEach((markerX, k) => {
      if (markerX < -PDF_ICON_WIDTH || markerX > viewport) return;
      out.visibleCount++;
      const index = points.indices[k + from] ?? 0;
      const hidden = occluded[k] === 1;
      // An icon that would cross the data area's right edge ends at it instead of being cut.
      const x = Math.min(markerX, viewport - PDF_ICON_WIDTH);
      out.glyph(x, top, hidden ? GLYPH_PDF_OCCLUDED : GLYPH_PDF, PDF_ICON_COLOR);
      if (!hidden) out.hit(x, 0, x + PDF_ICON_WIDTH, height, index);
    });
  },
});
