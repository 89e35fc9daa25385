import { describe, expect, it } from 'vitest';
import {
  COMPONENT_CONDITION_PROPERTIES,
  MAX_PAGE,
  componentSortKeys,
  isNumericField,
  pageCount,
  servedPageCount,
} from './search-fields';

describe('page counts', () => {
  it('counts the pages that hold results, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(15)).toBe(1);
    expect(pageCount(16)).toBe(2);
  });

  it('offers no page deeper than the server serves', () => {
    expect(servedPageCount(15 * 999 + 1)).toBe(MAX_PAGE);
    expect(servedPageCount(570_000)).toBe(MAX_PAGE);
    expect(pageCount(570_000)).toBe(38_000);
  });
});

describe('range components (desktop 0.7)', () => {
  it('sort by the work, then label, row name, start, end and comments', () => {
    expect(componentSortKeys('RANGE')).toEqual([
      'title',
      'composer',
      'label',
      'row_name',
      'start',
      'end',
      'comments',
    ]);
  });

  it('take text conditions on label, comments and row name; start and end are times', () => {
    expect(COMPONENT_CONDITION_PROPERTIES.RANGE).toEqual(['label', 'comments', 'row_name']);
    expect(isNumericField('start') && isNumericField('end')).toBe(true);
    expect(isNumericField('row_name')).toBe(false);
  });
});

describe('harmony components (the chords of harmony timelines)', () => {
  it('sort by the work, then key, numeral, quality, inversion, applied-to, time and comments', () => {
    expect(componentSortKeys('HARMONY')).toEqual([
      'title',
      'composer',
      'key',
      'numeral',
      'quality',
      'inversion',
      'applied_to',
      'time',
      'comments',
    ]);
  });

  it('offer the numeral first, then key, quality, inversion, applied-to and comments', () => {
    expect(COMPONENT_CONDITION_PROPERTIES.HARMONY).toEqual([
      'numeral',
      'key',
      'quality',
      'inversion',
      'applied_to',
      'comments',
    ]);
    expect(isNumericField('inversion')).toBe(false);
  });
});
