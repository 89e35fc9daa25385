import { describe, expect, it } from 'vitest';
import { formatTime, parseTime } from './time-format';

describe('formatTime (h:mm:ss.cc)', () => {
  it.each([
    [0, '0:00:00.00'],
    [12.344, '0:00:12.34'],
    [12.345, '0:00:12.35'],
    [59.999, '0:01:00.00'],
    [83.5, '0:01:23.50'],
    [3723.456, '1:02:03.46'],
    [36000, '10:00:00.00'],
    [-1.5, '-0:00:01.50'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });

  it('shows nothing for a value that is not a time', () => {
    expect(formatTime(Number.NaN)).toBe('');
  });
});

describe('parseTime', () => {
  it.each([
    ['83.5', 83.5],
    ['.5', 0.5],
    ['1:23.5', 83.5],
    ['0:01:23.50', 83.5],
    ['1:02:03.46', 3723.46],
    [' 12 ', 12],
  ])('%j is %s s', (text, seconds) => {
    expect(parseTime(text)).toBeCloseTo(seconds, 9);
  });

  it.each(['', 'soon', '1:60', '1:61:00', '-3', '1..2', '1:2:3:4'])('%j is not a time', (text) => {
    expect(parseTime(text)).toBeNull();
  });

  it('reads back what formatTime writes', () => {
    for (const seconds of [0, 0.01, 59.99, 61.5, 3599.99, 7322.07]) {
      expect(parseTime(formatTime(seconds))).toBeCloseTo(seconds, 9);
    }
  });
});
