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
  /** Painted under the timeline's shapes, muted, so that they stay in sight (a score's signatures). */
  behind?: boolean;
  /** Figured-bass figures stacked to the right of the text, top to bottom. */
  figures?: string[];
  /** Text after the figures ('/V'). */
  after?: string;
  /** The component the label names: a click on the painted label selects it. */
  component?: number;
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

/** A drawing's typed arrays: what crosses a worker boundary by transfer, or is copied to keep. */
export const DRAWING_ARRAYS = [
  'rects',
  'rectColors',
  'glyphs',
  'glyphKinds',
  'glyphColors',
  'hits',
  'hitIndices',
] as const satisfies readonly (keyof TimelineDrawing)[];

/** The drawing with typed arrays of its own (the labels, never changed, are shared). */
export function copyDrawing(drawing: TimelineDrawing): TimelineDrawing {
  const copy = { ...drawing };
  for (const key of DRAWING_ARRAYS) copyArray(copy, drawing, key);
  return copy;
}

function copyArray<Key extends (typeof DRAWING_ARRAYS)[number]>(
  to: TimelineDrawing,
  from: TimelineDrawing,
  key: Key,
): void {
  to[key] = from[key].slice() as TimelineDrawing[Key];
}

/** Rectangles closer than this (px) count as touching and are drawn as one run. */
const RUN_GAP = 0.01;

/**
 * Numbers appended to a typed array that doubles when full: a view appends thousands, and
 * plain arrays of them were a good part of a layout's time in allocation and garbage.
 */
class NumberColumn {
  private values: Float64Array;
  length = 0;

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
  }

  at(index: number): number {
    return this.values[index] ?? 0;
  }

  set(index: number, value: number): void {
    this.values[index] = value;
  }

  /** Room for `count` more values. */
  reserve(count: number): Float64Array {
    if (this.length + count > this.values.length) {
      const grown = new Float64Array(Math.max(this.values.length * 2, this.length + count));
      grown.set(this.values.subarray(0, this.length));
      this.values = grown;
    }
    return this.values;
  }

  push(value: number): void {
    if (this.length === this.values.length) this.reserve(1);
    this.values[this.length++] = value;
  }

  /** Four values at once: a rectangle's or a hit area's. */
  push4(a: number, b: number, c: number, d: number): void {
    const values = this.reserve(4);
    const n = this.length;
    values[n] = a;
    values[n + 1] = b;
    values[n + 2] = c;
    values[n + 3] = d;
    this.length = n + 4;
  }

  filled(): Float64Array {
    return this.values.subarray(0, this.length);
  }
}

/**
 * Collects one timeline's drawing for a view; `build` packs it into typed arrays of their own.
 * A builder can be reset and used again: its columns keep their room from view to view.
 */
export class DrawingBuilder {
  private readonly rects = new NumberColumn(256);
  private readonly rectColors = new NumberColumn(64);
  private readonly glyphs = new NumberColumn(64);
  private readonly glyphKinds = new NumberColumn(32);
  private readonly glyphColors = new NumberColumn(32);
  private readonly hits = new NumberColumn(256);
  private readonly hitIndices = new NumberColumn(64);
  labels: DrawnLabel[] = [];
  visibleCount = 0;

  /** Empties the builder for another drawing (the last one built keeps its labels). */
  reset(): this {
    for (const column of [
      this.rects,
      this.rectColors,
      this.glyphs,
      this.glyphKinds,
      this.glyphColors,
      this.hits,
      this.hitIndices,
    ]) {
      column.length = 0;
    }
    this.labels = [];
    this.visibleCount = 0;
    return this;
  }

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
    const rects = this.rects;
    if (
      last >= 0 &&
      this.rectColors.at(last) === color &&
      rects.at(at + 1) === y &&
      rects.at(at + 3) === h
    ) {
      const lastX = rects.at(at);
      const lastW = rects.at(at + 2);
      if (x >= lastX && x <= lastX + lastW + RUN_GAP) {
        rects.set(at + 2, Math.max(lastW, x + w - lastX));
        return;
      }
    }
    rects.push4(x, y, w, h);
    this.rectColors.push(color);
  }

  glyph(x: number, y: number, kind: GlyphKind, color: number): void {
    this.glyphs.push(x);
    this.glyphs.push(y);
    this.glyphKinds.push(kind);
    this.glyphColors.push(color);
  }

  hit(x0: number, y0: number, x1: number, y1: number, index: number): void {
    this.hits.push4(x0, y0, x1, y1);
    this.hitIndices.push(index);
  }

  build(index: number): TimelineDrawing {
    return {
      index,
      rects: new Float32Array(this.rects.filled()),
      rectColors: new Uint32Array(this.rectColors.filled()),
      glyphs: new Float32Array(this.glyphs.filled()),
      glyphKinds: new Uint8Array(this.glyphKinds.filled()),
      glyphColors: new Uint32Array(this.glyphColors.filled()),
      labels: this.labels,
      hits: new Float32Array(this.hits.filled()),
      hitIndices: new Int32Array(this.hitIndices.filled()),
      visibleCount: this.visibleCount,
    };
  }
}
