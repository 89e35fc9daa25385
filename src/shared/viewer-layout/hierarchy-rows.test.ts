import { describe, expect, it } from 'vitest';
import { HIERARCHY_LEVEL_COLORS } from './layout-constants';
import { hierarchyRows, hierarchyView, levelColor } from './hierarchy-rows';

const unit = (
  start: number,
  end: number,
  level: number,
  label = '',
  color: string | null = null,
) => ({
  start,
  end,
  level,
  label,
  color,
});

describe('hierarchyRows', () => {
  it('puts level 1 at the bottom and one row per level up to the highest', () => {
    const rows = hierarchyRows([unit(0, 10, 1), unit(0, 20, 3), unit(10, 20, 1)]);
    expect(rows.levelCount).toBe(3);
    expect(Array.from(rows.rows)).toEqual([2, 0, 2]);
    expect(rows.levels.map((l) => [l.level, l.row])).toEqual([
      [1, 2],
      [3, 0],
    ]);
  });

  it("colours levels with the desktop's palette (colors[level % 10]) and lets a component colour win", () => {
    expect(levelColor(1)).toBe(0xf2d675);
    expect(levelColor(2)).toBe(0xffabaf);
    expect(levelColor(9)).toBe(HIERARCHY_LEVEL_COLORS[9]);
    expect(levelColor(10)).toBe(0x68de7c);
    expect(levelColor(11)).toBe(0xf2d675);
    const rows = hierarchyRows([
      unit(0, 1, 2),
      unit(1, 2, 2, '', '#ff0000'),
      unit(2, 3, 2, '', ''),
    ]);
    expect(Array.from(rows.colors)).toEqual([levelColor(2), 0xff0000, levelColor(2)]);
  });

  it('sorts each level by start', () => {
    const rows = hierarchyRows([unit(5, 6, 1), unit(0, 5, 1)]);
    expect(Array.from(rows.levels[0]?.indices ?? [])).toEqual([1, 0]);
  });
});

describe('hierarchyView', () => {
  /** The boxes of `units` drawn at `pxPerSecond` from time 0 in a viewport `width` pixels wide. */
  const viewOf = (units: ReturnType<typeof unit>[], pxPerSecond: number, width: number) =>
    hierarchyView(
      hierarchyRows(units),
      units.map((u) => u.label),
      { pps: pxPerSecond, offset: 0, viewport: width },
    );

  it('draws visible boxes with labels clipped to the box', () => {
    const units = [
      unit(0, 10, 1, 'Exposition'),
      unit(10, 14, 1, 'A very long development label'),
      unit(50, 60, 2, 'X'),
    ];
    const boxes = viewOf(units, 10, 200);
    expect(boxes.map((b) => b.index)).toEqual([0, 1]);
    expect(boxes[0]).toMatchObject({ x0: 0, x1: 100, y: 30, height: 30, label: 'Exposition' });
    expect(boxes[1]?.label.endsWith('…')).toBe(true);
    expect(boxes[1]?.label.length ?? 0).toBeLessThan(units[1]?.label.length ?? 0);
  });

  it('merges units narrower than a pixel', () => {
    const units = Array.from({ length: 1000 }, (_, i) => unit(i, i + 1, 1, 'u'));
    const boxes = viewOf(units, 0.1, 100);
    expect(boxes.length).toBeLessThanOrEqual(101);
    expect(boxes.length).toBeGreaterThan(90);
  });
});
