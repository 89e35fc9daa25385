import { audiowaveView } from './audiowave-bars';
import { beatView } from './beat-labels';
import { harmonyView } from './harmony-runs';
import { boundaryColor, hierarchyView } from './hierarchy-rows';
import {
  AUDIOWAVE_COLOR,
  BEAT_HEIGHT,
  BEAT_TICK_COLOR,
  BEAT_TICK_HEIGHT,
  LABEL_FONT_SIZE,
  MEASURE_TICK_HEIGHT,
  PDF_ICON_COLOR,
  PDF_HEIGHT,
  PDF_ICON_WIDTH,
  SMALL_LABEL_FONT_SIZE,
  TEXT_COLOR,
  TIMELINE_BAR_HEIGHT,
} from './layout-constants';
import { labelWidth } from './label-fit';
import { markerLabels } from './marker-labels';
import { occludedMarkers } from './pdf-markers';
import { scoreView } from './score-view';
import { sameHeights, stackTimelines, type StackedRow } from './timeline-heights';
import { pixelsPerSecond, type TimeScale } from './time-scale';
import { aggregatePoints, pointRange } from './visible-range';
import type { PreparedFile, PreparedTimeline } from './viewer-document';

export const GLYPH_MARKER = 0;
export const GLYPH_PDF = 1;
export const GLYPH_PDF_OCCLUDED = 2;
export type GlyphKind = typeof GLYPH_MARKER | typeof GLYPH_PDF | typeof GLYPH_PDF_OCCLUDED;

export interface DrawnLabel {
  x: number;
  /** The text's top; for music glyphs, the baseline (SMuFL glyphs hang on a staff position). */
  y: number;
  text: string;
  size: number;
  /** 'music': a glyph of the music font (clefs, accidentals, signatures). */
  font?: 'music';
  /** Figured-bass figures stacked to the right of the text, top to bottom. */
  figures?: string[];
  /** Text after the figures ('/V'). */
  after?: string;
}

/** What one timeline draws in the viewport; x is viewport px, y is px from the timeline's top. */
export interface TimelineDrawing {
  index: number;
  /** x, y, w, h per rectangle */
  rects: Float32Array;
  rectColors: Uint32Array;
  /** x, y per glyph (marker triangles, PDF page icons) */
  glyphs: Float32Array;
  glyphKinds: Uint8Array;
  glyphColors: Uint32Array;
  labels: DrawnLabel[];
  /** x0, y0, x1, y1 per clickable area, with the component index it selects */
  hits: Float32Array;
  hitIndices: Int32Array;
  /** How many components the view shows (after culling, before aggregation). */
  visibleCount: number;
}

export interface ViewRequest {
  zoom: number;
  scrollLeft: number;
  viewportWidth: number;
  /** Content width at zoom 1 (the fit-to-screen width). */
  width: number;
  /**
   * Each timeline's height, in stack order, as fitted to the window (fitTimelineHeights);
   * without them every timeline gets its least height.
   */
  heights?: number[];
}

/** Whether two requests ask for the same view (and so get the same layout). */
export function sameView(a: ViewRequest, b: ViewRequest): boolean {
  return (
    a.zoom === b.zoom &&
    a.scrollLeft === b.scrollLeft &&
    a.viewportWidth === b.viewportWidth &&
    a.width === b.width &&
    sameHeights(a.heights ?? [], b.heights ?? [])
  );
}

export interface ViewLayout {
  scale: TimeScale;
  timelines: TimelineDrawing[];
  /** Where each timeline is drawn (stack order) and the stack's height, spacing included. */
  rows: StackedRow[];
  totalHeight: number;
}

class DrawingBuilder {
  private rects: number[] = [];
  private rectColors: number[] = [];
  private glyphs: number[] = [];
  private glyphKinds: number[] = [];
  private glyphColors: number[] = [];
  private hits: number[] = [];
  private hitIndices: number[] = [];
  readonly labels: DrawnLabel[] = [];
  visibleCount = 0;

  /**
   * A filled rectangle. One that continues or overlaps the previous rectangle (same row, height
   * and colour, starting inside it or where it ends) widens it instead: at low zoom the
   * per-pixel columns of ticks and boxes then cost one quad per run, not one per pixel. Software
   * WebGL spends a few microseconds on every quad, however small (DESIGN.md section 6: drawing
   * cost bounded by the screen, not the data).
   */
  rect(x: number, y: number, w: number, h: number, color: number): void {
    const last = this.rectColors.length - 1;
    const at = last * 4;
    const lastX = this.rects[at] ?? 0;
    const lastW = this.rects[at + 2] ?? 0;
    if (
      last >= 0 &&
      this.rectColors[last] === color &&
      this.rects[at + 1] === y &&
      this.rects[at + 3] === h &&
      x >= lastX &&
      x <= lastX + lastW + RUN_GAP
    ) {
      this.rects[at + 2] = Math.max(lastW, x + w - lastX);
      return;
    }
    this.rects.push(x, y, w, h);
    this.rectColors.push(color);
  }
  glyph(x: number, y: number, kind: GlyphKind, color: number): void {
    this.glyphs.push(x, y);
    this.glyphKinds.push(kind);
    this.glyphColors.push(color);
  }
  hit(x0: number, y0: number, x1: number, y1: number, index: number): void {
    this.hits.push(x0, y0, x1, y1);
    this.hitIndices.push(index);
  }
  build(index: number): TimelineDrawing {
    return {
      index,
      rects: Float32Array.from(this.rects),
      rectColors: Uint32Array.from(this.rectColors),
      glyphs: Float32Array.from(this.glyphs),
      glyphKinds: Uint8Array.from(this.glyphKinds),
      glyphColors: Uint32Array.from(this.glyphColors),
      labels: this.labels,
      hits: Float32Array.from(this.hits),
      hitIndices: Int32Array.from(this.hitIndices),
      visibleCount: this.visibleCount,
    };
  }
}

const MARKER_HALF_WIDTH = 5;
/** Where a marker (a triangle with a stem under it, one glyph) starts below the timeline's top. */
const MARKER_GLYPH_Y = 2;
/** Rectangles closer than this (px) count as touching and are drawn as one run. */
const RUN_GAP = 0.01;

/**
 * One timeline's drawing in a row `height` px tall. Rows of bars (hierarchy levels, harmony's
 * two rows) share the height; a score's staves and an audiowave's bars scale with it; markers,
 * measure numbers, PDF icons and the slider keep their size, centred in the row.
 */
function drawTimeline(
  timeline: PreparedTimeline,
  height: number,
  pps: number,
  offset: number,
  viewport: number,
  contentEnd: number,
): TimelineDrawing {
  const out = new DrawingBuilder();
  const middle = (base: number) => Math.round((height - base) / 2);
  switch (timeline.kind) {
    case 'HIERARCHY': {
      const rows = timeline.hierarchy;
      if (!rows) break;
      for (const box of hierarchyView(
        rows,
        timeline.hierarchyLabels ?? [],
        pps,
        offset,
        viewport,
        height / Math.max(1, rows.levelCount),
      )) {
        // Whole pixels, and a darker first pixel column: a unit's boundary shows at any zoom,
        // also where it touches a unit of the same colour.
        const x0 = Math.floor(box.x0);
        const x1 = Math.max(x0 + 1, Math.floor(box.x1));
        out.visibleCount++;
        out.rect(x0, box.y + 1, 1, box.height - 2, boundaryColor(box.color));
        if (x1 - x0 > 1) out.rect(x0 + 1, box.y + 1, x1 - x0 - 1, box.height - 2, box.color);
        out.hit(x0, box.y, x1, box.y + box.height, box.index);
        if (box.label) {
          // Centred in the part of the unit on screen.
          const left = Math.max(x0, 0);
          const right = Math.min(x1, viewport);
          const width = labelWidth(box.label, LABEL_FONT_SIZE);
          out.labels.push({
            x: Math.max(left + 2, (left + right - width) / 2),
            y: box.y + (box.height - LABEL_FONT_SIZE) / 2 - 1,
            text: box.label,
            size: LABEL_FONT_SIZE,
          });
        }
      }
      break;
    }
    case 'BEAT': {
      const { points, measures } = timeline;
      if (!points || !measures) break;
      const view = beatView(points.times, measures, pps, offset, viewport);
      const top = middle(BEAT_HEIGHT);
      out.visibleCount = view.tickX.length;
      view.tickX.forEach((x, n) => {
        const tall = view.tickIsMeasure[n] === 1;
        const h = tall ? MEASURE_TICK_HEIGHT : BEAT_TICK_HEIGHT;
        out.rect(Math.floor(x), top + BEAT_HEIGHT - h, 1, h, BEAT_TICK_COLOR);
        out.hit(x - 3, 0, x + 3, height, points.indices[view.tickBeat[n] ?? 0] ?? 0);
      });
      // A number that would cross the data area's right edge ends at its tick instead, when
      // that keeps clear of the number before it.
      let previousEnd = -Infinity;
      for (const label of view.labels) {
        let x = label.x + 2;
        const width = labelWidth(label.text, SMALL_LABEL_FONT_SIZE);
        if (x + width > viewport) {
          x = label.x - 2 - width;
          if (x < previousEnd + 2) continue;
        }
        previousEnd = x + width;
        out.labels.push({ x, y: top + 1, text: label.text, size: SMALL_LABEL_FONT_SIZE });
      }
      break;
    }
    case 'MARKER': {
      const points = timeline.points;
      if (!points) break;
      const [from, to] = pointRange(points.times, (offset - 200) / pps, (offset + viewport) / pps);
      out.visibleCount = to - from;
      const xs = new Float32Array(to - from);
      for (let i = from; i < to; i++) xs[i - from] = (points.times[i] ?? 0) * pps - offset;
      const kept = aggregatePoints(xs);
      const top = middle(TIMELINE_BAR_HEIGHT);
      const placed = markerLabels(
        Array.from(kept, (k) => xs[k] ?? 0),
        Array.from(kept, (k) => {
          const component = timeline.components[points.indices[k + from] ?? 0];
          return (component as { label?: string } | undefined)?.label ?? '';
        }),
        viewport,
      );
      kept.forEach((k, n) => {
        const x = xs[k] ?? 0;
        const index = points.indices[k + from] ?? 0;
        out.glyph(x, top + MARKER_GLYPH_Y, GLYPH_MARKER, timeline.colors?.[index] ?? 0);
        out.hit(x - MARKER_HALF_WIDTH, 0, x + MARKER_HALF_WIDTH, height, index);
        const label = placed[n];
        if (label) {
          out.labels.push({
            x: label.x,
            y: top + 14,
            text: label.text,
            size: SMALL_LABEL_FONT_SIZE,
          });
        }
      });
      break;
    }
    case 'HARMONY': {
      const rows = timeline.harmonyRows;
      if (!rows) break;
      const rowHeight = height / 2;
      for (const mark of harmonyView(
        rows,
        timeline.harmonyLabels ?? [],
        pps,
        offset,
        viewport,
        contentEnd * pps,
      )) {
        out.visibleCount++;
        const y = mark.row * rowHeight;
        // A short tick at the row's foot marks where each chord or key begins.
        out.rect(Math.floor(mark.x), y + rowHeight - 6, 1, 5, TEXT_COLOR);
        const width = mark.label ? mark.label.width + 4 : 6;
        out.hit(mark.x - 2, y, mark.x + width, y + rowHeight, mark.index);
        if (!mark.label) continue;
        const base = {
          x: mark.x + 3,
          y: y + (rowHeight - LABEL_FONT_SIZE) / 2 - 2,
          text: mark.label.main,
          size: LABEL_FONT_SIZE,
        };
        out.labels.push(
          mark.label.figures.length > 0 || mark.label.after
            ? { ...base, figures: mark.label.figures, after: mark.label.after }
            : base,
        );
      }
      break;
    }
    case 'AUDIOWAVE': {
      const wave = timeline.wave;
      if (!wave) break;
      for (const column of audiowaveView(wave, pps, offset, viewport, height)) {
        out.visibleCount++;
        const h = Math.max(1, column.height);
        out.rect(column.x, (height - h) / 2, 2, h, AUDIOWAVE_COLOR);
        out.hit(column.x, 0, column.x + 2, height, column.index);
      }
      break;
    }
    case 'PDF': {
      const points = timeline.points;
      if (!points) break;
      // Start a screen early: whether a visible icon is occluded depends on the ones before it.
      const [from, to] = pointRange(
        points.times,
        (offset - viewport) / pps,
        (offset + viewport) / pps,
      );
      const xs = new Float32Array(to - from);
      for (let i = from; i < to; i++) xs[i - from] = (points.times[i] ?? 0) * pps - offset;
      const occluded = occludedMarkers(xs, PDF_ICON_WIDTH);
      xs.forEach((x, k) => {
        if (x < -PDF_ICON_WIDTH || x > viewport) return;
        out.visibleCount++;
        const index = points.indices[k + from] ?? 0;
        const hidden = occluded[k] === 1;
        out.glyph(
          x,
          middle(PDF_HEIGHT) + 5,
          hidden ? GLYPH_PDF_OCCLUDED : GLYPH_PDF,
          PDF_ICON_COLOR,
        );
        if (!hidden) out.hit(x, 0, x + PDF_ICON_WIDTH, height, index);
      });
      break;
    }
    case 'SLIDER':
      out.rect(0, Math.round(height / 2) - 1, viewport, 2, 0x9a9a9a);
      break;
    case 'SCORE': {
      const score = timeline.score;
      if (!score) break;
      scoreView(
        score,
        height,
        pps,
        offset,
        viewport,
        timeline.barSeconds ?? 0,
        {
          rect: (x, y, w, h, color) => out.rect(x, y, w, h, color),
          hit: (x0, y0, x1, y1, index) => out.hit(x0, y0, x1, y1, index),
          glyph: (x, y, text, size) => out.labels.push({ x, y, text, size, font: 'music' }),
          count: (visible) => (out.visibleCount = visible),
        },
        contentEnd * pps - offset,
      );
      break;
    }
    default: {
      const unreachable: never = timeline.kind;
      throw new Error(`unknown timeline kind ${String(unreachable)}`);
    }
  }
  return out.build(timeline.index);
}

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
    timelines: file.timelines.map((t, i) =>
      drawTimeline(t, heights[i] ?? t.height, pps, offset, request.viewportWidth, file.header.end),
    ),
    rows: stack.rows,
    totalHeight: stack.total,
  };
}

/** The buffers of a layout, to transfer rather than copy across a worker boundary. */
export function layoutTransferables(layout: ViewLayout): ArrayBuffer[] {
  return layout.timelines.flatMap((t) =>
    [t.rects, t.glyphs, t.glyphKinds, t.glyphColors, t.rectColors, t.hits, t.hitIndices].map(
      (array) => array.buffer as ArrayBuffer,
    ),
  );
}
