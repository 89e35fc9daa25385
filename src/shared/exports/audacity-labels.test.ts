import { describe, expect, it } from 'vitest';
import { audacityLabels, audacityLine, ITEMS_PER_CHUNK } from './audacity-labels';
import type { ExportItem } from './timeline-items';

const item = (start: number, end: number, label: string): ExportItem => ({
  index: 0,
  kind: 'MARKER',
  start,
  end,
  point: start === end,
  label,
  comments: '',
  level: 1,
});

/** Audacity's label file read back: start, end and label of every line. */
function parseLabels(text: string): [number, number, string][] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [start, end, ...label] = line.split('\t');
      return [Number(start), Number(end), label.join('\t')];
    });
}

describe('Audacity labels', () => {
  it('writes start, end and label with tabs, times in seconds with six decimals', () => {
    expect(audacityLine(item(1.5, 3.25, 'Exposition'))).toBe('1.500000\t3.250000\tExposition\n');
    expect(audacityLine(item(19.5, 19.5, 'HC'))).toBe('19.500000\t19.500000\tHC\n');
  });

  it('keeps labels as written, but for the tabs and line breaks the format splits on', () => {
    expect(audacityLine(item(0, 1, '=SUM(A1) +1 -x @y'))).toBe(
      '0.000000\t1.000000\t=SUM(A1) +1 -x @y\n',
    );
    expect(audacityLine(item(0, 1, 'first\tsecond\r\nthird'))).toBe(
      '0.000000\t1.000000\tfirst second third\n',
    );
  });

  it('reads back to the same starts, ends and labels, in time order, however many there are', () => {
    const items = Array.from({ length: ITEMS_PER_CHUNK * 2 + 5 }, (_, n) =>
      item(
        (ITEMS_PER_CHUNK * 2 + 5 - n) * 0.5,
        (ITEMS_PER_CHUNK * 2 + 5 - n) * 0.5 + 0.25,
        `b${n}`,
      ),
    );
    const chunks = [...audacityLabels(items)];
    expect(chunks.length).toBe(3);
    const back = parseLabels(chunks.join(''));
    const expected = items
      .map((i) => [i.start, i.end, i.label] as [number, number, string])
      .sort((a, b) => a[0] - b[0]);
    expect(back).toEqual(expected);
  });

  it('writes nothing for a timeline without components', () => {
    expect([...audacityLabels([])].join('')).toBe('');
  });
});
