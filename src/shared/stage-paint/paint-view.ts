import {
  BEHIND_COLOR,
  EVEN_BAND_COLOR,
  FIGURE_FONT_SIZE,
  LABEL_FONT_FAMILY,
  ODD_BAND_COLOR,
  SPACING_COLOR,
  TEXT_COLOR,
  TIMELINE_SPACING,
} from '../viewer-layout/layout-constants';
import type { DrawnLabel, TimelineDrawing } from '../viewer-layout/timeline-drawing';
import type { StackedRow } from '../viewer-layout/timeline-heights';
import { colorString } from './paint-colors';
import { paintGlyphs, type MakeSpriteCanvas } from './paint-glyphs';

/** The part of a 2D canvas context the painters use (a worker's OffscreenCanvas gives it). */
export interface Canvas2D {
  fillStyle: string | CanvasGradientLike;
  strokeStyle: string | CanvasGradientLike;
  lineWidth: number;
  globalAlpha: number;
  font: string;
  textBaseline: string;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): TextMeasure;
  save(): void;
  restore(): void;
  rect(x: number, y: number, width: number, height: number): void;
  clip(): void;
  /** `image`: a canvas painted off screen (the shared code is built without the DOM's types). */
  drawImage(image: object, x: number, y: number, width?: number, height?: number): void;
  /** Read by the painter only to have what was painted rasterised at once. */
  getImageData(x: number, y: number, width: number, height: number): unknown;
  createImageData(width: number, height: number): PaintPixels;
  putImageData(image: PaintPixels, x: number, y: number): void;
}

/** Pixels to put on a canvas (an ImageData): straight RGBA, 4 bytes a pixel, row by row. */
export interface PaintPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** What the painters read of a measured text (a real context's TextMetrics has more). */
export interface TextMeasure {
  width: number;
  /** The font's ascent and descent, whatever the text. */
  fontBoundingBoxAscent: number;
  fontBoundingBoxDescent: number;
  /** How far the text's ink rises above the baseline. */
  actualBoundingBoxAscent: number;
}

/** Gradients and patterns are never set; the type only lets a real context be passed. */
type CanvasGradientLike = object;

/** A canvas a worker paints on: an OffscreenCanvas the page handed over. */
export interface PaintCanvas {
  width: number;
  height: number;
  getContext(
    kind: '2d',
    options: { alpha?: boolean; willReadFrequently?: boolean },
  ): Canvas2D | null;
}

export type Box = { x: number; y: number; width: number; height: number };

/** The selected component's outline, in its timeline's row (x across the stage, y in the row). */
export interface SelectionBox {
  timeline: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export const SELECTION_COLOR = 0x1a5fd0;
/** The selection's outline is drawn inside its box. */
const SELECTION_WIDTH = 2;

/** What painting a view takes of a timeline's drawing (labels only where the painter writes them). */
export type PaintedTimeline = Pick<
  TimelineDrawing,
  'index' | 'rects' | 'rectColors' | 'glyphs' | 'glyphKinds' | 'glyphColors'
> & { labels?: DrawnLabel[] };

/** What painting a view takes of its layout. */
export interface PaintedView {
  rows: readonly StackedRow[];
  timelines: readonly PaintedTimeline[];
}

/**
 * The labels a paint put on the stage, six numbers each: the timeline's index, the label's
 * index in that timeline's drawing, and its box (x, y, width, height in CSS px from the stage's
 * top left corner). Hit tests and the page's list of labels go by what was painted.
 */
export const LABEL_BOX_FIELDS = 6;

export interface PaintOptions {
  /** Device pixels per CSS pixel: rectangles are snapped to the device's pixel grid. */
  pixelRatio: number;
  selection?: SelectionBox | null;
  /** The music font's family once it has loaded here; music glyphs are left out without it. */
  musicFont?: string | null;
  /** Canvases off screen for pictures of glyphs painted once (paint-glyphs.ts), where there are. */
  sprites?: MakeSpriteCanvas | null;
}

/**
 * The device pixels a span covers: a pixel whose centre lies inside, as a GPU rasteriser fills
 * it (the rule of the WebGL renderer this painter replaced, kept so pictures did not move). A
 * centre exactly on an edge goes by the top-left rule in coordinates whose y axis points up: on
 * screen, a centre on a span's left edge is covered and one on its right edge is not; one on
 * its bottom edge is covered and one on its top edge is not (row edges fall on half pixels:
 * timelines are 5.5 px apart). The 2D canvas then fills whole pixels instead of blending
 * fractional edges. Given an edge in
 * device px, these give the first column (row) whose centre lies past it: for a span's start,
 * its first pixel; for its end, the pixel after its last.
 */
function firstColumn(start: number): number {
  // `|| 0`: Math.ceil of -0.4 is -0.
  return Math.ceil(start - 0.5) || 0;
}

function firstRow(start: number): number {
  return Math.floor(start + 0.5);
}

/** Fills rectangles, setting the style only when the colour changes. */
class RectFiller {
  private color = -1;

  constructor(
    private readonly context: Canvas2D,
    private readonly ratio: number,
  ) {}

  fill(x: number, y: number, width: number, height: number, color: number): void {
    const ratio = this.ratio;
    const left = firstColumn(x * ratio);
    const right = firstColumn((x + width) * ratio);
    const top = firstRow(y * ratio);
    const bottom = firstRow((y + height) * ratio);
    if (right <= left || bottom <= top) return;
    if (color !== this.color) {
      this.color = color;
      this.context.fillStyle = colorString(color);
    }
    this.context.fillRect(
      left / ratio,
      top / ratio,
      (right - left) / ratio,
      (bottom - top) / ratio,
    );
  }

  /** Another style was set meanwhile. */
  forget(): void {
    this.color = -1;
  }
}

/** A font's ascent and descent as the page's text layout uses them (whole pixels), and x-height. */
interface FontHeight {
  ascent: number;
  descent: number;
  xHeight: number;
}

/** The size x-heights are measured at: the ink's bounds come in whole pixels. */
const X_HEIGHT_PROBE_SIZE = 1000;

/**
 * Measures fonts and texts once: a label is measured on every view it is painted in, and the
 * same few hundred texts come back view after view.
 */
class TextMeasures {
  /** By family, then size: the font string and its height. */
  private readonly fonts = new Map<string, Map<number, { font: string; height: FontHeight }>>();
  /** By font string, then text. */
  private readonly widths = new Map<string, Map<string, number>>();
  private widthCount = 0;
  /** The font this pass set last: setting one has the context parse it, even the same again. */
  private font = '';

  constructor(private readonly context: Canvas2D) {}

  /** A new pass: another painter may have set the context's font meanwhile. */
  begin(): void {
    this.font = '';
  }

  private setFont(font: string): void {
    if (font === this.font) return;
    this.font = font;
    this.context.font = font;
  }

  /** Sets the font (`size` px of `family`) and returns its height. */
  use(size: number, family: string): FontHeight {
    let sizes = this.fonts.get(family);
    if (!sizes) {
      sizes = new Map();
      this.fonts.set(family, sizes);
    }
    let known = sizes.get(size);
    if (!known) {
      this.setFont(`${X_HEIGHT_PROBE_SIZE}px ${family}`);
      const xShare = this.context.measureText('x').actualBoundingBoxAscent / X_HEIGHT_PROBE_SIZE;
      const font = `${size}px ${family}`;
      this.setFont(font);
      const measure = this.context.measureText('x');
      known = {
        font,
        height: {
          ascent: Math.round(measure.fontBoundingBoxAscent),
          descent: Math.round(measure.fontBoundingBoxDescent),
          xHeight: xShare * size,
        },
      };
      sizes.set(size, known);
    }
    this.setFont(known.font);
    return known.height;
  }

  /** The width of `text` in the font set last by use(). */
  width(text: string): number {
    let texts = this.widths.get(this.font);
    if (!texts) {
      texts = new Map();
      this.widths.set(this.font, texts);
    }
    let width = texts.get(text);
    if (width === undefined) {
      // Views bring a few hundred texts; a long session of zooming must not keep them all.
      if (++this.widthCount > 20_000) {
        this.widths.clear();
        this.widthCount = 0;
      }
      width = this.context.measureText(text).width;
      texts.set(text, width);
    }
    return width;
  }
}

const measuresByContext = new WeakMap<Canvas2D, TextMeasures>();

function measuresOf(context: Canvas2D): TextMeasures {
  let measures = measuresByContext.get(context);
  if (!measures) {
    measures = new TextMeasures(context);
    measuresByContext.set(context, measures);
  }
  return measures;
}

/**
 * Where the baseline falls below the top of a line box as tall as the font size (labels are
 * set with line-height 1): the space left over by the font's ascent and descent is shared
 * above and below, the half above rounded down, as the page lays out text.
 */
function baselineInLine(height: FontHeight, size: number): number {
  return height.ascent + Math.floor((size - height.ascent - height.descent) / 2);
}

/**
 * One label as the page would set it in a line box of line-height 1 at (x, top + y), rounded
 * to whole pixels: the text, its figures after it (one raised; several stacked in a column of
 * their own, centred on the text's x-height) with 1 px before and 2 px after, then the text
 * after the figures. Music glyphs hang from their baseline (DrawnLabel.y).
 */
function label(
  measures: TextMeasures,
  context: Canvas2D,
  drawn: DrawnLabel,
  x: number,
  top: number,
  musicFont: string,
): Box {
  const family = drawn.font === 'music' ? musicFont : LABEL_FONT_FAMILY;
  const height = measures.use(drawn.size, family);
  const inLine = baselineInLine(height, drawn.size);
  const boxTop = Math.round(drawn.font === 'music' ? top + drawn.y - inLine : top + drawn.y);
  const figures = drawn.figures ?? [];
  const stacked = figures.length > 1;
  // A column of figures taller than the text above its middle lowers the line's baseline.
  const aboveMiddle = height.xHeight / 2 + (figures.length * FIGURE_FONT_SIZE) / 2;
  const baseline = boxTop + (stacked ? Math.max(inLine, aboveMiddle) : inLine);
  const left = Math.round(x + drawn.x);
  context.fillText(drawn.text, left, baseline);
  let after = left + measures.width(drawn.text);
  let boxBottom = boxTop + drawn.size;
  let topmost = boxTop;
  if (figures.length > 0) {
    const figureHeight = measures.use(FIGURE_FONT_SIZE, LABEL_FONT_FAMILY);
    const figureInLine = baselineInLine(figureHeight, FIGURE_FONT_SIZE);
    // A single figure is raised, as notation sets it (V6 with the 6 up, not down like a
    // subscript): its baseline a third of the text's size above the text's. Figures of a
    // chord (6 over 4) stand in a column centred on the text's x-height.
    const column = stacked
      ? baseline - aboveMiddle
      : baseline - Math.round(drawn.size / 3) - figureInLine;
    let widest = 0;
    figures.forEach((figure, row) => {
      context.fillText(figure, after + 1, column + row * FIGURE_FONT_SIZE + figureInLine);
      widest = Math.max(widest, measures.width(figure));
    });
    after += widest + 3;
    topmost = Math.min(topmost, column);
    boxBottom = Math.max(boxBottom, column + figures.length * FIGURE_FONT_SIZE);
    measures.use(drawn.size, family);
  }
  if (drawn.after) {
    context.fillText(drawn.after, after, baseline);
    after += measures.width(drawn.after);
  }
  return { x: left, y: topmost, width: after - left, height: boxBottom - topmost };
}

/** The selection's outline inside its box, cut just outside the stage's edges. */
function selectionOutline(
  filler: RectFiller,
  view: PaintedView,
  box: SelectionBox,
  stage: Box,
): void {
  const row = view.rows[box.timeline];
  if (!row) return;
  const x0 = Math.max(box.x0, -SELECTION_WIDTH);
  const x1 = Math.min(box.x1, stage.width + SELECTION_WIDTH);
  if (x1 < 0 || x0 > stage.width) return;
  const left = stage.x + x0;
  const top = stage.y + row.y + box.y0;
  const width = Math.max(SELECTION_WIDTH, x1 - x0);
  const height = box.y1 - box.y0;
  const line = SELECTION_WIDTH;
  filler.fill(left, top, width, line, SELECTION_COLOR);
  filler.fill(left, top + height - line, width, line, SELECTION_COLOR);
  filler.fill(left, top + line, line, height - 2 * line, SELECTION_COLOR);
  filler.fill(left + width - line, top + line, line, height - 2 * line, SELECTION_COLOR);
}

/**
 * The selection's outline over a view already on the stage (one painted ahead, whose picture
 * was copied there), as paintView would have drawn it last.
 */
export function paintSelection(
  context: Canvas2D,
  view: PaintedView,
  selection: SelectionBox,
  stage: Box,
  pixelRatio: number,
): void {
  context.save();
  context.beginPath();
  context.rect(stage.x, stage.y, stage.width, stage.height);
  context.clip();
  selectionOutline(new RectFiller(context, pixelRatio), view, selection, stage);
  context.restore();
}

/**
 * One view's timelines on a stage at (x, y): the bands, every rectangle run, markers and PDF
 * icons, the labels where the view carries them (music glyphs once the music font is there)
 * and the selection's outline.
 */
export function paintView(
  context: Canvas2D,
  view: PaintedView,
  stage: Box,
  options: PaintOptions = { pixelRatio: 1 },
): number[] {
  const boxes: number[] = [];
  const filler = new RectFiller(context, options.pixelRatio);
  const measures = measuresOf(context);
  measures.begin();
  const musicFont = options.musicFont;
  const glyphPaint = {
    context,
    ratio: options.pixelRatio,
    width: stage.width,
    sprites: options.sprites ?? null,
  };
  context.save();
  context.beginPath();
  context.rect(stage.x, stage.y, stage.width, stage.height);
  context.clip();
  filler.fill(stage.x, stage.y, stage.width, stage.height, EVEN_BAND_COLOR);
  view.rows.forEach((row, index) => {
    if (index % 2 === 1)
      filler.fill(stage.x, stage.y + row.y, stage.width, row.height, ODD_BAND_COLOR);
    filler.fill(
      stage.x,
      stage.y + row.y + row.height,
      stage.width,
      TIMELINE_SPACING,
      SPACING_COLOR,
    );
  });
  for (const drawing of view.timelines) {
    const top = stage.y + (view.rows[drawing.index]?.y ?? 0);
    const { rects, rectColors } = drawing;
    const behind = drawing.labels?.filter((drawn) => drawn.behind) ?? [];
    if (behind.length > 0 && musicFont) {
      context.fillStyle = colorString(BEHIND_COLOR);
      context.textBaseline = 'alphabetic';
      for (const drawn of behind) label(measures, context, drawn, stage.x, top, musicFont);
    }
    for (let n = 0; n < rectColors.length; n++) {
      filler.fill(
        stage.x + (rects[n * 4] ?? 0),
        top + (rects[n * 4 + 1] ?? 0),
        rects[n * 4 + 2] ?? 0,
        rects[n * 4 + 3] ?? 0,
        rectColors[n] ?? 0,
      );
    }
    paintGlyphs(glyphPaint, drawing, stage.x, top);
    filler.forget();
    if (!drawing.labels?.length) continue;
    context.fillStyle = colorString(TEXT_COLOR);
    context.textBaseline = 'alphabetic';
    drawing.labels.forEach((drawn, index) => {
      if ((drawn.font === 'music' && !musicFont) || drawn.behind) return;
      const box = label(measures, context, drawn, stage.x, top, musicFont ?? '');
      const x = box.x - stage.x;
      const y = box.y - stage.y;
      if (x >= stage.width || x + box.width <= 0 || y >= stage.height || y + box.height <= 0) {
        return;
      }
      boxes.push(drawing.index, index, x, y, box.width, box.height);
    });
  }
  if (options.selection) selectionOutline(filler, view, options.selection, stage);
  context.restore();
  return boxes;
}
