import { RULER_BOX_FIELDS, RULER_HEIGHT } from '../shared/stage-paint/paint-ruler';
import type { RulerTick } from '../shared/viewer-layout/time-ruler';

/** The ruler canvas's size on the page (its pixels are the painter's). */
export function showRulerSize(canvas: HTMLCanvasElement, width: number): void {
  canvas.style.width = `${width}px`;
  canvas.style.height = `${RULER_HEIGHT}px`;
}

/**
 * The ruler's times as a visually hidden list, written when the view rests, as the stage's
 * labels are (label-list.ts): each item says where its label was painted (data-box: x, y, width
 * and height in CSS px from the ruler's left) and at what size (data-size).
 */
export class RulerText {
  private readonly element = document.createElement('ul');
  /** The ticks last painted, and the boxes of their labels. */
  private shown: { ticks: readonly RulerTick[]; boxes: Float32Array } | null = null;

  constructor(ruler: HTMLElement) {
    this.element.className = 'visually-hidden';
    this.element.setAttribute('aria-label', 'Time ruler');
    this.element.dataset.testid = 'ruler-labels';
    ruler.append(this.element);
  }

  /** A frame painted these ticks (no boxes: it was superseded). */
  painted(ticks: readonly RulerTick[], boxes: Float32Array | null): void {
    if (boxes) this.shown = { ticks, boxes };
  }

  /** Writes the list of the ticks painted last. */
  write(): void {
    if (!this.shown) return;
    const { ticks, boxes } = this.shown;
    const items: HTMLLIElement[] = [];
    for (let n = 0; n + RULER_BOX_FIELDS <= boxes.length; n += RULER_BOX_FIELDS) {
      const tick = ticks[boxes[n] ?? -1];
      if (!tick) continue;
      const item = document.createElement('li');
      item.textContent = tick.label;
      const box = [1, 2, 3, 4].map((field) => Math.round((boxes[n + field] ?? 0) * 10) / 10);
      item.dataset.box = box.join(' ');
      item.dataset.size = String(boxes[n + 5] ?? 0);
      items.push(item);
    }
    this.element.replaceChildren(...items);
  }

  destroy(): void {
    this.element.remove();
  }
}
