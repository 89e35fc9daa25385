/**
 * Audacity label tracks (File > Import > Labels): one line per label, `start<TAB>end<TAB>label`,
 * times in seconds with six decimals; a point label has start = end.
 */
import type { ExportItem } from './timeline-items';

/** Items per chunk of text: a 43,200-beat timeline goes out in pieces, never as one string. */
export const ITEMS_PER_CHUNK = 2_000;

/**
 * A label on one line. Tabs and line breaks are the format's separators, so inside a label they
 * become spaces; nothing else is changed.
 */
export function audacityLabelText(label: string): string {
  return label.replace(/[\t\r\n]+/g, ' ');
}

export function audacityTime(seconds: number): string {
  return seconds.toFixed(6);
}

export function audacityLine(item: Pick<ExportItem, 'start' | 'end' | 'label'>): string {
  return `${audacityTime(item.start)}\t${audacityTime(item.end)}\t${audacityLabelText(item.label)}\n`;
}

/** The label track of one timeline's items, a chunk of lines at a time, in time order. */
export function* audacityLabels(items: readonly ExportItem[]): Generator<string> {
  // Audacity sorts the labels it imports; written in time order they read the same in a text editor.
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let first = 0; first < sorted.length; first += ITEMS_PER_CHUNK) {
    yield sorted
      .slice(first, first + ITEMS_PER_CHUNK)
      .map(audacityLine)
      .join('');
  }
}
