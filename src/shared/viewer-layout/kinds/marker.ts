import type { MarkerComponentJson } from '../../api-types';
import { parseColor } from '../label-fit';
import {
  DEFAULT_MARKER_COLOR,
  MARKER_HALF_WIDTH,
  MARKER_HEIGHT,
  MAX_MARKER_HEIGHT,
  SMALL_LABEL_FONT_SIZE,
  TIMELINE_BAR_HEIGHT,
} from '../layout-constants';
import { markerLabels } from '../marker-labels';
import { GLYPH_MARKER } from '../timeline-drawing';
import { aggregatePoints } from '../visible-range';
import { centredTop, pointKind, pointsOnScreen, sortedPoints } from './kind-layout';

/** Where a marker (a triangle with a stem under it, one glyph) starts below the row's top. */
const MARKER_GLYPH_Y = 2;
/** How far left of the view markers are looked at: a label there may reach into the view. */
const LABEL_REACH = 200;

/** Markers: a triangle each in the marker's colour, its label to the right where it fits. */
export const markerLayout = pointKind(MARKER_HEIGHT, MAX_MARKER_HEIGHT, {
  prepare(timeline, prepared) {
    const markers = timeline.components as MarkerComponentJson[];
    prepared.points = sortedPoints(markers);
    prepared.colors = Uint32Array.from(
      markers,
      (marker) => parseColor(marker.color) ?? DEFAULT_MARKER_COLOR,
    );
    prepared.labels = markers.map((marker) => marker.label ?? '');
  },

  draw(prepared, { height, pps, offset, viewport }, out) {
    const points = prepared.points;
    if (!points) return;
    const { from, xs } = pointsOnScreen(points, -LABEL_REACH, viewport, pps, offset);
    out.visibleCount = xs.length;
    const kept = aggregatePoints(xs);
    const top = centredTop(height, TIMELINE_BAR_HEIGHT);
    const placed = markerLabels(
      Array.from(kept, (k) => xs[k] ?? 0),
      Array.from(kept, (k) => prepared.labels?.[points.indices[k + from] ?? 0] ?? ''),
      viewport,
    );
    kept.forEach((k, n) => {
      const x = xs[k] ?? 0;
      const index = points.indices[k + from] ?? 0;
      out.glyph(x, top + MARKER_GLYPH_Y, GLYPH_MARKER, prepared.colors?.[index] ?? 0);
      out.hit(x - MARKER_HALF_WIDTH, 0, x + MARKER_HALF_WIDTH, height, index);
      const label = placed[n];
      if (label) {
        out.labels.push({
          x: label.x,
          y: top + 14,
          text: label.text,
          size: SMALL_LABEL_FONT_SIZE,
          component: index,
        });
      }
    });
  },
});
