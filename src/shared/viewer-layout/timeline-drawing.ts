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

/** Rectangles closer than this (px) count as touching and are drawn as one run. */
const RUN_GAP = 0.01;

/** Collects one timeline's drawing for a view; `build` packs it into typed arrays. */
export class DrawingBuilder {
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
