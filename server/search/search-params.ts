import { ApiError, fieldErrors } from '../http-errors';
import {
  COMPONENT_FIELDS,
  FILE_PROPERTIES,
  FILE_SORT_KEYS,
  MAX_PAGE,
  SEARCH_KINDS,
  SEARCH_PAGE_SIZE,
  SORT_DIRECTIONS,
  componentSortKeys,
  isNumericField,
  type ComponentField,
  type FileProperty,
  type FileSortKey,
  type SearchKind,
  type SortDirection,
} from '../../src/shared/search-fields';
import { parseTime } from '../../src/shared/time-format';
import type { SearchQueryString } from '../../src/shared/api-contract/search';
import {
  HARMONY_PROPERTIES,
  HarmonyValueError,
  harmonyValues,
  type HarmonyCondition,
  type HarmonyProperty,
} from './harmony-conditions';

/**
 * The query-string parameters of files/query and components/query, each JSON-encoded (DESIGN.md
 * section 4), checked and turned into a typed search. Every fault is a 400 naming its parameter.
 */

export type RawSearchParams = SearchQueryString;

/** Case-insensitive substring conditions on one property, AND-ed. */
export interface TextCondition<P extends string> {
  property: P;
  substrings: string[];
}

/** Inclusive bounds in seconds, already widened to the hundredth of a second. */
export interface TimeCondition {
  property: ComponentField;
  from: number;
  to: number;
}

interface Paging<K extends string> {
  orderBy: K;
  direction: SortDirection;
  page: number;
}

export interface FileSearch extends Paging<FileSortKey> {
  file: TextCondition<FileProperty>[];
}

export interface ComponentSearch extends Paging<string> {
  kind: SearchKind;
  file: TextCondition<FileProperty>[];
  text: TextCondition<ComponentField>[];
  times: TimeCondition[];
  /** HARMONY only: conditions on the chord's key, numeral, quality, inversion, applied-to. */
  harmony: HarmonyCondition[];
}

const invalid = (parameter: string, message: string) => fieldErrors({ [parameter]: [message] });

function parseJson(parameter: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid(parameter, `Not valid JSON: ${JSON.stringify(text.slice(0, 100))}.`);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function oneOf<T extends string>(
  parameter: string,
  value: unknown,
  allowed: readonly T[],
  what: string,
): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
    return value as T;
  throw invalid(
    parameter,
    `Unknown ${what} ${JSON.stringify(value)}. Choose one of: ${allowed.join(', ')}.`,
  );
}

/** A condition value is one item or a list of them (several conditions on one property). */
function valueList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function substrings(parameter: string, property: string, value: unknown): string[] {
  return valueList(value).map((item) => {
    if (typeof item !== 'string') {
      throw invalid(parameter, `The value of '${property}' must be text.`);
    }
    if (item.length > 200) {
      throw invalid(parameter, `The value of '${property}' is longer than 200 characters.`);
    }
    // PostgreSQL text cannot hold U+0000 (the query would fail with a 500); DRF's wording.
    if (item.includes('\u0000')) {
      throw invalid(parameter, `The value of '${property}': null characters are not allowed.`);
    }
    return item;
  });
}

function fileConditions(parameter: string, value: unknown): TextCondition<FileProperty>[] {
  if (value === undefined) return [];
  if (!isPlainObject(value)) throw invalid(parameter, 'Expected a JSON object of conditions.');
  return Object.entries(value).map(([property, condition]) => ({
    property: oneOf(parameter, property, FILE_PROPERTIES, 'property'),
    substrings: substrings(parameter, property, condition),
  }));
}

// A number of seconds, or a range 'a-b' whose ends are seconds or clock times ('1:05.50').
const RANGE = /^\s*([^-]+?)\s*-\s*([^-]+?)\s*$/;
const HALF_HUNDREDTH = 0.005;

function timeCondition(property: ComponentField, value: unknown): TimeCondition {
  const fault = () =>
    invalid(
      'query',
      `The value of '${property}' must be a number of seconds or a range 'a-b' (got ${JSON.stringify(value)}).`,
    );
  let from: number | null;
  let to: number | null;
  if (typeof value === 'number') {
    from = to = Number.isFinite(value) ? value : null;
  } else if (typeof value === 'string') {
    const range = RANGE.exec(value);
    from = parseTime(range ? range[1]! : value);
    to = range ? parseTime(range[2]!) : from;
  } else {
    throw fault();
  }
  if (from === null || to === null) throw fault();
  if (from > to) {
    throw invalid('query', `The range of '${property}' starts after it ends (${String(value)}).`);
  }
  // Matched to the hundredth: 1.23 finds 1.225 <= t < 1.235.
  return { property, from: from - HALF_HUNDREDTH, to: to + HALF_HUNDREDTH };
}

/**
 * Runs each parameter's check and reports every faulty parameter at once, as DRF does; a fault
 * in one (say `query`) must not hide another (`page`).
 */
function checkAll<T extends unknown[]>(...checks: { [I in keyof T]: () => T[I] }): T {
  const errors: Record<string, string[]> = {};
  const results = checks.map((check) => {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      Object.assign(errors, error.body);
      return undefined;
    }
  });
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return results as T;
}

/**
 * The deepest page files/query and components/query serve: 15,000 results.
 * A page is found with OFFSET, which reads and drops every result before it, so the cost of a
 * page grows with its depth (page 100,000 of the beats read 1.5 million rows). A keyset cursor
 * ("the 15 after this key and id") would make every page cheap, as the CSV export's batches are,
 * but the API's contract (SPEC.md section 7, DESIGN.md section 4) is numbered pages, which the
 * client's pagination and the desktop links use; nobody reads results that deep by hand, and the
 * export serves those who want them all.
 */
export { MAX_PAGE };

function parsePage(raw: RawSearchParams): number {
  const page = parseJson('page', raw.page) ?? 1;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) {
    throw invalid('page', `A page is a whole number from 1 (got ${JSON.stringify(page)}).`);
  }
  if (page > MAX_PAGE) {
    throw invalid(
      'page',
      `Page ${page} is past the last page served, ${MAX_PAGE} (the first ` +
        `${MAX_PAGE * SEARCH_PAGE_SIZE} results). Narrow the search with more conditions, or ` +
        'reverse the sort order to see the results from the other end.',
    );
  }
  return page;
}

const parseDirection = (raw: RawSearchParams) =>
  oneOf(
    'order_direction',
    parseJson('order_direction', raw.order_direction) ?? 'asc',
    SORT_DIRECTIONS,
    'direction',
  );

const parseOrderBy = <K extends string>(raw: RawSearchParams, sortKeys: readonly K[]) =>
  oneOf('order_by', parseJson('order_by', raw.order_by) ?? 'title', sortKeys, 'sort key');

export function parseFileSearch(raw: RawSearchParams): FileSearch {
  const [file, orderBy, direction, page] = checkAll<
    [TextCondition<FileProperty>[], FileSortKey, SortDirection, number]
  >(
    () => fileConditions('query', parseJson('query', raw.query) ?? {}),
    () => parseOrderBy(raw, FILE_SORT_KEYS),
    () => parseDirection(raw),
    () => parsePage(raw),
  );
  return { file, orderBy, direction, page };
}

const COMPONENT_QUERY_KEYS = ['tl.kind', 'cmp', 'file'] as const;

type ComponentConditions = Pick<ComponentSearch, 'kind' | 'file' | 'text' | 'times' | 'harmony'>;

const isHarmonyProperty = (property: ComponentField): property is HarmonyProperty =>
  (HARMONY_PROPERTIES as readonly string[]).includes(property);

/** A harmony condition's values (an empty text is no condition, as for text conditions). */
function harmonyCondition(property: HarmonyProperty, value: unknown): HarmonyCondition[] {
  return valueList(value).flatMap((item) => {
    if (typeof item !== 'string' && typeof item !== 'number') {
      throw invalid('query', `The value of '${property}' must be text.`);
    }
    if (typeof item === 'string' && item.trim() === '') return [];
    try {
      return [{ property, values: harmonyValues(property, item) }];
    } catch (error) {
      if (error instanceof HarmonyValueError) throw invalid('query', error.message);
      throw error;
    }
  });
}

export function parseComponentSearch(raw: RawSearchParams): ComponentSearch {
  const [conditions, direction, page] = checkAll<[ComponentConditions, SortDirection, number]>(
    () => componentConditions(raw),
    () => parseDirection(raw),
    () => parsePage(raw),
  );
  // The sort keys depend on the kind, so order_by is checked once the query is known.
  const orderBy = parseOrderBy(raw, componentSortKeys(conditions.kind));
  return { ...conditions, orderBy, direction, page };
}

function componentConditions(raw: RawSearchParams): ComponentConditions {
  const query = parseJson('query', raw.query) ?? {};
  if (!isPlainObject(query)) throw invalid('query', 'Expected a JSON object.');
  for (const key of Object.keys(query)) oneOf('query', key, COMPONENT_QUERY_KEYS, 'property');
  if (query['tl.kind'] === undefined) {
    throw invalid('query', `'tl.kind' is required: one of ${SEARCH_KINDS.join(', ')}.`);
  }
  const kind = oneOf('query', query['tl.kind'], SEARCH_KINDS, 'timeline kind');
  const cmp = query.cmp ?? {};
  if (!isPlainObject(cmp)) throw invalid('query', "'cmp' must be a JSON object of conditions.");
  const text: TextCondition<ComponentField>[] = [];
  const times: TimeCondition[] = [];
  const harmony: HarmonyCondition[] = [];
  for (const [name, value] of Object.entries(cmp)) {
    const property = oneOf('query', name, COMPONENT_FIELDS[kind], `${kind} property`);
    if (isHarmonyProperty(property)) {
      harmony.push(...harmonyCondition(property, value));
    } else if (isNumericField(property)) {
      for (const item of valueList(value)) times.push(timeCondition(property, item));
    } else {
      text.push({ property, substrings: substrings('query', name, value) });
    }
  }
  return { kind, file: fileConditions('query', query.file), text, times, harmony };
}
