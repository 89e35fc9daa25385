import { describe, expect, it } from 'vitest';
import { sidewaysDelta } from './stage-scroll';

const wheel = { deltaX: 0, deltaY: 0, deltaMode: 0, shiftKey: false };

describe('sidewaysDelta', () => {
  it('takes a sideways wheel or swipe as it comes', () => {
    expect(sidewaysDelta({ ...wheel, deltaX: 42, deltaY: 3 })).toBe(42);
    expect(sidewaysDelta({ ...wheel, deltaX: -7 })).toBe(-7);
  });

  it('leaves a vertical wheel to the page, unless Shift turns it sideways', () => {
    expect(sidewaysDelta({ ...wheel, deltaY: 100 })).toBe(0);
    expect(sidewaysDelta({ ...wheel, deltaY: 100, shiftKey: true })).toBe(100);
  });

  it('turns wheel lines into pixels', () => {
    expect(sidewaysDelta({ ...wheel, deltaX: 3, deltaMode: 1 })).toBe(48);
  });
});
