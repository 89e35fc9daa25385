import type { ViewLayout } from '../viewer-layout/view-layout';
import type { PaintedView } from './paint-view';

/** A view as the file worker hands it to the stage painter: its drawing, under the layout's key. */
export interface StagedView extends PaintedView {
  key: number;
  /** Laid out ahead of the page's asking (painted ahead too, where the painter can). */
  ahead?: boolean;
}

/**
 * The drawing part of a layout, copied for the stage painter: shapes and labels (the page gets
 * the layout itself, with its hit areas, for the pointer and the list of labels).
 */
export function stagedView(key: number, layout: ViewLayout): StagedView {
  return {
    key,
    rows: layout.rows,
    timelines: layout.timelines.map(
      ({ index, rects, rectColors, glyphs, glyphKinds, glyphColors, labels }) => ({
        index,
        rects,
        rectColors,
        glyphs,
        glyphKinds,
        glyphColors,
        labels,
      }),
    ),
  };
}
