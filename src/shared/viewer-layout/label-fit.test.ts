import { describe, expect, it } from 'vitest';
import { fitLabel, labelWidth, parseColor, spacedLabelWidth } from './label-fit';

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

describe('spacedLabelWidth', () => {
  it('allows capitals more than the average glyph, and lower case no more', () => {
    // 'VM' set in 12 px sans is about 19 px wide; the average glyph says 14.4.
    expect(spacedLabelWidth('VM', 12)).toBeGreaterThanOrEqual(19);
    expect(spacedLabelWidth('vi', 12)).toBe(labelWidth('vi', 12));
    expect(spacedLabelWidth('IIM/V', 12)).toBeGreaterThan(labelWidth('IIM/V', 12));
  });
});
