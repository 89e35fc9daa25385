// Everything pixi needs is imported up front, so it downloads with this chunk instead of in a
// chain of dynamic imports after start-up (the renderer, then the browser extensions).
import 'pixi.js/browser';
// The site's CSP forbids eval; this swaps pixi's generated shader glue for a static version.
import 'pixi.js/unsafe-eval';
import { BitmapText, Container, Graphics, WebGLRenderer } from 'pixi.js';
import type { TimelineHeader } from '../shared/viewer-layout/viewer-document';
import {
  GLYPH_MARKER,
  GLYPH_PDF_OCCLUDED,
  type DrawnLabel,
  type TimelineDrawing,
  type ViewLayout,
} from '../shared/viewer-layout/view-layout';
import { FIGURE_FONT_SIZE, TEXT_COLOR } from '../shared/viewer-layout/layout-constants';

const FONT_FAMILY = 'Arial, Helvetica, sans-serif';
const BAND_COLORS = [0xf7f7f5, 0xefefec] as const;
const SELECTION_COLOR = 0x1a5fd0;

/** Label sprites are pooled per timeline: a redraw reuses them instead of allocating new ones. */
class LabelPool {
  private readonly items: BitmapText[] = [];
  private used = 0;
  constructor(private readonly parent: Container) {}

  begin(): void {
    this.used = 0;
  }

  take(text: string, size: number): BitmapText {
    let item = this.items[this.used];
    if (!item) {
      item = new BitmapText({
        text,
        style: { fontFamily: FONT_FAMILY, fontSize: size, fill: TEXT_COLOR },
      });
      this.items.push(item);
      this.parent.addChild(item);
    } else {
      if (item.style.fontSize !== size) item.style.fontSize = size;
      if (item.text !== text) item.text = text;
    }
    item.visible = true;
    this.used++;
    return item;
  }

  end(): void {
    for (let i = this.used; i < this.items.length; i++) {
      const item = this.items[i];
      if (item) item.visible = false;
    }
  }
}

class TimelineLayer {
  readonly root = new Container();
  private readonly shapes = new Graphics();
  private readonly labels: LabelPool;

  constructor(
    readonly header: TimelineHeader,
    width: number,
  ) {
    const band = new Graphics();
    band.rect(0, 0, width, header.height).fill(BAND_COLORS[header.index % 2] ?? BAND_COLORS[0]);
    band.label = 'band';
    this.root.y = header.y;
    this.root.addChild(band, this.shapes);
    const labelLayer = new Container();
    this.root.addChild(labelLayer);
    this.labels = new LabelPool(labelLayer);
  }

  resizeBand(width: number): void {
    const band = this.root.getChildByLabel('band') as Graphics | null;
    band
      ?.clear()
      .rect(0, 0, width, this.header.height)
      .fill(BAND_COLORS[this.header.index % 2] ?? BAND_COLORS[0]);
  }

  draw(drawing: TimelineDrawing): void {
    const g = this.shapes;
    g.clear();
    const { rects, rectColors } = drawing;
    // Consecutive rectangles of one colour become one path and one fill.
    let pendingColor = -1;
    for (let n = 0; n < rectColors.length; n++) {
      const color = rectColors[n] ?? 0;
      if (color !== pendingColor && pendingColor !== -1) g.fill(pendingColor);
      pendingColor = color;
      g.rect(
        rects[n * 4] ?? 0,
        rects[n * 4 + 1] ?? 0,
        rects[n * 4 + 2] ?? 0,
        rects[n * 4 + 3] ?? 0,
      );
    }
    if (pendingColor !== -1) g.fill(pendingColor);
    this.drawGlyphs(drawing);
    this.labels.begin();
    for (const label of drawing.labels) this.placeLabel(label);
    this.labels.end();
  }

  /**
   * Marker triangles and stems are gathered into one path per colour and filled once: building a
   * fill per glyph made dense marker timelines the slowest part of a redraw.
   */
  private drawGlyphs(drawing: TimelineDrawing): void {
    const g = this.shapes;
    const { glyphs, glyphKinds, glyphColors } = drawing;
    const markersByColor = new Map<number, number[]>();
    for (let n = 0; n < glyphKinds.length; n++) {
      const x = glyphs[n * 2] ?? 0;
      const y = glyphs[n * 2 + 1] ?? 0;
      const color = glyphColors[n] ?? 0;
      if (glyphKinds[n] === GLYPH_MARKER) {
        const list = markersByColor.get(color);
        if (list) list.push(n);
        else markersByColor.set(color, [n]);
        continue;
      }
      const alpha = glyphKinds[n] === GLYPH_PDF_OCCLUDED ? 0.25 : 1;
      // A page with a folded corner, 14 px wide in the 20 px icon slot.
      g.poly([x + 3, y, x + 13, y, x + 17, y + 4, x + 17, y + 20, x + 3, y + 20])
        .fill({ color: 0xffffff, alpha })
        .stroke({ color, width: 1.5, alpha });
      g.moveTo(x + 6, y + 8)
        .lineTo(x + 14, y + 8)
        .moveTo(x + 6, y + 12)
        .lineTo(x + 14, y + 12)
        .stroke({ color, width: 1, alpha });
    }
    for (const [color, list] of markersByColor) {
      for (const n of list) {
        const x = glyphs[n * 2] ?? 0;
        const y = glyphs[n * 2 + 1] ?? 0;
        g.poly([x - 5, y, x + 5, y, x, y + 9]);
        g.rect(Math.floor(x), y + 9, 1, 17);
      }
      g.fill(color);
    }
  }

  private placeLabel(label: DrawnLabel): void {
    const main = this.labels.take(label.text, label.size);
    main.position.set(Math.round(label.x), Math.round(label.y));
    let x = label.x + main.width;
    const figures = label.figures ?? [];
    if (figures.length > 0) {
      // Figured bass: figures stacked top to bottom in a column after the numeral.
      const lineHeight = FIGURE_FONT_SIZE;
      const top = label.y + label.size / 2 - (figures.length * lineHeight) / 2 - 1;
      let column = 0;
      figures.forEach((figure, row) => {
        const item = this.labels.take(figure, FIGURE_FONT_SIZE);
        item.position.set(Math.round(x + 1), Math.round(top + row * lineHeight));
        column = Math.max(column, item.width);
      });
      x += column + 2;
    }
    if (label.after) {
      const after = this.labels.take(label.after, label.size);
      after.position.set(Math.round(x), Math.round(label.y));
    }
  }
}

export interface SelectionBox {
  timeline: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * The pixi side of the viewer: one renderer and a stage, with no ticker. Layers are rebuilt only
 * when a new layout arrives and the stage renders once per change; the playhead is a DOM element
 * over the canvas, so playback costs no WebGL work at all.
 */
export class TimelineScene {
  private readonly layers: TimelineLayer[];
  private readonly selection = new Graphics();
  private destroyed = false;

  private readonly stage = new Container();

  private constructor(
    private readonly renderer: WebGLRenderer,
    headers: readonly TimelineHeader[],
    private width: number,
  ) {
    this.layers = headers.map((header) => new TimelineLayer(header, width));
    for (const layer of this.layers) this.stage.addChild(layer.root);
    this.stage.addChild(this.selection);
  }

  static async create(
    canvas: HTMLCanvasElement,
    headers: readonly TimelineHeader[],
    width: number,
    height: number,
  ): Promise<TimelineScene> {
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
    return new TimelineScene(renderer, headers, width);
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
    this.renderer.destroy({ removeView: false });
  }
}
