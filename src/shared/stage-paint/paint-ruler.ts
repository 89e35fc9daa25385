import { LABEL_FONT_FAMILY } from '../viewer-layout/layout-constants';
import { RULER_FONT_SIZE, RULER_LABEL_PADDING, type RulerTick } from '../viewer-layout/time-ruler';
import type { Canvas2D } from './paint-view';

/** The time ruler's height in CSS px (viewer.css: .viewer-ruler). */
export const RULER_HEIGHT = 20;

const TICK_COLOR = '#6b6b6b';
const LABEL_COLOR = '#3d3d3d';

/** The ruler of a view as the page asks for it: its ticks, across `width` CSS px. */
export interface RulerView {
  ticks: RulerTick[];
  width: number;
}

/**
 * Numbers per painted ruler label in paintRuler's report: the tick's index, the label's box (x,
 * y, width, height in CSS px from the ruler's top left corner) and its type size.
 */
export const RULER_BOX_FIELDS = 6;

/**
 * Paints the time ruler: a line at each tick, with its time beside it (after the tick, or
 * ending at it where it would cross the right edge), on a transparent canvas over the ruler's
 * own background. Returns the boxes of the labels it painted (RULER_BOX_FIELDS each).
 */
export function paintRuler(context: Canvas2D, ruler: RulerView, pixelRatio: number): number[] {
  const boxes: number[] = [];
  context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  context.clearRect(0, 0, ruler.width, RULER_HEIGHT);
  context.font = `${RULER_FONT_SIZE}px ${LABEL_FONT_FAMILY}`;
  context.textBaseline = 'middle';
  const line = 1 / pixelRatio;
  ruler.ticks.forEach((tick, index) => {
    // A tick on a device pixel, as a border is: the label's box ends where its line is.
    const x = Math.round(tick.x * pixelRatio) / pixelRatio;
    context.fillStyle = TICK_COLOR;
    context.fillRect(tick.end ? x - line : x, 0, line, RULER_HEIGHT);
    if (!tick.label) return;
    const width = context.measureText(tick.label).width;
    const left = tick.end ? x - line - RULER_LABEL_PADDING - width : x + line + RULER_LABEL_PADDING;
    context.fillStyle = LABEL_COLOR;
    context.fillText(tick.label, left, RULER_HEIGHT / 2);
    boxes.push(index, left, 0, width, RULER_HEIGHT, RULER_FONT_SIZE);
  });
  return boxes;
}
