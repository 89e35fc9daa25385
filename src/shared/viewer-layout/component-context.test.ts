import { describe, expect, it } from 'vitest';
import type { ComponentJson, HarmonyComponentJson } from '../api-types';
import { repeatedBarsMap } from '../time-map/repeated-bars.test-support';
import { componentContext } from './component-context';

const chord = (id: number, time: number, label: string): HarmonyComponentJson =>
  ({ id, kind: 'HARMONY', time, label, step: 4, accidental: 0 }) as HarmonyComponentJson;
const key = (id: number, time: number, label: string): HarmonyComponentJson =>
  ({ id, kind: 'MODE', time, label, step: 0, accidental: 0 }) as HarmonyComponentJson;

// Bars of two beats a second apart, printed 1, 2, 1, 2 (a repeat).
const map = repeatedBarsMap();

describe('componentContext', () => {
  const timeline = [
    key(1, 0, 'D:'),
    chord(2, 1, 'I'),
    key(3, 4, 'A:'),
    chord(4, 4, 'V7'),
    chord(5, 5.5, 'I'),
  ];

  it("gives a chord the key in force, a key at the chord's own time included", () => {
    expect(componentContext(timeline, timeline[1]!, map).key).toBe('D:');
    expect(componentContext(timeline, timeline[3]!, map).key).toBe('A:');
    expect(componentContext(timeline, timeline[4]!, map)).toEqual({
      bar: '1 (2nd time), beat 2.5',
      key: 'A:',
    });
  });

  it('gives a key, or anything but a chord, no key; and no bar without a time map', () => {
    expect(componentContext(timeline, timeline[0]!, map).key).toBeNull();
    const unit = { id: 9, start: 2, end: 4, level: 1, label: 'A' } as unknown as ComponentJson;
    expect(componentContext([unit], unit, map)).toEqual({ bar: '2 (1st time), beat 1', key: null });
    expect(componentContext(timeline, timeline[1]!, null).bar).toBeNull();
  });
});
