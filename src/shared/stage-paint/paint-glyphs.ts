import {
  MARKER_HALF_WIDTH,
  MARKER_STEM_HEIGHT,
  MARKER_TRIANGLE_HEIGHT,
  PDF_ICON_COLOR,
} from '../viewer-layout/layout-constants';
import { GLYPH_MARKER, GLYPH_PDF_OCCLUDED } from '../viewer-layout/timeline-drawing';
import { MarkerStrip, type MarkerRow } from './marker-strip';
import { colorString } from './paint-colors';
import type { Canvas2D, PaintCanvas, PaintedTimeline } from './paint-view';

/**
 * A canvas off screen whose picture can be taken as a bitmap where it is a worker's
 * OffscreenCanvas; a page's canvas is drawn as itself.
 */
export interface SpriteCanvas extends PaintCanvas {
  transferToImageBitmap?(): object;
}

/** A canvas off screen of a size in device pixels, or null where there is none. */
export type MakeSpriteCanvas = (width: number, height: number) => SpriteCanvas | null;

/**
 * Markers side by side on consecutive pixels, from the one whose point is on pixel `first` to
 * the one on pixel `last`: one triangle each, or where there are several, the band they make
 * together (their triangles' tops joined, their points on one line) and their stems as one
 * block, added to the path being built. At low zoom a view has a thousand such markers, and
 * filling each as a path of its own was most of a view's painting; between two points the band
 * fills the notch less than a pixel deep that separate triangles leave.
 */
function addMarkers(context: Canvas2D, first: number, last: number, y: number): void {
  context.moveTo(first - MARKER_HALF_WIDTH, y);
  context.lineTo(last + MARKER_HALF_WIDTH, y);
  context.lineTo(last, y + MARKER_TRIANGLE_HEIGHT);
  if (last !== first) context.lineTo(first, y + MARKER_TRIANGLE_HEIGHT);
  context.closePath();
  context.rect(first, y + MARKER_TRIANGLE_HEIGHT, last - first + 1, MARKER_STEM_HEIGHT);
}

/** A PDF page's icon: a page with its corner folded and two lines of text, 20 px tall. */
function pdfIcon(context: Canvas2D, x: number, y: number, occluded: boolean): void {
  // The style is set and put back by hand: save() and restore() copy the context's whole state,
  // the stage's clip included, and a view can have hundreds of icons.
  context.globalAlpha = occluded ? 0.25 : 1;
  context.beginPath();
  context.moveTo(x + 3, y);
  context.lineTo(x + 13, y);
  context.lineTo(x + 17, y + 4);
  context.lineTo(x + 17, y + 20);
  context.lineTo(x + 3, y + 20);
  context.closePath();
  context.fillStyle = '#ffffff';
  context.fill();
  context.strokeStyle = colorString(PDF_ICON_COLOR);
  context.lineWidth = 1.5;
  context.stroke();
  context.lineWidth = 1;
  context.beginPath();
  context.moveTo(x + 6, y + 8);
  context.lineTo(x + 14, y + 8);
  context.moveTo(x + 6, y + 12);
  context.lineTo(x + 14, y + 12);
  context.stroke();
  context.globalAlpha = 1;
}

/**
 * Where a PDF icon's picture starts and how big it is, in CSS px from the icon's own origin:
 * the page spans x 3 to 17 and y 0 to 20, and its outline reaches 0.75 px further.
 */
const PDF_SPRITE = { x: 1, y: -2, width: 19, height: 24 };

/**
 * PDF icons painted once per pixel ratio on canvases off screen, then copied where they go: an
 * icon is two strokes and a fill, and a view at low zoom has hundreds of them, which took longer
 * to rasterise than the rest of the view. A copy lands on whole device pixels, so an icon may
 * stand up to half a device pixel from where its path would have been filled.
 */
class PdfSprites {
  private ratio = 0;
  /** A bitmap each (drawing a canvas as an image has it finish its frame at every copy). */
  private readonly pictures = new Map<boolean, Sprite | null>();

  constructor(private readonly make: MakeSpriteCanvas) {}

  /** Draws the icon at (x, y) in CSS px; false where no sprite could be made. */
  draw(context: Canvas2D, x: number, y: number, occluded: boolean, ratio: number): boolean {
    const sprite = this.sprite(occluded, ratio);
    if (!sprite) return false;
    const left = Math.round((x + PDF_SPRITE.x) * ratio) / ratio;
    const top = Math.round((y + PDF_SPRITE.y) * ratio) / ratio;
    context.drawImage(sprite.bitmap, left, top, sprite.width / ratio, sprite.height / ratio);
    return true;
  }

  private sprite(occluded: boolean, ratio: number): Sprite | null {
    if (ratio !== this.ratio) {
      this.pictures.clear();
      this.ratio = ratio;
    }
    if (this.pictures.has(occluded)) return this.pictures.get(occluded) ?? null;
    const canvas = this.make(
      Math.ceil(PDF_SPRITE.width * ratio),
      Math.ceil(PDF_SPRITE.height * ratio),
    );
    const context = canvas?.getContext('2d', { alpha: true }) ?? null;
    let sprite: Sprite | null = null;
    if (canvas && context) {
      context.setTransform(ratio, 0, 0, ratio, -PDF_SPRITE.x * ratio, -PDF_SPRITE.y * ratio);
      pdfIcon(context, 0, 0, occluded);
      const { width, height } = canvas;
      sprite = { bitmap: canvas.transferToImageBitmap?.() ?? canvas, width, height };
    }
    this.pictures.set(occluded, sprite);
    return sprite;
  }
}

/** A glyph's picture, and its size in device px. */
interface Sprite {
  bitmap: object;
  width: number;
  height: number;
}

/** The pictures glyphs are painted with, on canvases of one maker. */
interface GlyphPictures {
  pdf: PdfSprites;
  markers: MarkerStrip;
}

const picturesByMaker = new WeakMap<MakeSpriteCanvas, GlyphPictures>();

function picturesOf(make: MakeSpriteCanvas): GlyphPictures {
  let pictures = picturesByMaker.get(make);
  if (!pictures) {
    pictures = { pdf: new PdfSprites(make), markers: new MarkerStrip(make) };
    picturesByMaker.set(make, pictures);
  }
  return pictures;
}

/** Where a view's glyphs are painted: on which context, at what ratio, with which pictures. */
export interface GlyphPaint {
  context: Canvas2D;
  /** Device pixels per CSS px. */
  ratio: number;
  /** The stage's width, CSS px. */
  width: number;
  /**
   * Makes the canvases glyphs are painted on off screen (PDF icons once, a row of markers at a
   * time); without it each glyph is filled as a path of its own.
   */
  sprites?: MakeSpriteCanvas | null;
}

/**
 * A row of markers only (every glyph a marker, at one height), as the strip takes them; null
 * for a drawing with other glyphs.
 */
function markerRow(drawing: PaintedTimeline, left: number, top: number): MarkerRow | null {
  const { glyphs, glyphKinds, glyphColors } = drawing;
  const count = glyphKinds.length;
  const y = glyphs[1] ?? 0;
  const points = new Int32Array(count);
  for (let n = 0; n < count; n++) {
    if (glyphKinds[n] !== GLYPH_MARKER || glyphs[n * 2 + 1] !== y) return null;
    points[n] = Math.floor(left + (glyphs[n * 2] ?? 0));
  }
  return { points, colors: glyphColors, count, y: top + y };
}

/** Paints a row of markers as one picture; false where it cannot. */
function paintMarkerRow(
  { context, ratio, width, sprites }: GlyphPaint,
  drawing: PaintedTimeline,
  left: number,
  top: number,
): boolean {
  if (!sprites || drawing.glyphKinds.length === 0) return false;
  const row = markerRow(drawing, left, top);
  const strip = row && picturesOf(sprites).markers.paint(row, { x: left, width, ratio });
  if (!strip) return false;
  context.drawImage(strip.canvas, strip.x, strip.y, strip.width, strip.height);
  return true;
}

/**
 * Markers and PDF icons: a row of markers as one picture (MarkerStrip) where there are canvases
 * off screen. Else markers of one colour that follow each other are filled as one path, in the
 * glyphs' order, which keeps where markers of two colours overlap as it was.
 */
export function paintGlyphs(
  paint: GlyphPaint,
  drawing: PaintedTimeline,
  left: number,
  top: number,
): void {
  if (paintMarkerRow(paint, drawing, left, top)) return;
  const { context, ratio, sprites } = paint;
  const { glyphs, glyphKinds, glyphColors } = drawing;
  const count = glyphKinds.length;
  const pdfSprites = sprites ? picturesOf(sprites).pdf : undefined;
  let pathColor: number | null = null;
  const fillPath = () => {
    if (pathColor === null) return;
    context.fillStyle = colorString(pathColor);
    context.fill();
    pathColor = null;
  };
  for (let n = 0; n < count; n++) {
    const x = left + (glyphs[n * 2] ?? 0);
    const y = top + (glyphs[n * 2 + 1] ?? 0);
    if (glyphKinds[n] !== GLYPH_MARKER) {
      fillPath();
      const occluded = glyphKinds[n] === GLYPH_PDF_OCCLUDED;
      if (!pdfSprites?.draw(context, x, y, occluded, ratio)) pdfIcon(context, x, y, occluded);
      continue;
    }
    // The marker's point is on the pixel its time falls in; so are those of the markers after
    // it in the same colour on this or the next pixel, to draw together.
    const color = glyphColors[n] ?? 0;
    const first = Math.floor(x);
    let last = first;
    while (
      n + 1 < count &&
      glyphKinds[n + 1] === GLYPH_MARKER &&
      glyphColors[n + 1] === color &&
      top + (glyphs[n * 2 + 3] ?? 0) === y
    ) {
      const next = Math.floor(left + (glyphs[n * 2 + 2] ?? 0));
      if (next !== last && next !== last + 1) break;
      last = next;
      n++;
    }
    if (color !== pathColor) {
      fillPath();
      pathColor = color;
      context.beginPath();
    }
    addMarkers(context, first, last, y);
  }
  fillPath();
}
