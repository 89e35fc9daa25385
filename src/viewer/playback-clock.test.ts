import { describe, expect, it } from 'vitest';
import { PublishedClock } from './playback-clock';

describe('the playback clock', () => {
  it('tells a new listener the time at once, then only changes, until it unsubscribes', () => {
    const clock = new PublishedClock();
    const heard: number[] = [];
    const early: number[] = [];
    clock.subscribe((time) => early.push(time));
    expect(early).toEqual([]);
    clock.publish(3);
    const unsubscribe = clock.subscribe((time) => heard.push(time));
    clock.publish(3);
    clock.publish(4);
    clock.publish(4, true);
    unsubscribe();
    clock.publish(5);
    expect(heard).toEqual([3, 4, 4]);
    expect(early).toEqual([3, 4, 4, 5]);
  });
});
