import { describe, expect, it } from 'vitest';
import { wheelZoomFactor } from './wheel-zoom';

describe('wheelZoomFactor', () => {
  it('makes a mouse wheel notch one zoom step, in towards the user and out away', () => {
    expect(wheelZoomFactor(-100, 0)).toBeCloseTo(1.2);
    expect(wheelZoomFactor(100, 0)).toBeCloseTo(1 / 1.2);
  });
  it('follows a pinch by as much as it moves, and reads lines and pages as pixels', () => {
    expect(wheelZoomFactor(-10, 0)).toBeCloseTo(1.2 ** 0.1);
    expect(wheelZoomFactor(-3, 1)).toBeCloseTo(1.2 ** 0.48);
  });
  it('never zooms more than 1.5x in one event', () => {
    expect(wheelZoomFactor(-2000, 0)).toBe(1.5);
    expect(wheelZoomFactor(1, 2)).toBeCloseTo(1 / 1.5);
  });
});
