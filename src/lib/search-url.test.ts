import { describe, expect, it } from 'vitest';
import { componentSortKeys, FILE_SORT_KEYS, pageCount } from '../shared/search-fields';
import {
  conditionsQuery,
  decodeBrowseState,
  defaultBrowseState,
  encodeBrowseState,
  pageWindow,
} from './search-url';

describe('search URLs', () => {
  it('round-trips a timeline search with repeated conditions', () => {
    const state = {
      ...defaultBrowseState,
      kind: 'MARKER' as const,
      fileConditions: [
        { property: 'composer', value: 'mozart' },
        { property: 'title', value: 'K. 331 & more' },
      ],
      componentConditions: [
        { property: 'label', value: 'PAC' },
        { property: 'label', value: 'a' },
      ],
      orderBy: 'time',
      direction: 'desc' as const,
      page: 3,
      searched: true,
    };
    const search = encodeBrowseState(state, true);
    expect(search).toBe(
      'kind=MARKER&composer=mozart&title=K.+331+%26+more&label=PAC&label=a&sort=time&dir=desc&page=3',
    );
    expect(decodeBrowseState(search, componentSortKeys)).toEqual(state);
  });

  it('falls back to the defaults for unknown or missing values', () => {
    const state = decodeBrowseState(
      'kind=CHORDS&sort=label&dir=up&page=-2&genre=x',
      () => FILE_SORT_KEYS,
    );
    expect(state).toEqual({ ...defaultBrowseState, page: 1, searched: true });
    expect(decodeBrowseState('', componentSortKeys)).toEqual(defaultBrowseState);
  });

  it('keeps only the component properties of the chosen kind', () => {
    const state = decodeBrowseState('kind=BEAT&label=x&time=1-2', componentSortKeys);
    expect(state.componentConditions).toEqual([{ property: 'time', value: '1-2' }]);
  });

  it('builds the API query: blanks dropped, repeats as lists', () => {
    expect(
      conditionsQuery([
        { property: 'title', value: ' sonata ' },
        { property: 'title', value: 'K. 331' },
        { property: 'title', value: 'Turca' },
        { property: 'composer', value: '  ' },
      ]),
    ).toEqual({ title: ['sonata', 'K. 331', 'Turca'] });
  });
});

describe('pagination', () => {
  it('has ceil(count / 15) pages and at least one', () => {
    expect([0, 1, 15, 16, 18, 30, 31].map(pageCount)).toEqual([1, 1, 1, 2, 2, 2, 3]);
  });

  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows a window with the first and last page and gaps when there are many', () => {
    expect(pageWindow(1, 100)).toEqual([1, 2, 3, null, 100]);
    expect(pageWindow(50, 100)).toEqual([1, null, 48, 49, 50, 51, 52, null, 100]);
    expect(pageWindow(100, 100)).toEqual([1, null, 98, 99, 100]);
    // A gap of a single page shows that page instead.
    expect(pageWindow(5, 100)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 100]);
  });
});
