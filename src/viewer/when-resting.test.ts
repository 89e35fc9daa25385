import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhenResting } from './when-resting';

describe('WhenResting', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs only the latest update, once the stream has rested', () => {
    const ran: number[] = [];
    const writer = new WhenResting(150);
    for (let n = 0; n < 5; n++) {
      writer.later(() => ran.push(n));
      vi.advanceTimersByTime(100);
    }
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(49);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([4]);
    vi.advanceTimersByTime(1000);
    expect(ran).toEqual([4]);
  });

  it('runs the waiting update on flush, and nothing after cancel', () => {
    const ran: string[] = [];
    const writer = new WhenResting(150);
    writer.later(() => ran.push('flushed'));
    writer.flush();
    expect(ran).toEqual(['flushed']);
    writer.later(() => ran.push('dropped'));
    writer.cancel();
    vi.advanceTimersByTime(2000);
    expect(ran).toEqual(['flushed']);
  });
});
