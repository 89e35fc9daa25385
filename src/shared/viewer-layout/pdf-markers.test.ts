import { describe, expect, it } from 'vitest';
import { occludedMarkers } from './pdf-markers';

describe('occludedMarkers', () => {
  it('marks markers closer than an icon width to the last drawn one', () => {
    expect(Array.from(occludedMarkers([0, 10, 19.9, 20, 45, 60]))).toEqual([0, 1, 1, 0, 0, 1]);
  });

  it('compares with the last drawn marker, so a dense run does not alternate', () => {
    expect(Array.from(occludedMarkers([0, 12, 24, 36, 48], 20))).toEqual([0, 1, 0, 1, 0]);
    expect(Array.from(occludedMarkers([0, 5, 10, 15, 21], 20))).toEqual([0, 1, 1, 1, 0]);
  });

  it('handles no markers', () => {
    expect(occludedMarkers([])).toHaveLength(0);
  });
});
