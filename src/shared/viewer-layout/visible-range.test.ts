import { describe, expect, it } from 'vitest';
import {
  aggregatePoints,
  aggregateSegments,
  lowerBound,
  pointRange,
  runningMaxEnd,
  segmentRange,
  upperBound,
} from './visible-range';

describe('binary search on sorted times', () => {
  const times = Float64Array.of(0, 1, 1, 2, 5, 8);
  it('finds bounds', () => {
    expect(lowerBound(times, 1)).toBe(1);
    expect(upperBound(times, 1)).toBe(3);
    expect(lowerBound(times, 9)).toBe(6);
    expect(upperBound(times, -1)).toBe(0);
  });
  it('culls points to a window, ends included', () => {
    expect(pointRange(times, 1, 5)).toEqual([1, 5]);
    expect(pointRange(times, 5.5, 7)).toEqual([5, 5]);
  });
  it('agrees with a linear scan on random data', () => {
    const random = Float64Array.from({ length: 500 }, (_, i) =>
      Math.floor(Math.sin(i) * 1000),
    ).sort();
    for (const t of [-1000, -3, 0, 17, 999, 2000]) {
      expect(lowerBound(random, t)).toBe(
        random.findIndex((v) => v >= t) === -1 ? 500 : random.findIndex((v) => v >= t),
      );
    }
  });
});

describe('segmentRange', () => {
  it('includes long segments that started before the window', () => {
    const starts = Float64Array.of(0, 2, 3, 10, 20);
    const ends = Float64Array.of(15, 3, 4, 11, 21);
    const [from, to] = segmentRange(starts, runningMaxEnd(ends), 12, 13);
    expect(from).toBe(0);
    expect(to).toBe(4);
  });
  it('skips everything that ended before the window', () => {
    const starts = Float64Array.of(0, 1, 2, 3);
    const ends = Float64Array.of(1, 2, 3, 4);
    expect(segmentRange(starts, runningMaxEnd(ends), 2.5, 3.5)).toEqual([2, 4]);
  });
});

describe('per-pixel aggregation', () => {
  it('keeps one point per pixel column', () => {
    const kept = aggregatePoints(Float32Array.of(0.1, 0.5, 0.9, 1.2, 3, 3.7));
    expect(Array.from(kept)).toEqual([0, 3, 4]);
  });
  it('lets the higher priority win its column', () => {
    const kept = aggregatePoints(Float32Array.of(0.1, 0.5, 2), Uint8Array.of(0, 1, 0));
    expect(Array.from(kept)).toEqual([1, 2]);
  });
  it('merges sub-pixel segments starting in one column', () => {
    const merged = aggregateSegments(
      Float32Array.of(0, 0.3, 0.6, 5),
      Float32Array.of(0.3, 0.6, 0.9, 9),
    );
    expect(Array.from(merged)).toEqual([0, expect.closeTo(0.9, 5), 0, 5, 9, 3]);
  });
});
