import {
  COMPONENT_FIELDS,
  FILE_PROPERTIES,
  SEARCH_KINDS,
  SORT_DIRECTIONS,
  type SearchKind,
  type SortDirection,
} from '../shared/search-fields';

/**
 * A search is a URL: its conditions, kind, sort and page live in the query string, so a
 * result page can be bookmarked, shared and reloaded, and Back returns to the previous search.
 * `?kind=MARKER&composer=mozart&label=PAC&sort=time&dir=asc&page=2`: one parameter per condition,
 * named after its property, repeated when a property has several conditions.
 */

export interface Condition {
  property: string;
  value: string;
}

export interface BrowseState {
  kind: SearchKind;
  /** Conditions on the file: title, composer, performer. */
  fileConditions: Condition[];
  /** Conditions on the components of `kind` (the timelines page only). */
  componentConditions: Condition[];
  orderBy: string;
  direction: SortDirection;
  page: number;
  /** Whether a search has been run: the URL carries a page number only once it has. */
  searched: boolean;
}

export const defaultBrowseState: BrowseState = {
  kind: 'HIERARCHY',
  fileConditions: [],
  componentConditions: [],
  orderBy: 'title',
  direction: 'asc',
  page: 1,
  searched: false,
};

const isFileProperty = (name: string) => (FILE_PROPERTIES as readonly string[]).includes(name);

export function decodeBrowseState(
  search: string,
  sortKeys: (kind: SearchKind) => readonly string[],
) {
  const params = new URLSearchParams(search);
  const kindParam = params.get('kind') ?? '';
  const kind = (SEARCH_KINDS as readonly string[]).includes(kindParam)
    ? (kindParam as SearchKind)
    : defaultBrowseState.kind;
  const componentProperties: readonly string[] = COMPONENT_FIELDS[kind];
  const fileConditions: Condition[] = [];
  const componentConditions: Condition[] = [];
  for (const [property, value] of params) {
    if (isFileProperty(property)) fileConditions.push({ property, value });
    else if (componentProperties.includes(property)) componentConditions.push({ property, value });
  }
  const sort = params.get('sort') ?? '';
  const dir = params.get('dir') ?? '';
  const page = Number(params.get('page'));
  const state: BrowseState = {
    kind,
    fileConditions,
    componentConditions,
    orderBy: sortKeys(kind).includes(sort) ? sort : defaultBrowseState.orderBy,
    direction: (SORT_DIRECTIONS as readonly string[]).includes(dir)
      ? (dir as SortDirection)
      : defaultBrowseState.direction,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    searched: params.has('page'),
  };
  return state;
}

export function encodeBrowseState(state: BrowseState, withKind: boolean): string {
  const params = new URLSearchParams();
  if (withKind) params.set('kind', state.kind);
  for (const { property, value } of [...state.fileConditions, ...state.componentConditions]) {
    params.append(property, value);
  }
  params.set('sort', state.orderBy);
  params.set('dir', state.direction);
  if (state.searched) params.set('page', String(state.page));
  return params.toString();
}

/** The API's condition object: blank values dropped, several on one property as a list. */
export function conditionsQuery(conditions: Condition[]): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const { property, value } of conditions) {
    const text = value.trim();
    if (text === '') continue;
    const existing = query[property];
    if (existing === undefined) query[property] = text;
    else query[property] = Array.isArray(existing) ? [...existing, text] : [existing, text];
  }
  return query;
}

/**
 * The page numbers to offer: always the first and the last, and those around the current one;
 * null marks a gap. Keeps the control a fixed, small width however many pages there are.
 */
export function pageWindow(current: number, total: number, radius = 2): (number | null)[] {
  const shown = new Set<number>([1, total]);
  for (let page = current - radius; page <= current + radius; page += 1) {
    if (page >= 1 && page <= total) shown.add(page);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, page] of pages.entries()) {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) result.push(null);
    result.push(page);
  }
  return result;
}
