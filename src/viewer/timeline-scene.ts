// Everything pixi needs is imported up front, so it downloads with this chunk instead of in a
// chain of dynamic imports after start-up (the renderer, then the browser extensions).
import 'pixi.js/browser';
// The site's CSP forbids eval; this swaps pixi's generated shader glue for a static version.
import 'pixi.js/unsafe-eval';
import { Container, Graphics, Texture, Ticker, WebGLRenderer } from 'pixi.js';
import {
  GLYPH_MARKER,
  GLYPH_PDF_OCCLUDED,
  type TimelineDrawing,
  type ViewLayout,
} from '../shared/viewer-layout/view-layout';
import {
  EVEN_BAND_COLOR,
  MARKER_STEM_HEIGHT,
  ODD_BAND_COLOR,
  PDF_ICON_COLOR,
  SPACING_COLOR,
  TIMELINE_SPACING,
} from '../shared/viewer-layout/layout-constants';
import type { StackedRow } from '../shared/viewer-layout/timeline-heights';
import { SELECTION_COLOR, type SelectionBox } from '../shared/stage-paint/paint-view';
import { addRects, ParticleBatch, solidRectShader } from './rect-particles';
import { nextPageFrame, stageCanvas, stagePixelRatio, type StageScene } from './stage-scene';

/** The glyphs drawn as textures (white shapes, tinted per copy), with their drawing offsets. */
interface GlyphTextures {
  marker: Texture;
  pdf: Texture;
  pdfOffset: { x: number; y: number };
}

/** Renders the marker and the PDF page icon once, for particles to copy. */
function glyphTextures(renderer: WebGLRenderer): GlyphTextures {
  // A triangle 10 px wide with a 1 px stem under its point: one quad per marker.
  const marker = new Graphics()
    .poly([0, 0, 10, 0, 5, 9])
    .fill(0xffffff)
    .rect(5, 9, 1, MARKER_STEM_HEIGHT)
    .fill(0xffffff);
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

/**
 * Every timeline's shapes in three particle batches for the whole stage: rectangles (the bands
 * behind each timeline first, then ticks, boxes and bars), markers, PDF icons.
 * Timelines never overlap, so batching across them changes no pixel (checked against screenshots
 * of the earlier per-timeline layers), and a frame is three draw calls rather than four per
 * timeline. Under software WebGL the GPU process's time for a frame of the reference file went
 * from 21-27 ms to 14-16 ms with this and the runs of view-layout's DrawingBuilder.rect.
 */
class SceneBatches {
  private readonly rects = new ParticleBatch(Texture.WHITE, solidRectShader());
  private readonly markers: ParticleBatch;
  private readonly pdfIcons: ParticleBatch;

  constructor(private readonly glyphs: GlyphTextures) {
    this.markers = new ParticleBatch(glyphs.marker);
    this.pdfIcons = new ParticleBatch(glyphs.pdf);
  }

  get containers(): Container[] {
    return [this.rects.container, this.markers.container, this.pdfIcons.container];
  }

  draw(layout: ViewLayout, width: number): void {
    this.rects.begin();
    this.markers.begin();
    this.pdfIcons.begin();
    // The even bands are the canvas's clear colour, so only the odd ones cost a quad and its
    // pixels; the white spacing under each timeline is drawn over the clear colour.
    layout.rows.forEach((row, index) => {
      if (index % 2 === 1) this.rects.add(0, row.y, width, row.height, ODD_BAND_COLOR);
      this.rects.add(0, row.y + row.height, width, TIMELINE_SPACING, SPACING_COLOR);
    });
    for (const drawing of layout.timelines) {
      const row = layout.rows[drawing.index];
      if (row) this.drawTimeline(drawing, row.y);
    }
    this.rects.end();
    this.markers.end();
    this.pdfIcons.end();
  }

  private drawTimeline(drawing: TimelineDrawing, top: number): void {
    const { rects, rectColors, glyphs, glyphKinds, glyphColors } = drawing;
    addRects(this.rects, rects, rectColors, top);
    const pdf = this.glyphs.pdfOffset;
    for (let n = 0; n < glyphKinds.length; n++) {
      const x = glyphs[n * 2] ?? 0;
      const y = (glyphs[n * 2 + 1] ?? 0) + top;
      if (glyphKinds[n] === GLYPH_MARKER) {
        // Point and stem on the time's pixel column, at whole pixels so the glyph stays crisp.
        this.markers.add(Math.floor(x) - 5, y, 1, 1, glyphColors[n] ?? 0);
      } else {
        const alpha = glyphKinds[n] === GLYPH_PDF_OCCLUDED ? 0.25 : 1;
        this.pdfIcons.add(x + pdf.x, y + pdf.y, 1, 1, 0xffffff, alpha);
      }
    }
  }
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
    background: EVEN_BAND_COLOR,
    antialias: false,
    resolution: stagePixelRatio(),
    autoDensity: true,
    skipExtensionImports: true,
  });
  // pixi's scheduler (texture garbage collection) runs on its system ticker, a requestAnimationFrame
  // loop of its own for as long as the page lives. The scene owns and destroys its few textures,
  // and the playhead loop must be the page's only loop while the media plays (DESIGN.md 6).
  Ticker.system.stop();
  // The scene samples three textures (a white texel and the two glyphs); a batch
  // shader with one branch per texture unit the GPU has (16 or more) only costs compile time,
  // which under software WebGL is most of the first frame.
  renderer.limits.maxBatchableTextures = Math.min(renderer.limits.maxBatchableTextures, 4);
  return renderer;
}

/**
 * The stage drawn on the page, where a worker cannot draw it (worker-stage.ts): one pixi
 * renderer and a stage, with no ticker. Layers are rebuilt only when a new layout arrives and the
 * stage renders once per change; the playhead is a DOM element over the canvas, so playback
 * costs no WebGL work at all.
 */
export class TimelineScene implements StageScene {
  readonly paintsLabels = false;
  private readonly batches: SceneBatches;
  private readonly selection = new Graphics();
  private readonly glyphs: GlyphTextures;
  /** The rows of the layout drawn last, which a selection is drawn in. */
  private rows: readonly StackedRow[] = [];
  private destroyed = false;

  private readonly stage = new Container();

  private constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly renderer: WebGLRenderer,
    private width: number,
  ) {
    this.glyphs = glyphTextures(renderer);
    this.batches = new SceneBatches(this.glyphs);
    this.stage.addChild(...this.batches.containers, this.selection);
  }

  static async create(host: HTMLElement, width: number, height: number): Promise<TimelineScene> {
    const canvas = stageCanvas(host);
    try {
      return new TimelineScene(canvas, await initRenderer(canvas, width, height), width);
    } catch (error) {
      canvas.remove();
      throw error;
    }
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.renderer.resize(width, height);
  }

  draw(layout: ViewLayout): void {
    this.rows = layout.rows;
    this.batches.draw(layout, this.width);
  }

  drawSelection(box: SelectionBox | null): void {
    this.selection.clear();
    if (!box) return;
    const row = this.rows[box.timeline];
    if (!row) return;
    const y = row.y;
    const x0 = Math.max(box.x0, -2);
    const x1 = Math.min(box.x1, this.width + 2);
    if (x1 < 0 || x0 > this.width) return;
    this.selection
      .rect(x0, y + box.y0, Math.max(2, x1 - x0), box.y1 - box.y0)
      .stroke({ color: SELECTION_COLOR, width: 2, alignment: 1 });
  }

  render(): Promise<number> {
    if (!this.destroyed) this.renderer.render(this.stage);
    return nextPageFrame();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stage.destroy({ children: true, texture: true, textureSource: true, context: true });
    this.glyphs.marker.destroy(true);
    this.glyphs.pdf.destroy(true);
    this.renderer.destroy({ removeView: true });
  }
}
