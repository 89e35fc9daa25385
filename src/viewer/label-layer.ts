import {
  cssColor,
  FIGURE_FONT_SIZE,
  LABEL_FONT_FAMILY,
  MUSIC_FONT_FAMILY,
  TEXT_COLOR,
} from '../shared/viewer-layout/layout-constants';
import type { DrawnLabel, ViewLayout } from '../shared/viewer-layout/view-layout';
import { musicBaseline, musicFontReady } from './music-font';

/** What a label's element shows; an element is rebuilt only when this changes. */
function contentKey(label: DrawnLabel): string {
  const figures = (label.figures ?? []).join('\u0001');
  return `${label.font ?? ''}|${label.size}|${label.text}|${figures}|${label.after ?? ''}`;
}

function fillLabel(element: HTMLElement, label: DrawnLabel): void {
  element.style.fontSize = `${label.size}px`;
  element.style.fontFamily = label.font === 'music' ? MUSIC_FONT_FAMILY : '';
  element.textContent = label.text;
  const figures = label.figures ?? [];
  if (figures.length > 0) {
    // Figured bass: the figures stacked top to bottom in a column after the numeral.
    const column = document.createElement('span');
    column.className = 'viewer-label__figures';
    column.style.fontSize = `${FIGURE_FONT_SIZE}px`;
    column.style.lineHeight = `${FIGURE_FONT_SIZE}px`;
    for (const figure of figures) {
      const row = document.createElement('span');
      row.textContent = figure;
      column.append(row);
    }
    element.append(column);
  }
  if (label.after) element.append(label.after);
}

/**
 * The timelines' labels (measure numbers, section, marker and chord labels, figured bass) as
 * text elements over the canvas. Where the stage worker paints the labels, these are its text
 * layer: transparent, at the same places, so that the browser's find-in-page finds a chord
 * label and shows where it is, as pdf.js's text layer does over a page; the viewer writes them
 * once a view rests, not on every zoom or scroll step (their style and layout were most of a
 * step on a slow CPU). Where the page draws the stage, they are the labels one sees.
 *
 * Elements are pooled by what they show: a redraw moves the element that showed the same text
 * before (a zoom or scroll step keeps most labels, at other places), so only labels new to the
 * view cost the browser a text layout; spare elements take new text or are hidden.
 */
export class LabelLayer {
  private readonly element = document.createElement('div');
  /** Every element made, by the content key it shows (contentKey), shown or hidden. */
  private byKey = new Map<string, HTMLSpanElement[]>();
  private last: ViewLayout | null = null;
  private fontAsked = false;

  constructor(parent: HTMLElement, before: Node | null) {
    this.element.className = 'viewer-labels';
    this.element.setAttribute('aria-hidden', 'true');
    this.element.style.fontFamily = LABEL_FONT_FAMILY;
    this.element.style.color = cssColor(TEXT_COLOR);
    parent.insertBefore(this.element, before);
  }

  /** Whether the stage paints the labels and this layer only carries their text. */
  set painted(painted: boolean) {
    this.element.style.color = painted ? 'transparent' : cssColor(TEXT_COLOR);
  }

  draw(layout: ViewLayout): void {
    this.last = layout;
    const previous = this.byKey;
    const next = new Map<string, HTMLSpanElement[]>();
    const keep = (key: string, item: HTMLSpanElement) => {
      const list = next.get(key);
      if (list) list.push(item);
      else next.set(key, [item]);
    };
    // First the labels an element already shows; then the rest, on the elements left over.
    const unmatched: { label: DrawnLabel; top: number; key: string }[] = [];
    for (const drawing of layout.timelines) {
      const top = layout.rows[drawing.index]?.y ?? 0;
      for (const label of drawing.labels) {
        const key = contentKey(label);
        const item = previous.get(key)?.pop();
        if (!item) {
          unmatched.push({ label, top, key });
          continue;
        }
        this.place(item, label, top);
        keep(key, item);
      }
    }
    const spare = [...previous.values()].flat();
    for (const { label, top, key } of unmatched) {
      const item = spare.pop() ?? this.create();
      item.dataset.key = key;
      fillLabel(item, label);
      this.place(item, label, top);
      keep(key, item);
    }
    for (const item of spare) {
      if (!item.hidden) item.hidden = true;
      keep(item.dataset.key ?? '', item);
    }
    this.byKey = next;
  }

  private create(): HTMLSpanElement {
    const item = document.createElement('span');
    item.className = 'viewer-label';
    this.element.append(item);
    return item;
  }

  private place(item: HTMLSpanElement, label: DrawnLabel, top: number): void {
    let y = top + label.y;
    if (label.font === 'music') {
      y -= musicBaseline(label.size);
      this.askForMusicFont();
    }
    item.style.transform = `translate(${Math.round(label.x)}px, ${Math.round(y)}px)`;
    if (item.hidden) item.hidden = false;
  }

  /** The first music glyph loads the font; the glyphs are placed again once it is measured. */
  private askForMusicFont(): void {
    if (this.fontAsked) return;
    this.fontAsked = true;
    void musicFontReady().then(() => {
      if (this.last && this.element.isConnected) this.draw(this.last);
    });
  }

  destroy(): void {
    this.last = null;
    this.element.remove();
    this.byKey = new Map();
  }
}
