import { Type, type Static, type TProperties } from 'typebox';
import { MAX_PAGE, SEARCH_KINDS, SEARCH_PAGE_SIZE } from '../search-fields';
import { Nullable, StringEnum } from './field-kinds';
import { FileJson } from './files';
import { AbstractWorkJson, ConcreteWorkJson } from './works';

/**
 * Browse and search: files/query, components/query and components/export (DESIGN.md section 4).
 * Each query parameter is JSON text: the server parses and checks it so that a fault is a 400
 * naming the parameter, so the schemas take any text and describe what it must hold.
 */

const queryText = Type.Optional(
  Type.String({ description: 'JSON object of conditions', examples: ['{"title":"K. 331"}'] }),
);
const orderBy = Type.Optional(Type.String({ description: 'JSON string: a sort key' }));
const orderDirection = Type.Optional(Type.String({ description: 'JSON string: "asc" or "desc"' }));

export const SearchQueryString = Type.Object({
  query: queryText,
  order_by: orderBy,
  order_direction: orderDirection,
  page: Type.Optional(
    Type.String({
      description: `JSON number from 1 to ${MAX_PAGE}; ${SEARCH_PAGE_SIZE} results a page`,
    }),
  ),
});
export type SearchQueryString = Static<typeof SearchQueryString>;

/** components/export: every page of a components/query search. */
export const ExportQueryString = Type.Object({
  query: Type.Optional(
    Type.String({ description: 'JSON object of conditions, as components/query' }),
  ),
  order_by: orderBy,
  order_direction: orderDirection,
});
export type ExportQueryString = Static<typeof ExportQueryString>;

export const SearchTimelineKind = StringEnum(SEARCH_KINDS);
export type SearchTimelineKind = Static<typeof SearchTimelineKind>;

/** A condition value: one text, or several that must all match (AND). Times also take numbers. */
export const SearchConditionValue = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Array(Type.Union([Type.String(), Type.Number()])),
]);
export type SearchConditionValue = Static<typeof SearchConditionValue>;

const textOrTexts = Type.Union([Type.String(), Type.Array(Type.String())]);

/** files/query `query`, and the `file` part of components/query's. */
export const FileConditions = Type.Partial(
  Type.Object({ title: textOrTexts, composer: textOrTexts, performer: textOrTexts }),
);
export type FileConditions = Static<typeof FileConditions>;

/** components/query `query`. */
export const ComponentsQuery = Type.Object({
  'tl.kind': SearchTimelineKind,
  cmp: Type.Optional(Type.Record(Type.String(), SearchConditionValue)),
  file: Type.Optional(FileConditions),
});
export type ComponentsQuery = Static<typeof ComponentsQuery>;

/** components/export: a CSV stream with a header row, every page of the search. */
export const ComponentsCsv = {
  description: 'One row per component, with its work and a link to it in the viewer',
  content: { 'text/csv': { schema: Type.String() } },
};

export const FilesQueryResponse = Type.Object({
  files: Type.Array(FileJson),
  concrete_works: Type.Array(ConcreteWorkJson),
  abstract_works: Type.Array(AbstractWorkJson),
  count: Type.Integer({ description: 'Matches in all pages' }),
});
export type FilesQueryResponse = Static<typeof FilesQueryResponse>;

/**
 * Where a result falls in its file's bars (its first beat timeline): the printed bar, which
 * playing of it through a repeat (from 1), the beat (from 1, with its fraction). Null when the
 * file has no bars or the time lies outside them.
 */
const musicalFields = {
  measure: Nullable(Type.Integer({ description: 'The printed bar number' })),
  pass: Nullable(Type.Integer({ description: 'Which playing of the bar through a repeat' })),
  beat: Nullable(Type.Number({ description: 'The beat in the bar, from 1, with its fraction' })),
};

// Each kind's fields exactly: no additional properties, so a component matches one kind only.
const searchComponent = <Fields extends TProperties>(fields: Fields) =>
  Type.Object(
    { id: Type.Integer(), timeline_id: Type.Integer(), ...fields, ...musicalFields },
    { additionalProperties: false },
  );

export const HierarchySearchComponentJson = searchComponent({
  label: Type.String(),
  comments: Type.String(),
  color: Nullable(Type.String()),
  formal_function: Type.String(),
  formal_type: Type.String(),
  start: Type.Number(),
  end: Type.Number(),
});
export type HierarchySearchComponentJson = Static<typeof HierarchySearchComponentJson>;

export const MarkerSearchComponentJson = searchComponent({
  label: Type.String(),
  comments: Type.String(),
  color: Nullable(Type.String()),
  time: Type.Number(),
});
export type MarkerSearchComponentJson = Static<typeof MarkerSearchComponentJson>;

export const BeatSearchComponentJson = searchComponent({ time: Type.Number() });
export type BeatSearchComponentJson = Static<typeof BeatSearchComponentJson>;

/** A range of a Range timeline (desktop 0.7), with the name of the row it lies in. */
export const RangeSearchComponentJson = searchComponent({
  label: Type.String(),
  comments: Type.String(),
  row_name: Type.String(),
  start: Type.Number(),
  end: Type.Number(),
});
export type RangeSearchComponentJson = Static<typeof RangeSearchComponentJson>;

/**
 * A chord of a harmony timeline (keys are not results): the key in force as the index names it
 * ('A' major, 'f#' minor, '' before the first key), the Roman numeral as the viewer draws it,
 * music21's quality name, the inversion (0 root position) and the degree it is applied to (0 to
 * 6 from the tonic; 0 not applied).
 */
export const HarmonySearchComponentJson = searchComponent({
  time: Type.Number(),
  key: Type.String({ description: "Key in force: upper case major, lower case minor ('A', 'f#')" }),
  numeral: Type.String({ description: "Roman numeral as the viewer draws it ('V65/V')" }),
  quality: Type.String({ description: "music21 quality name ('dominant-seventh')" }),
  inversion: Type.Integer({ minimum: 0, maximum: 3 }),
  applied_to: Type.Integer({ minimum: 0, maximum: 6, description: '0: not applied; 4: /V' }),
  comments: Type.String(),
});
export type HarmonySearchComponentJson = Static<typeof HarmonySearchComponentJson>;

export const SearchComponentJson = Type.Union([
  HierarchySearchComponentJson,
  MarkerSearchComponentJson,
  BeatSearchComponentJson,
  RangeSearchComponentJson,
  HarmonySearchComponentJson,
]);
export type SearchComponentJson = Static<typeof SearchComponentJson>;

export const SearchTimelineJson = Type.Object({
  id: Type.Integer(),
  file_id: Type.Integer(),
  kind: SearchTimelineKind,
});
export type SearchTimelineJson = Static<typeof SearchTimelineJson>;

export const ComponentsQueryResponse = Type.Object({
  components: Type.Array(SearchComponentJson),
  timelines: Type.Array(SearchTimelineJson),
  files: Type.Array(FileJson),
  concrete_works: Type.Array(ConcreteWorkJson),
  abstract_works: Type.Array(AbstractWorkJson),
  count: Type.Integer({ description: 'Matches in all pages' }),
});
export type ComponentsQueryResponse = Static<typeof ComponentsQueryResponse>;
