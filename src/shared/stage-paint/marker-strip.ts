import {
  MARKER_HALF_WIDTH,
  MARKER_STEM_HEIGHT,
  MARKER_TRIANGLE_HEIGHT,
} from '../viewer-layout/layout-constants';
import type { Canvas2D, PaintCanvas } from './paint-view';

/** How far down a marker reaches from its top: the triangle, then the stem. */
const MARKER_DEPTH = MARKER_TRIANGLE_HEIGHT + MARKER_STEM_HEIGHT;

/** The markers of one row: their points' x (whole CSS px, in order) and colours (0xRRGGBB). */
export interface MarkerRow {
  points: Int32Array;
  colors: Uint32Array;
  count: number;
  /** The triangles' top, CSS px. */
  y: number;
}

/** Where the strip goes: its top left corner and width in CSS px, at a pixel ratio. */
export interface StripPlace {
  x: number;
  width: number;
  ratio: number;
}

/** A strip's pixels and where they go on the stage. */
export interface PaintedStrip {
  canvas: PaintCanvas;
  /** Top left corner and size in CSS px. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A row of markers rasterised here, one after the other in their order as filling their paths
 * would paint them (anti-aliased across each row of device pixels and at the top and bottom
 * edges), into one picture that the stage then copies. A view at low zoom has a marker on nearly
 * every pixel, and the 2D canvas spends about 2 µs on each path or image it draws, however small,
 * which made markers most of such a view's painting; here a marker costs its few pixels.
 */
export class MarkerStrip {
  private canvas: PaintCanvas | null = null;
  private context: Canvas2D | null = null;
  private pixels = new StripPixels(0, 0);
  private stems = new StripPixels(0, 1);

  constructor(private readonly make: (width: number, height: number) => PaintCanvas | null) {}

  /** Paints the markers; null where no canvas could be made. */
  paint(row: MarkerRow, place: StripPlace): PaintedStrip | null {
    const { ratio } = place;
    const top = Math.floor(row.y * ratio);
    const width = Math.max(1, Math.ceil(place.width * ratio));
    const height = Math.ceil((row.y + MARKER_DEPTH) * ratio) - top;
    const context = this.contextFor(width, height);
    if (!context || !this.canvas) return null;
    if (this.pixels.width !== width || this.pixels.height !== height) {
      this.pixels = new StripPixels(width, height);
      this.stems = new StripPixels(width, 1);
    }
    const { pixels, stems } = this;
    pixels.clear();
    stems.clear();
    const left = place.x * ratio;
    const triangleTop = row.y * ratio - top;
    const stemTop = triangleTop + MARKER_TRIANGLE_HEIGHT * ratio;
    const stemBottom = stemTop + MARKER_STEM_HEIGHT * ratio;
    const halfWidth = MARKER_HALF_WIDTH * ratio;
    let color = -1;
    let rgb: Rgb = [0, 0, 0];
    // Last first, each under those painted: where later markers cover a pixel, it is done.
    for (let n = row.count - 1; n >= 0; n--) {
      if (row.colors[n] !== color) {
        color = row.colors[n] ?? 0;
        rgb = rgbOf(color);
      }
      const point = (row.points[n] ?? 0) * ratio - left;
      if (point + halfWidth <= 0 || point - halfWidth >= width) continue;
      pixels.triangle(point, halfWidth, triangleTop, stemTop, rgb);
      // The stems, all on the same rows, are painted on a row of their own, added to those.
      stems.span(0, point, point + ratio, 1, rgb);
    }
    pixels.addRow(stems, stemTop, stemBottom);
    const image = context.createImageData(width, height);
    pixels.writeTo(image.data);
    context.putImageData(image, 0, 0);
    return {
      canvas: this.canvas,
      x: place.x,
      y: top / ratio,
      width: width / ratio,
      height: height / ratio,
    };
  }

  private contextFor(width: number, height: number): Canvas2D | null {
    const canvas = this.canvas;
    if (!canvas || canvas.width !== width || canvas.height !== height) {
      this.canvas = this.make(width, height);
      this.context = this.canvas?.getContext('2d', { alpha: true }) ?? null;
    }
    return this.context;
  }
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/** A colour's red, green and blue, 0 to 1. */
type Rgb = [number, number, number];

function rgbOf(color: number): Rgb {
  return [((color >> 16) & 0xff) / 255, ((color >> 8) & 0xff) / 255, (color & 0xff) / 255];
}

/**
 * The strip's pixels, painted front to back: each shape goes under those painted before it. On
 * each pixel row the strip keeps the run of pixels it knows to be opaque, which a shape further
 * left need not visit: in a dense row of markers, each triangle then costs the pixel or two of
 * it still in sight, not its whole width.
 */
class StripPixels {
  /** Premultiplied red, green, blue and alpha per pixel, 0 to 1. */
  private readonly rgba: Float32Array;
  /** Per pixel row, the opaque run [opaqueFrom, opaqueTo). */
  private readonly opaqueFrom: Int32Array;
  private readonly opaqueTo: Int32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgba = new Float32Array(width * height * 4);
    this.opaqueFrom = new Int32Array(height);
    this.opaqueTo = new Int32Array(height);
  }

  clear(): void {
    this.rgba.fill(0);
    this.opaqueFrom.fill(0);
    this.opaqueTo.fill(0);
  }

  /** A triangle from (point ± halfWidth, top) to its point (point, bottom), device px. */
  triangle(point: number, halfWidth: number, top: number, bottom: number, rgb: Rgb): void {
    const last = Math.min(this.height, Math.ceil(bottom));
    for (let y = Math.max(0, Math.floor(top)); y < last; y++) {
      const from = Math.max(y, top);
      const to = Math.min(y + 1, bottom);
      if (to <= from) continue;
      // The triangle's width at the middle of the part of this pixel row it covers.
      const half = halfWidth * (1 - ((from + to) / 2 - top) / (bottom - top));
      this.span(y, point - half, point + half, to - from, rgb);
    }
  }

  /**
   * The one row of `row` added to the rows from y0 to y1 (device px, fractional), to each as
   * much of it as the row lies between them: a shape there before lies in the other part.
   */
  addRow(row: StripPixels, y0: number, y1: number): void {
    const rgba = this.rgba;
    const source = row.rgba;
    const length = this.width * 4;
    const last = Math.min(this.height, Math.ceil(y1));
    for (let y = Math.max(0, Math.floor(y0)); y < last; y++) {
      const cover = overlap(y, y + 1, y0, y1);
      const start = y * length;
      // Below y0 the row has nothing else: a whole one is a copy.
      if (cover >= 1 && y >= y0) rgba.set(source, start);
      else {
        for (let at = 0; at < length; at++) {
          rgba[start + at] = (rgba[start + at] ?? 0) + (source[at] ?? 0) * cover;
        }
      }
    }
  }

  /**
   * Paints `rgb` under pixel row `y` from x0 to x1 (device px, fractional), `cover` of each
   * pixel's height: a pixel partly inside gets the share of it that is.
   */
  span(y: number, x0: number, x1: number, cover: number, rgb: Rgb): void {
    const first = Math.max(0, Math.floor(x0));
    const end = Math.min(this.width, Math.ceil(x1));
    // Pixels wholly inside, between the two that the ends may cut.
    const inFrom = Math.max(first, Math.ceil(x0));
    const inTo = Math.min(end, Math.floor(x1));
    const opaqueFrom = this.opaqueFrom[y] ?? 0;
    const opaqueTo = this.opaqueTo[y] ?? 0;
    for (let x = first; x < end; x++) {
      if (x === opaqueFrom && opaqueTo > opaqueFrom) {
        x = opaqueTo - 1;
        continue;
      }
      const alpha = x >= inFrom && x < inTo ? cover : cover * overlap(x, x + 1, x0, x1);
      if (alpha > 0) this.under((y * this.width + x) * 4, rgb, alpha);
    }
    // The pixels wholly inside a span of a whole row are opaque now: the run grows by them, or
    // they start a run of their own.
    if (cover < 1 || inTo <= inFrom) return;
    if (inTo >= opaqueFrom && inFrom <= opaqueTo && opaqueTo > opaqueFrom) {
      this.opaqueFrom[y] = Math.min(opaqueFrom, inFrom);
      this.opaqueTo[y] = Math.max(opaqueTo, inTo);
    } else {
      this.opaqueFrom[y] = inFrom;
      this.opaqueTo[y] = inTo;
    }
  }

  /** Paints `rgb` at `alpha` under what the pixel has (premultiplied: over, reversed). */
  private under(at: number, rgb: Rgb, alpha: number): void {
    const pixels = this.rgba;
    const covered = pixels[at + 3] ?? 0;
    if (covered >= 1) return;
    const share = alpha * (1 - covered);
    pixels[at] = (pixels[at] ?? 0) + rgb[0] * share;
    pixels[at + 1] = (pixels[at + 1] ?? 0) + rgb[1] * share;
    pixels[at + 2] = (pixels[at + 2] ?? 0) + rgb[2] * share;
    pixels[at + 3] = covered + share;
  }

  /** The pixels as the straight 0-255 RGBA an ImageData holds. */
  writeTo(data: Uint8ClampedArray): void {
    const pixels = this.rgba;
    for (let at = 0; at < pixels.length; at += 4) {
      const alpha = pixels[at + 3] ?? 0;
      if (alpha <= 0) continue;
      const scale = 255 / alpha;
      data[at] = (pixels[at] ?? 0) * scale;
      data[at + 1] = (pixels[at + 1] ?? 0) * scale;
      data[at + 2] = (pixels[at + 2] ?? 0) * scale;
      data[at + 3] = alpha * 255;
    }
  }
}
