import { FIGURE_FONT_SIZE } from '../shared/viewer-layout/layout-constants';
import type { PaintedLabel } from '../shared/stage-paint/label-boxes';
import type { DrawnLabel } from '../shared/viewer-layout/timeline-drawing';

/** What a label's item says; an item is rebuilt only when this changes. */
function contentKey(label: DrawnLabel): string {
  const figures = (label.figures ?? []).join('\u0001');
  return `${label.text}|${figures}|${label.after ?? ''}`;
}

function fillItem(item: HTMLElement, label: DrawnLabel): void {
  item.textContent = label.text;
  const figures = label.figures ?? [];
  if (figures.length > 0) {
    // Figured bass: the figures top to bottom, as the painter stacks them after the numeral.
    const column = document.createElement('span');
    column.className = 'viewer-label__figures';
    column.dataset.size = String(FIGURE_FONT_SIZE);
    for (const figure of figures) {
      const row = document.createElement('span');
      row.textContent = figure;
      column.append(row);
    }
    item.append(column);
  }
  if (label.after) item.append(label.after);
}

/**
 * The labels painted on the stage (measure numbers, section, marker, range and chord names with
 * their figures) as a list that assistive technology reads and tools and tests query: the
 * stage's canvas is an image to them. Visually hidden; written when the view rests, not on every
 * zoom or scroll step. Each item says where its label was painted (data-box: x, y, width and
 * height in CSS px from the stage canvas's top left corner), its timeline (data-timeline) and the
 * component it names (data-component). Music glyphs (clefs, signatures) are pictures, not text,
 * and are left out.
 *
 * Items are pooled by what they say: a zoom or scroll step keeps most labels, so only labels
 * new to the view cost new text, and only items out of order are moved; items left over are
 * hidden.
 */
export class LabelList {
  private readonly element = document.createElement('ul');
  /** Every item made, by the content key it shows, shown or hidden. */
  private byKey = new Map<string, HTMLLIElement[]>();

  constructor(parent: HTMLElement, before: Node | null) {
    this.element.className = 'viewer-labels visually-hidden';
    this.element.setAttribute('aria-label', 'Labels on screen');
    this.element.dataset.testid = 'label-list';
    parent.insertBefore(this.element, before);
  }

  write(labels: readonly PaintedLabel[]): void {
    const previous = this.byKey;
    const next = new Map<string, HTMLLIElement[]>();
    const keep = (key: string, item: HTMLLIElement) => {
      const list = next.get(key);
      if (list) list.push(item);
      else next.set(key, [item]);
    };
    const shown = labels.filter((painted) => painted.label.font !== 'music');
    // First the labels an item already says; then the rest, on the items left over.
    const items: HTMLLIElement[] = new Array<HTMLLIElement>(shown.length);
    const unmatched: number[] = [];
    shown.forEach((painted, n) => {
      const key = contentKey(painted.label);
      const item = previous.get(key)?.pop();
      if (!item) {
        unmatched.push(n);
        return;
      }
      items[n] = item;
      keep(key, item);
    });
    const spare = [...previous.values()].flat();
    for (const n of unmatched) {
      const label = shown[n]!.label;
      const key = contentKey(label);
      const item = spare.pop() ?? document.createElement('li');
      item.className = 'viewer-label';
      item.dataset.key = key;
      fillItem(item, label);
      items[n] = item;
      keep(key, item);
    }
    shown.forEach((painted, n) => place(items[n]!, painted));
    for (const item of spare) {
      if (!item.hidden) item.hidden = true;
      keep(item.dataset.key ?? '', item);
    }
    // In the order they were painted (timeline by timeline, left to right); hidden ones after.
    let nextInPlace = this.element.firstElementChild;
    for (const item of items) {
      if (item === nextInPlace) nextInPlace = item.nextElementSibling;
      else this.element.insertBefore(item, nextInPlace);
    }
    this.byKey = next;
  }

  destroy(): void {
    this.element.remove();
    this.byKey = new Map();
  }
}

/** What each item's data attributes say now, to write only what changed. */
const written = new WeakMap<HTMLLIElement, { owner: string; box: string }>();

function place(item: HTMLLIElement, painted: PaintedLabel): void {
  const owner = `${painted.timeline} ${painted.label.component ?? ''}`;
  const box = `${painted.x} ${painted.y} ${painted.width} ${painted.height}`;
  const before = written.get(item);
  if (before?.owner !== owner) {
    item.dataset.timeline = String(painted.timeline);
    if (painted.label.component === undefined) delete item.dataset.component;
    else item.dataset.component = String(painted.label.component);
  }
  if (before?.box !== box) item.dataset.box = box;
  written.set(item, { owner, box });
  if (item.hidden) item.hidden = false;
}
