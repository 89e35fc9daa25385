/**
 * What the browse pages may search and sort on (SPEC.md sections 3, 5 and 9, DESIGN.md section 4).
 * The server validates against these lists and the client builds its menus and columns from them,
 * so the two cannot disagree.
 */

export const SEARCH_PAGE_SIZE = 15;

export const SEARCH_KINDS = ['HIERARCHY', 'MARKER', 'BEAT', 'RANGE', 'HARMONY'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const FILE_PROPERTIES = ['title', 'composer', 'performer'] as const;
export type FileProperty = (typeof FILE_PROPERTIES)[number];

export const FILE_SORT_KEYS = ['title', 'composer', 'performer', 'file_author'] as const;
export type FileSortKey = (typeof FILE_SORT_KEYS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export type HierarchyField =
  'label' | 'comments' | 'color' | 'formal_function' | 'formal_type' | 'start' | 'end';
export type MarkerField = 'label' | 'comments' | 'color' | 'time';
export type BeatField = 'time';
/** A range of desktop 0.7's Range timelines: its row is named, its colour is the row's or its own. */
export type RangeField = 'label' | 'comments' | 'row_name' | 'start' | 'end';
/**
 * A chord of a harmony timeline (keys are not results; a key condition finds the chords in that
 * key): the key in force, the Roman numeral, the music21 quality, the inversion, the degree it
 * is applied to, its time and comments.
 */
export type HarmonyField =
  'key' | 'numeral' | 'quality' | 'inversion' | 'applied_to' | 'time' | 'comments';
export type ComponentField = HierarchyField | MarkerField | BeatField | RangeField | HarmonyField;

/** The searchable fields of each kind's components (SPEC.md section 3), in column order. */
export const COMPONENT_FIELDS: { [K in SearchKind]: readonly ComponentField[] } = {
  HIERARCHY: ['label', 'formal_function', 'formal_type', 'start', 'end', 'comments', 'color'],
  MARKER: ['label', 'time', 'comments', 'color'],
  BEAT: ['time'],
  RANGE: ['label', 'row_name', 'start', 'end', 'comments'],
  HARMONY: ['key', 'numeral', 'quality', 'inversion', 'applied_to', 'time', 'comments'],
};

/** The condition properties the search form offers per kind (SPEC.md section 5), first = default. */
export const COMPONENT_CONDITION_PROPERTIES: { [K in SearchKind]: readonly ComponentField[] } = {
  HIERARCHY: ['label', 'comments', 'color', 'formal_function', 'formal_type'],
  MARKER: ['label', 'comments', 'color'],
  BEAT: ['time'],
  RANGE: ['label', 'comments', 'row_name'],
  HARMONY: ['numeral', 'key', 'quality', 'inversion', 'applied_to', 'comments'],
};

const NUMERIC_FIELDS: ReadonlySet<ComponentField> = new Set<ComponentField>([
  'start',
  'end',
  'time',
]);

/** Times are matched to the hundredth of a second; text fields as case-insensitive substrings. */
export function isNumericField(field: ComponentField): boolean {
  return NUMERIC_FIELDS.has(field);
}

/** Sort keys of components/query for one kind: the work's title and composer, then its fields. */
export function componentSortKeys(kind: SearchKind): readonly string[] {
  return ['title', 'composer', ...COMPONENT_FIELDS[kind]];
}

/**
 * The deepest result page the search serves (server/search/search-params.ts says why): past it,
 * narrow the search or reverse the sort.
 */
export const MAX_PAGE = 1000;

/** Pages the pagination offers: those that hold results, and no deeper than MAX_PAGE. */
export function servedPageCount(count: number): number {
  return Math.min(pageCount(count), MAX_PAGE);
}

/** SPEC.md section 9 says floor(count/15)+1, which shows an empty last page whenever the count is
 * a multiple of 15; the number of pages that hold results is ceil(count/15), and at least one. */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / SEARCH_PAGE_SIZE));
}
