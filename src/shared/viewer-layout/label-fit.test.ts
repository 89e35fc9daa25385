import { describe, expect, it } from 'vitest';
import { fitLabel, labelWidth, parseColor } from './label-fit';

describe('fitLabel', () => {
  it('keeps a label that fits and clips one that does not, with an ellipsis', () => {
    expect(fitLabel('Coda', 100, 10)).toBe('Coda');
    expect(fitLabel('Development', 36, 10)).toBe('Devel…');
    expect(labelWidth('Devel…', 10)).toBeLessThanOrEqual(36);
  });
  it('gives nothing for a box too small for a glyph and an ellipsis', () => {
    expect(fitLabel('A', 0, 10)).toBe('');
    expect(fitLabel('AB', 7, 10)).toBe('');
  });
});

describe('parseColor', () => {
  it('reads the colour forms of .tla files', () => {
    expect(parseColor('#ff8000')).toBe(0xff8000);
    expect(parseColor('#f80')).toBe(0xff8800);
    expect(parseColor('')).toBeNull();
    expect(parseColor(null)).toBeNull();
    expect(parseColor('red')).toBeNull();
  });
});
