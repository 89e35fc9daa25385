import { KIND_LAYOUTS } from './kinds/registry';
import { stackTimelines, type StackedRow } from './row-stack';
import { DRAWING_ARRAYS, DrawingBuilder, type TimelineDrawing } from './timeline-drawing';
import { pixelsPerSecond, type TimeScale } from './time-scale';
import type { PreparedFile } from './viewer-document';
import type { ViewRequest } from './view-request';

export {
  GLYPH_MARKER,
  GLYPH_PDF,
  GLYPH_PDF_OCCLUDED,
  type DrawnLabel,
  type GlyphKind,
  type TimelineDrawing,
} from './timeline-drawing';
// What a view is asked by, which the page's first screen needs without the layouts.
export { sameView, type ViewRequest } from './view-request';

export interface ViewLayout {
  scale: TimeScale;
  timelines: TimelineDrawing[];
  /** Where each timeline is drawn (stack order) and the stack's height, spacing included. */
  rows: StackedRow[];
  totalHeight: number;
  /** The stage painter's key for this view, where the file worker sent it one. */
  stageKey?: number;
}

/** A builder per timeline, used again for every view: their room grows once, not per view. */
const builders: DrawingBuilder[] = [];

/** The whole viewport's drawing: every timeline, culled to the viewport and aggregated per pixel. */
export function layoutView(file: PreparedFile, request: ViewRequest): ViewLayout {
  const scale: TimeScale = {
    start: file.header.start,
    end: file.header.end,
    width: request.width,
    zoom: request.zoom,
    scrollLeft: request.scrollLeft,
  };
  const pps = pixelsPerSecond(scale);
  // Times are absolute; x = time * pps - offset puts mediaStart at content x 0.
  const offset = scale.start * pps + scale.scrollLeft;
  const heights = file.timelines.map((t, i) => request.heights?.[i] ?? t.height);
  const stack = stackTimelines(heights);
  return {
    scale,
    timelines: file.timelines.map((timeline, i) => {
      const out = (builders[i] ??= new DrawingBuilder()).reset();
      const view = {
        height: heights[i] ?? timeline.height,
        pps,
        offset,
        viewport: request.viewportWidth,
        end: file.header.end,
      };
      KIND_LAYOUTS[timeline.kind].draw(timeline, view, out);
      return out.build(timeline.index);
    }),
    rows: stack.rows,
    totalHeight: stack.total,
  };
}

/** The buffers of a layout, to transfer rather than copy across a worker boundary. */
export function layoutTransferables(layout: ViewLayout): ArrayBuffer[] {
  return layout.timelines.flatMap((t) => DRAWING_ARRAYS.map((key) => t[key].buffer as ArrayBuffer));
}
