import { describe, expect, it } from 'vitest';
import { numberField, permuted, timeOrder } from './time-order';

const order = (keys: number[], ties?: number[]) => [...timeOrder(Float64Array.from(keys), ties)];

describe('timeOrder', () => {
  it('is the identity for keys already in order, equal keys included', () => {
    expect(order([0, 0.5, 0.5, 2, 7])).toEqual([0, 1, 2, 3, 4]);
    expect(order([])).toEqual([]);
  });

  it('sorts keys out of order, equal keys in the file order', () => {
    expect(order([3, 1, 2, 1, 0])).toEqual([4, 1, 3, 2, 0]);
  });

  it('breaks equal keys by the ties before the file order', () => {
    // A harmony (row 1) listed before a key (row 0) at the same time: the key comes first.
    expect(order([0, 4, 4, 8], [0, 1, 0, 1])).toEqual([0, 2, 1, 3]);
    expect(order([4, 4, 4], [1, 1, 1])).toEqual([0, 1, 2]);
  });

  it('orders 43,200 shuffled beats like a comparator sort', () => {
    const times = Array.from({ length: 43_200 }, (_, i) => i / 4);
    const shuffled = times.map((t, i) => times[(i * 7919) % times.length] ?? t);
    const expected = shuffled.map((_, i) => i).sort((a, b) => shuffled[a]! - shuffled[b]! || a - b);
    expect(order(shuffled)).toEqual(expected);
  });
});

describe('permuted', () => {
  it('returns the same array for the identity and a reordered copy otherwise', () => {
    const values = Float64Array.from([5, 6, 7]);
    expect(permuted(values, Int32Array.from([0, 1, 2]))).toBe(values);
    expect([...permuted(values, Int32Array.from([2, 0, 1]))]).toEqual([7, 5, 6]);
  });
});

describe('numberField', () => {
  it('reads a number field, 0 where it is missing or not a number', () => {
    const items = [{ time: 1.5 }, {}, { time: '2' }, { time: 3 }] as { time?: unknown }[];
    expect([...numberField(items, (item) => item.time)]).toEqual([1.5, 0, 0, 3]);
  });
});
