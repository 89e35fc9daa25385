import { describe, expect, it } from 'vitest';
import type { RangeComponentJson, RangeRowJson } from '../api-types';
import { DrawingBuilder } from './timeline-drawing';
import { rangeLayout } from './kinds/range';
import { rangeLanes } from './range-lanes';
import { boundaryColor } from './hierarchy-rows';
import { DEFAULT_RANGE_COLOR } from './layout-constants';
import type { PreparedTimeline } from './viewer-document';

const rows: RangeRowJson[] = [
  { id: 'rH', name: 'Right hand', color: null, height: null },
  { id: 'Lh', name: 'Left hand', color: '#e57373', height: 40 },
];

const range = (fields: Partial<RangeComponentJson> & { id: number }): RangeComponentJson => ({
  kind: 'RANGE',
  start: 0,
  end: 1,
  pre_start: 0,
  post_end: 1,
  row_id: 'rH',
  label: '',
  color: null,
  comments: '',
  joined_right: null,
  ...fields,
});

const ranges = [
  range({ id: 5, start: 0, end: 12, row_id: 'Lh', label: 'Alberti bass', post_end: 13 }),
  range({ id: 3, start: 0, end: 4, label: 'melody', joined_right: 2, post_end: 4 }),
  range({
    id: 2,
    start: 4.5,
    end: 8,
    label: 'melody',
    color: '#81c784',
    pre_start: 3.5,
    post_end: 8.5,
  }),
  range({ id: 9, start: 1, end: 2, row_id: 'nowhere', label: 'stray' }),
];

describe('range lanes', () => {
  it('puts each range in its row, coloured by itself, its row, or the default', () => {
    const lanes = rangeLanes(rows, ranges);
    expect(lanes.rowNames).toEqual(['Right hand', 'Left hand', '']);
    expect([...lanes.rows]).toEqual([1, 0, 0, 2]);
    expect([...lanes.colors]).toEqual([
      0xe57373,
      DEFAULT_RANGE_COLOR,
      0x81c784,
      DEFAULT_RANGE_COLOR,
    ]);
    expect([...lanes.joinedRight]).toEqual([-1, 2, -1, -1]);
    expect([...lanes.joinedFromLeft]).toEqual([0, 0, 1, 0]);
    expect([...lanes.preStarts]).toEqual([0, 0, 3.5, 0]);
    expect([...lanes.order]).toEqual([1, 0, 3, 2]);
  });

  it('draws joined ranges as one span: a bridge, no boundary where they meet, one label', () => {
    const prepared = { kind: 'RANGE', components: ranges } as unknown as PreparedTimeline;
    rangeLayout.prepare({ rows, components: ranges } as never, prepared);
    const out = new DrawingBuilder();
    const height = 3 * 30;
    rangeLayout.draw(prepared, { height, pps: 100, offset: 0, viewport: 1400, end: 12 }, out);
    const drawing = out.build(0);
    expect(drawing.visibleCount).toBe(4);
    expect(drawing.labels.map((label) => label.text)).toEqual(['Alberti bass', 'melody', 'stray']);
    const rects = Array.from({ length: drawing.rectColors.length }, (_, i) => ({
      x: drawing.rects[i * 4]!,
      y: drawing.rects[i * 4 + 1]!,
      w: drawing.rects[i * 4 + 2]!,
      h: drawing.rects[i * 4 + 3]!,
      color: drawing.rectColors[i]!,
    }));
    // The bridge from the first melody's end (400) to the second's start (450), mid-lane.
    expect(rects).toContainEqual({ x: 400, y: 13, w: 50, h: 4, color: DEFAULT_RANGE_COLOR });
    // The second melody starts without a boundary column; its pre-start, over the melody it is
    // joined to, is not drawn. The Alberti bass's post-end reaches on to 1300, with a tick there.
    const secondStart = rects.find((r) => r.x === 450 && r.y === 2)!;
    expect(secondStart.color).toBe(0x81c784);
    expect(secondStart.w).toBe(350);
    const firstStart = rects.find((r) => r.x === 0 && r.y === 2)!;
    expect(firstStart).toMatchObject({ w: 1, color: boundaryColor(DEFAULT_RANGE_COLOR) });
    expect(rects.some((r) => r.x === 350 && r.color === boundaryColor(0x81c784))).toBe(false);
    const bass = boundaryColor(0xe57373);
    expect(rects).toContainEqual({ x: 1200, y: 45, w: 100, h: 1, color: bass });
    expect(rects).toContainEqual({ x: 1299, y: 41, w: 1, h: 8, color: bass });
    // Lanes: the left hand's range is in the second lane (30 px each).
    expect(rects.some((r) => r.y === 32 && r.color === 0xe57373)).toBe(true);
    expect([...drawing.hitIndices].sort()).toEqual([0, 1, 2, 3]);
  });
});
