import { describe, expect, it } from 'vitest';
import { MAX_PAGE, pageCount, servedPageCount } from './search-fields';

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
