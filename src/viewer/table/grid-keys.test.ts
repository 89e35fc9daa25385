import { describe, expect, it } from 'vitest';
import { gridMove, pageOf, TABLE_PAGE_SIZE } from './grid-keys';

const size = { rows: 250, columns: 3 };

describe('grid keys', () => {
  it('moves by one with the arrows and stops at the edges', () => {
    expect(gridMove({ row: 0, column: 0 }, 'ArrowDown', false, size)).toEqual({
      row: 1,
      column: 0,
    });
    expect(gridMove({ row: 0, column: 0 }, 'ArrowUp', false, size)).toEqual({ row: 0, column: 0 });
    expect(gridMove({ row: 0, column: 2 }, 'ArrowRight', false, size)).toEqual({
      row: 0,
      column: 2,
    });
    expect(gridMove({ row: 5, column: 1 }, 'ArrowLeft', false, size)).toEqual({
      row: 5,
      column: 0,
    });
  });

  it('pages, and goes to the row ends and the grid ends', () => {
    expect(gridMove({ row: 10, column: 1 }, 'PageDown', false, size)).toEqual({
      row: 10 + TABLE_PAGE_SIZE,
      column: 1,
    });
    expect(gridMove({ row: 240, column: 1 }, 'PageDown', false, size)?.row).toBe(249);
    expect(gridMove({ row: 7, column: 1 }, 'Home', false, size)).toEqual({ row: 7, column: 0 });
    expect(gridMove({ row: 7, column: 1 }, 'End', false, size)).toEqual({ row: 7, column: 2 });
    expect(gridMove({ row: 7, column: 1 }, 'Home', true, size)).toEqual({ row: 0, column: 1 });
    expect(gridMove({ row: 7, column: 1 }, 'End', true, size)).toEqual({ row: 249, column: 1 });
  });

  it('ignores other keys and empty grids', () => {
    expect(gridMove({ row: 0, column: 0 }, 'a', false, size)).toBeNull();
    expect(gridMove({ row: 0, column: 0 }, 'ArrowDown', false, { rows: 0, columns: 3 })).toBeNull();
  });

  it('knows the page of a row', () => {
    expect([0, 99, 100, 249].map(pageOf)).toEqual([0, 0, 1, 2]);
  });
});
