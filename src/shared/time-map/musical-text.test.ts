import { describe, expect, it } from 'vitest';
import { barAndBeat, musicalCells, ordinal } from './musical-text';
import { repeatedBarsMap } from './repeated-bars.test-support';

describe('musical positions as text', () => {
  it('writes ordinals as English does', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });

  it('names a later playing of a bar, and the beat to a tenth', () => {
    expect(barAndBeat(12, 1, 3)).toBe('12, beat 3');
    expect(barAndBeat(9, 2, 1.5)).toBe('9 (2nd time), beat 1.5');
    expect(barAndBeat(9, 1, 2.99)).toBe('9, beat 2.9');
  });

  it('gives a time its bar (with the time through a repeat) and beat, none off the bars', () => {
    const map = repeatedBarsMap();
    expect(musicalCells(map, 1)).toEqual(['1 (1st time)', '2']);
    expect(musicalCells(map, 4.5)).toEqual(['1 (2nd time)', '1.5']);
    expect(musicalCells(map, 30)).toEqual(['', '']);
  });
});
