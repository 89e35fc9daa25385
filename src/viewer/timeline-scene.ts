// Everything pixi needs is imported up front, so it downloads with this chunk instead of in a
// chain of dynamic imports after start-up (the renderer, then the browser extensions).
import 'pixi.js/browser';
// The site's CSP forbids eval; this swaps pixi's generated shader glue for a static version.
import 'pixi.js/unsafe-eval';
import { Container, Graphics, Texture, WebGLRenderer } from 'pixi.js';
import type { TimelineHeader } from '../shared/viewer-layout/viewer-document';
import {
  GLYPH_MARKER,
  GLYPH_PDF_OCCLUDED,
  type TimelineDrawing,
  type ViewLayout,
} from '../shared/viewer-layout/view-layout';
import { PDF_ICON_COLOR } from '../shared/viewer-layout/layout-constants';
import { addRects, ParticleBatch } from './rect-particles';

const BAND_COLORS = [0xf7f7f5, 0xefefec] as const;
const SELECTION_COLOR = 0x1a5fd0;

/** The glyphs drawn as textures (white shapes, tinted per copy), with their drawing offsets. */
interface GlyphTextures {
  marker: Texture;
  pdf: Texture;
  pdfOffset: { x: number; y: number };
}

/** Renders the marker triangle and the PDF page icon once, for particles to copy. */
function glyphTextures(renderer: WebGLRenderer): GlyphTextures {
  const marker = new Graphics().poly([0, 0, 10, 0, 5, 9]).fill(0xffffff);
  // A page with a folded corner, 14 px wide in the 20 px icon slot.
  const pdf = new Graphics()
    .poly([3, 0, 13, 0, 17, 4, 17, 20, 3, 20])
    .fill(0xffffff)
    .stroke({ color: PDF_ICON_COLOR, width: 1.5 })
    .moveTo(6, 8)
    .lineTo(14, 8)
    .moveTo(6, 12)
    .lineTo(14, 12)
    .stroke({ color: PDF_ICON_COLOR, width: 1 });
  const pdfBounds = pdf.getLocalBounds();
  const textures = {
    marker: renderer.generateTexture({ target: marker }),
    pdf: renderer.generateTexture({ target: pdf }),
    pdfOffset: { x: pdfBounds.x, y: pdfBounds.y },
  };
  marker.destroy();
  pdf.destroy();
  return textures;
}

class TimelineLayer {
  readonly root = new Container();
  private readonly rects = new ParticleBatch(Texture.WHITE);
  private readonly markers: ParticleBatch;
  private readonly pdfIcons: ParticleBatch;

  constructor(
    readonly header: TimelineHeader,
    width: number,
    private readonly glyphs: GlyphTextures,
  ) {
    this.markers = new ParticleBatch(glyphs.marker);
    this.pdfIcons = new ParticleBatch(glyphs.pdf);
    const band = new Graphics();
    band.rect(0, 0, width, header.height).fill(BAND_COLORS[header.index % 2] ?? BAND_COLORS[0]);
    band.label = 'band';
    this.root.y = header.y;
    this.root.addChild(band, this.rects.container, this.markers.container, this.pdfIcons.container);
  }

  resizeBand(width: number): void {
    const band = this.root.getChildByLabel('band') as Graphics | null;
    band
      ?.clear()
      .rect(0, 0, width, this.header.height)
      .fill(BAND_COLORS[this.header.index % 2] ?? BAND_COLORS[0]);
  }

  draw(drawing: TimelineDrawing): void {
    const { rects, rectColors, glyphs, glyphKinds, glyphColors } = drawing;
    this.rects.begin();
    this.markers.begin();
    this.pdfIcons.begin();
    addRects(this.rects, rects, rectColors);
    const pdf = this.glyphs.pdfOffset;
    for (let n = 0; n < glyphKinds.length; n++) {
      const x = glyphs[n * 2] ?? 0;
      const y = glyphs[n * 2 + 1] ?? 0;
      if (glyphKinds[n] === GLYPH_MARKER) {
        // A triangle 10 px wide centred on the time, and a 1 px stem under it.
        const color = glyphColors[n] ?? 0;
        this.markers.add(x - 5, y, 1, 1, color);
        this.rects.add(Math.floor(x), y + 9, 1, 17, color);
      } else {
        const alpha = glyphKinds[n] === GLYPH_PDF_OCCLUDED ? 0.25 : 1;
        this.pdfIcons.add(x + pdf.x, y + pdf.y, 1, 1, 0xffffff, alpha);
      }
    }
    this.rects.end();
    this.markers.end();
    this.pdfIcons.end();
  }
}

export interface SelectionBox {
  timeline: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

async function initRenderer(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
): Promise<WebGLRenderer> {
  // A bare renderer, no Application: there is no ticker to stop and no pixi event system
  // (pointer handling is the viewer's own, hit tests on layout data).
  const renderer = new WebGLRenderer();
  await renderer.init({
    canvas,
    width,
    height,
    background: 0xffffff,
    antialias: false,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    autoDensity: true,
    skipExtensionImports: true,
  });
  // The scene samples three textures (a white texel and the two glyphs); a batch
  // shader with one branch per texture unit the GPU has (16 or more) only costs compile time,
  // which under software WebGL is most of the first frame.
  renderer.limits.maxBatchableTextures = Math.min(renderer.limits.maxBatchableTextures, 4);
  return renderer;
}

/**
 * The pixi side of the viewer: one renderer and a stage, with no ticker. Layers are rebuilt only
 * when a new layout arrives and the stage renders once per change; the playhead is a DOM element
 * over the canvas, so playback costs no WebGL work at all.
 */
export class TimelineScene {
  private readonly layers: TimelineLayer[];
  private readonly selection = new Graphics();
  private readonly glyphs: GlyphTextures;
  private destroyed = false;

  private readonly stage = new Container();

  private constructor(
    private readonly renderer: WebGLRenderer,
    headers: readonly TimelineHeader[],
    private width: number,
  ) {
    this.glyphs = glyphTextures(renderer);
    this.layers = headers.map((header) => new TimelineLayer(header, width, this.glyphs));
    for (const layer of this.layers) this.stage.addChild(layer.root);
    this.stage.addChild(this.selection);
  }

  static async create(
    canvas: HTMLCanvasElement,
    headers: readonly TimelineHeader[],
    width: number,
    height: number,
  ): Promise<TimelineScene> {
    return new TimelineScene(await initRenderer(canvas, width, height), headers, width);
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.renderer.resize(width, height);
    for (const layer of this.layers) layer.resizeBand(width);
  }

  draw(layout: ViewLayout): void {
    for (const drawing of layout.timelines) this.layers[drawing.index]?.draw(drawing);
  }

  drawSelection(box: SelectionBox | null): void {
    this.selection.clear();
    if (!box) return;
    const layer = this.layers[box.timeline];
    if (!layer) return;
    const y = layer.header.y;
    const x0 = Math.max(box.x0, -2);
    const x1 = Math.min(box.x1, this.width + 2);
    if (x1 < 0 || x0 > this.width) return;
    this.selection
      .rect(x0, y + box.y0, Math.max(2, x1 - x0), box.y1 - box.y0)
      .stroke({ color: SELECTION_COLOR, width: 2, alignment: 1 });
  }

  render(): void {
    if (!this.destroyed) this.renderer.render(this.stage);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stage.destroy({ children: true, texture: true, textureSource: true, context: true });
    this.glyphs.marker.destroy(true);
    this.glyphs.pdf.destroy(true);
    this.renderer.destroy({ removeView: false });
  }
}
