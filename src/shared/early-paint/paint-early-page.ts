import {
  cssColor,
  EVEN_BAND_COLOR,
  FIGURE_FONT_SIZE,
  LABEL_FONT_FAMILY,
  MARKER_STEM_HEIGHT,
  ODD_BAND_COLOR,
  PDF_ICON_COLOR,
  SPACING_COLOR,
  TEXT_COLOR,
  TIMELINE_SPACING,
} from '../viewer-layout/layout-constants';
import {
  GLYPH_MARKER,
  GLYPH_PDF_OCCLUDED,
  type DrawnLabel,
} from '../viewer-layout/timeline-drawing';
import type { ViewLayout } from '../viewer-layout/view-layout';
import type { ViewerHeader } from '../viewer-layout/viewer-document';
import type { Box, EarlyPagePlan } from './early-page';

/** The part of a 2D canvas context the painter uses (a worker's OffscreenCanvas gives it). */
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
  measureText(text: string): { width: number };
  save(): void;
  restore(): void;
  rect(x: number, y: number, width: number, height: number): void;
  clip(): void;
}

/** Gradients and patterns are never set; the type only lets a real context be passed. */
type CanvasGradientLike = object;

/** The page's colours (base.css, viewer.css). */
const PAGE = {
  background: '#f7f7f5',
  surface: '#ffffff',
  border: '#d9dee5',
  heading: '#1c2430',
  names: '#f3f3f1',
  nameText: '#2b2b2b',
};

function framed(context: Canvas2D, box: Box, fill: string): void {
  context.fillStyle = PAGE.border;
  context.fillRect(box.x, box.y, box.width, box.height);
  context.fillStyle = fill;
  context.fillRect(box.x + 1, box.y + 1, box.width - 2, box.height - 2);
}

function label(context: Canvas2D, drawn: DrawnLabel, x: number, top: number): void {
  context.font = `${drawn.size}px ${LABEL_FONT_FAMILY}`;
  context.fillText(drawn.text, x + drawn.x, top + drawn.y);
  const figures = drawn.figures ?? [];
  let after = x + drawn.x + context.measureText(drawn.text).width;
  if (figures.length > 0) {
    // Stacked after the numeral, centred on its middle (.viewer-label__figures).
    context.font = `${FIGURE_FONT_SIZE}px ${LABEL_FONT_FAMILY}`;
    const column = top + drawn.y + drawn.size / 2 - (figures.length * FIGURE_FONT_SIZE) / 2;
    let widest = 0;
    figures.forEach((figure, row) => {
      context.fillText(figure, after + 1, column + row * FIGURE_FONT_SIZE);
      widest = Math.max(widest, context.measureText(figure).width);
    });
    after += widest + 3;
  }
  if (drawn.after) {
    context.font = `${drawn.size}px ${LABEL_FONT_FAMILY}`;
    context.fillText(drawn.after, after, top + drawn.y);
  }
}

function marker(context: Canvas2D, x: number, y: number, color: number): void {
  const left = Math.floor(x) - 5;
  context.fillStyle = cssColor(color);
  context.beginPath();
  context.moveTo(left, y);
  context.lineTo(left + 10, y);
  context.lineTo(left + 5, y + 9);
  context.closePath();
  context.fill();
  context.fillRect(left + 5, y + 9, 1, MARKER_STEM_HEIGHT);
}

function pdfIcon(context: Canvas2D, x: number, y: number, occluded: boolean): void {
  context.save();
  context.globalAlpha = occluded ? 0.25 : 1;
  context.beginPath();
  context.moveTo(x + 3, y);
  context.lineTo(x + 13, y);
  context.lineTo(x + 17, y + 4);
  context.lineTo(x + 17, y + 20);
  context.lineTo(x + 3, y + 20);
  context.closePath();
  context.fillStyle = PAGE.surface;
  context.fill();
  context.strokeStyle = cssColor(PDF_ICON_COLOR);
  context.lineWidth = 1.5;
  context.stroke();
  context.lineWidth = 1;
  context.beginPath();
  context.moveTo(x + 6, y + 8);
  context.lineTo(x + 14, y + 8);
  context.moveTo(x + 6, y + 12);
  context.lineTo(x + 14, y + 12);
  context.stroke();
  context.restore();
}

/** One view's timelines on a stage at (x, y), as the scene and the label layer draw them. */
export function paintView(context: Canvas2D, layout: ViewLayout, stage: Box): void {
  context.save();
  context.beginPath();
  context.rect(stage.x, stage.y, stage.width, stage.height);
  context.clip();
  context.fillStyle = cssColor(EVEN_BAND_COLOR);
  context.fillRect(stage.x, stage.y, stage.width, stage.height);
  layout.rows.forEach((row, index) => {
    if (index % 2 === 1) {
      context.fillStyle = cssColor(ODD_BAND_COLOR);
      context.fillRect(stage.x, stage.y + row.y, stage.width, row.height);
    }
    context.fillStyle = cssColor(SPACING_COLOR);
    context.fillRect(stage.x, stage.y + row.y + row.height, stage.width, TIMELINE_SPACING);
  });
  for (const drawing of layout.timelines) {
    const top = stage.y + (layout.rows[drawing.index]?.y ?? 0);
    const { rects, rectColors, glyphs, glyphKinds, glyphColors } = drawing;
    for (let n = 0; n < rectColors.length; n++) {
      context.fillStyle = cssColor(rectColors[n] ?? 0);
      context.fillRect(
        stage.x + (rects[n * 4] ?? 0),
        top + (rects[n * 4 + 1] ?? 0),
        rects[n * 4 + 2] ?? 0,
        rects[n * 4 + 3] ?? 0,
      );
    }
    for (let n = 0; n < glyphKinds.length; n++) {
      const x = stage.x + (glyphs[n * 2] ?? 0);
      const y = top + (glyphs[n * 2 + 1] ?? 0);
      if (glyphKinds[n] === GLYPH_MARKER) marker(context, x, y, glyphColors[n] ?? 0);
      else pdfIcon(context, x, y, glyphKinds[n] === GLYPH_PDF_OCCLUDED);
    }
    context.fillStyle = cssColor(TEXT_COLOR);
    context.textBaseline = 'top';
    // Glyphs of the music font come with the page's own scene, once the font has loaded.
    for (const drawn of drawing.labels)
      if (drawn.font !== 'music') label(context, drawn, stage.x, top);
  }
  context.restore();
}

/** A name cut to the column, as the page's names column shows it (it shows the rest on hover). */
function fitted(context: Canvas2D, name: string, width: number): string {
  if (context.measureText(name).width <= width) return name;
  let cut = name;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * The viewer page's first screen below the site header (left clear for the app's own): the
 * heading, empty boxes standing in for the controls, and the timelines' names, ruler and first
 * view, in CSS px (the caller scales the context for the device's pixels).
 */
export function paintEarlyPage(
  context: Canvas2D,
  plan: EarlyPagePlan,
  header: ViewerHeader,
  layout: ViewLayout,
  size: { width: number; height: number },
): void {
  // The site header's band stays clear: the app's own header shows through once rendered.
  const below = plan.nav.y + plan.nav.height;
  context.fillStyle = PAGE.background;
  context.fillRect(0, below, size.width, size.height - below);

  context.fillStyle = PAGE.heading;
  context.font = plan.heading.font;
  context.textBaseline = 'middle';
  plan.heading.lines.forEach((line, n) => {
    context.fillText(line, plan.heading.x, plan.heading.y + (n + 0.5) * plan.heading.line);
  });
  for (const box of plan.placeholders) framed(context, box, PAGE.surface);

  const { names, ruler, stage } = plan;
  framed(
    context,
    {
      x: names.x - 1,
      y: ruler.y - 1,
      width: stage.x + stage.width - names.x + 2,
      height: stage.y + stage.height - ruler.y + 3,
    },
    PAGE.surface,
  );
  context.fillStyle = PAGE.names;
  context.fillRect(names.x, ruler.y, names.width, stage.height + ruler.height);
  context.fillStyle = PAGE.border;
  context.fillRect(names.x + names.width, ruler.y, 1, stage.height + ruler.height);
  context.fillRect(ruler.x, ruler.y + ruler.height - 1, ruler.width, 1);
  context.fillStyle = PAGE.nameText;
  context.font = `12px ${LABEL_FONT_FAMILY}`;
  context.textBaseline = 'middle';
  for (const timeline of header.timelines) {
    const row = layout.rows[timeline.index];
    if (!row || row.y > stage.height) continue;
    const text = fitted(context, timeline.name, names.width - 12);
    context.fillText(text, names.x + 6, stage.y + row.y + row.height / 2);
  }
  paintView(context, layout, stage);
}
