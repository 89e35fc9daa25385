import {
  and,
  asc,
  desc,
  eq,
  inArray,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { componentDescriptionColumns } from '../db/component-columns';
import type { Db } from '../db/database';
import {
  abstractWorks,
  components,
  concreteWorks,
  files,
  searchGeneration,
  searchValues,
  timelines,
  users,
} from '../db/schema';
import {
  SEARCH_PAGE_SIZE,
  type ComponentField,
  type FileProperty,
  type SearchKind,
  type SortDirection,
} from '../../src/shared/search-fields';
import type { ComponentSearch, FileSearch, TextCondition, TimeCondition } from './search-params';

/**
 * The SQL of files/query and components/query. Each WHERE clause below repeats, literally, the
 * predicate of the partial indexes of migration 0003 (`is_public AND search_kind = '...'`) so
 * that the planner can prove those indexes apply; the kind is one of four fixed words.
 */

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
function substringPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The apostrophes a text may be typed with: straight, typographic, opening, modifier letter. */
const APOSTROPHE = /['\u2019\u2018\u02bc]/;
const APOSTROPHES = new RegExp(APOSTROPHE.source, 'g');
const APOSTROPHE_FORMS = ["'", '\u2019', '\u2018', '\u02bc'];

/**
 * `column` contains `text`, case-insensitively; an apostrophe in the text matches any of its
 * forms ("don't" finds "don’t"). Each form is a substring condition of its own, so the trigram
 * indexes serve every one.
 */
export function containsText(column: SQLWrapper, text: string): SQL {
  if (!APOSTROPHE.test(text)) return sql`${column} ILIKE ${substringPattern(text)}`;
  const forms = APOSTROPHE_FORMS.map(
    (form) => sql`${column} ILIKE ${substringPattern(text.replace(APOSTROPHES, form))}`,
  );
  return sql`(${sql.join(forms, sql` OR `)})`;
}

const textColumn = {
  label: components.label,
  comments: components.comments,
  color: components.color,
  formal_function: components.formalFunction,
  formal_type: components.formalType,
  row_name: components.rowName,
} as const;

const timeColumn = {
  start: components.start,
  end: components.end,
  time: components.time,
} as const;

export type TextField = keyof typeof textColumn;
type TimeField = keyof typeof timeColumn;

const isTextField = (field: ComponentField): field is TextField => field in textColumn;
const isTimeField = (field: ComponentField): field is TimeField => field in timeColumn;

// Text sorts are case-insensitive and independent of the server's collation; the expressions
// match the sort indexes of migration 0003 exactly.
const textSortKey = (column: SQLWrapper) => sql`lower(${column}) COLLATE "C"`;
// Titles sort in natural order (migration 0012): "No. 6" before "No. 10".
const titleSortKey = (column: SQLWrapper) => sql`${column} COLLATE "C"`;

function ordered(key: SQLWrapper, id: AnyColumn, dir: SortDirection) {
  // Ties break by id in the same direction, so one backward index walk serves 'desc'.
  switch (dir) {
    case 'asc':
      return [asc(key), asc(id)];
    case 'desc':
      return [desc(key), desc(id)];
    default: {
      const unexpected: never = dir;
      throw new Error(`unknown direction ${String(unexpected)}`);
    }
  }
}

function fileConditionSql(condition: TextCondition<FileProperty>): SQL[] {
  const column = {
    title: abstractWorks.title,
    composer: abstractWorks.composer,
    performer: concreteWorks.artist,
  }[condition.property];
  return condition.substrings
    .filter((text) => text.length > 0)
    .map((text) => containsText(column, text));
}

/** Public files matching every file condition, as a subquery of their ids (null: no condition). */
export function matchingFileIds(conditions: TextCondition<FileProperty>[]): SQL | null {
  const clauses = conditions.flatMap(fileConditionSql);
  if (clauses.length === 0) return null;
  return sql`SELECT ${files.id} FROM ${files}
    JOIN ${concreteWorks} ON ${concreteWorks.id} = ${files.concreteWorkId}
    JOIN ${abstractWorks} ON ${abstractWorks.id} = ${concreteWorks.abstractWorkId}
    WHERE ${files.isPublic} AND ${and(...clauses)}`;
}

// ---------------------------------------------------------------------------------------------
// files/query

function fileWhere(search: FileSearch): SQL {
  return and(sql`${files.isPublic}`, ...search.file.flatMap(fileConditionSql))!;
}

function fileSortKey(search: FileSearch): SQL {
  switch (search.orderBy) {
    case 'title':
      return titleSortKey(abstractWorks.titleSort);
    case 'composer':
      return textSortKey(abstractWorks.composer);
    case 'performer':
      return textSortKey(concreteWorks.artist);
    case 'file_author':
      return textSortKey(users.username);
    default: {
      const unexpected: never = search.orderBy;
      throw new Error(`unknown sort key ${String(unexpected)}`);
    }
  }
}

const filePublicFields = {
  id: files.id,
  authorId: files.authorId,
  concreteWorkId: files.concreteWorkId,
  isPublic: files.isPublic,
  createdAt: files.createdAt,
  originalName: files.originalName,
};

export type FileWithWorks = Awaited<ReturnType<typeof filesWithWorks>>[number];

function filesWithWorks(db: Db) {
  return db
    .select({ file: filePublicFields, concreteWork: concreteWorks, abstractWork: abstractWorks })
    .from(files)
    .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
    .innerJoin(abstractWorks, eq(abstractWorks.id, concreteWorks.abstractWorkId));
}

export async function findFilePage(db: Db, search: FileSearch): Promise<FileWithWorks[]> {
  return filesWithWorks(db)
    .innerJoin(users, eq(users.id, files.authorId))
    .where(fileWhere(search))
    .orderBy(...ordered(fileSortKey(search), files.id, search.direction))
    .limit(SEARCH_PAGE_SIZE)
    .offset((search.page - 1) * SEARCH_PAGE_SIZE);
}

export async function countFiles(db: Db, search: FileSearch): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::integer` })
    .from(files)
    .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
    .innerJoin(abstractWorks, eq(abstractWorks.id, concreteWorks.abstractWorkId))
    .where(fileWhere(search));
  return Number(row?.count ?? 0);
}

/** The files (with their works) of a page of components, public ones only. */
export async function findFilesByIds(db: Db, ids: number[]): Promise<FileWithWorks[]> {
  if (ids.length === 0) return [];
  return filesWithWorks(db).where(and(inArray(files.id, ids), sql`${files.isPublic}`));
}

// ---------------------------------------------------------------------------------------------
// components/query

function textConditionSql(condition: TextCondition<ComponentField>): SQL[] {
  if (!isTextField(condition.property)) return [];
  const column = textColumn[condition.property];
  return condition.substrings
    .filter((text) => text.length > 0)
    .map((text) => containsText(column, text));
}

function timeConditionSql(condition: TimeCondition): SQL[] {
  if (!isTimeField(condition.property)) return [];
  const column = timeColumn[condition.property];
  return [sql`${column} >= ${condition.from}`, sql`${column} < ${condition.to}`];
}

const kindLiteral = (kind: SearchKind) => sql.raw(`'${kind}'`);

/** The conditions on the components' own fields (text and times), as SQL. */
function componentConditionsSql(search: ComponentSearch): SQL[] {
  return [...search.text.flatMap(textConditionSql), ...search.times.flatMap(timeConditionSql)];
}

/**
 * How the file conditions meet the components. 'join': `file_id IN (matching files)`, which the
 * planner turns into a join and can drive from the files (the components of a few files through
 * the (file_id, search_kind) index). 'probe': the matching files' ids are hashed once and each
 * row is looked up in the hash, for a walk along a sort index, where a join would look up every
 * walked row's file, concrete work and abstract work (three index probes a row, 5-10 µs).
 */
type FileFilter = 'join' | 'probe';

function fileFilterSql(fileIds: SQL, filter: FileFilter): SQL {
  switch (filter) {
    case 'join':
      return sql`${components.fileId} IN (${fileIds})`;
    case 'probe':
      // IS TRUE keeps the planner from pulling the IN up into a join: it stays a subplan, run
      // once and hashed.
      return sql`(${components.fileId} IN (${fileIds})) IS TRUE`;
    default: {
      const unexpected: never = filter;
      throw new Error(`unknown file filter ${String(unexpected)}`);
    }
  }
}

function componentWhere(
  search: ComponentSearch,
  filter: FileFilter = 'join',
  walkKeys: readonly string[] | null = null,
): SQL {
  const fileIds = matchingFileIds(search.file);
  return and(
    sql`${components.isPublic}`,
    sql`${components.searchKind} = ${kindLiteral(search.kind)}`,
    ...componentConditionsSql(search),
    ...(fileIds ? [fileFilterSql(fileIds, filter)] : []),
    // The sort index's own column, so the walk visits only these keys' entries, in order.
    ...(walkKeys
      ? [
          sql`${componentSortKey(search)} = ANY(ARRAY[${sql.join(
            walkKeys.map((key) => sql`${key}`),
            sql`, `,
          )}]::text[])`,
        ]
      : []),
  )!;
}

function componentSortKey(search: ComponentSearch): SQLWrapper {
  const key = search.orderBy;
  if (key === 'title') return titleSortKey(components.workTitleSort);
  if (key === 'composer') return textSortKey(components.workComposer);
  const field = key as ComponentField;
  if (isTextField(field)) return textSortKey(textColumn[field]);
  if (isTimeField(field)) return timeColumn[field];
  throw new Error(`unknown sort key ${key}`);
}

export interface ComponentHit {
  id: number;
  timelineId: number;
  fileId: number;
  label: string | null;
  comments: string | null;
  color: string | null;
  formalFunction: string | null;
  formalType: string | null;
  start: number | null;
  end: number | null;
  time: number | null;
  rowName: string | null;
}

/**
 * How a page is found. 'indexed': the planner's choice, in practice the trigram or time index
 * for the matches, then a sort of all of them; right when matches are few. 'walk': along the
 * sort index, testing each row, stopping after offset + 15 matches; right when matches are dense.
 * The planner cannot tell the two apart (its estimate for a substring is a guess), the caller can:
 * it knows the count.
 */
export type PageStrategy = 'indexed' | 'walk';

/**
 * A page of matches. `walkKeys` (a walk only): every sort key a match can have, when the search
 * sorts by the text field it has conditions on (walkKeys below); the walk then reads only those
 * keys' stretches of the sort index instead of every row sorting before them.
 */
export async function findComponentPage(
  db: Db,
  search: ComponentSearch,
  strategy: PageStrategy,
  walkKeys: readonly string[] | null = null,
): Promise<ComponentHit[]> {
  if (strategy === 'indexed') return componentPageQuery(db, search, 'join');
  return db.transaction(async (tx) => {
    await preferIndexWalks(tx);
    return componentPageQuery(tx, search, 'probe', walkKeys);
  });
}

/**
 * For the rest of the transaction: a plan that sorts costs "infinitely" much, which leaves the
 * ordered walk along the sort index. No parallel workers: a walk stops after a few thousand rows,
 * less than starting them costs. (Disabling bitmap scans as well made PGlite's planner take 17 ms
 * over a walk of 1 ms.)
 */
export async function preferIndexWalks(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT set_config('enable_sort', 'off', true),
    set_config('max_parallel_workers_per_gather', '0', true)`);
}

function componentPageQuery(
  db: Db,
  search: ComponentSearch,
  filter: FileFilter,
  walkKeys: readonly string[] | null = null,
): Promise<ComponentHit[]> {
  const offset = (search.page - 1) * SEARCH_PAGE_SIZE;
  return findComponentRange(db, search, offset, SEARCH_PAGE_SIZE, filter, walkKeys);
}

/** The columns of a ComponentHit. */
const hitColumns = {
  id: components.id,
  timelineId: components.timelineId,
  fileId: components.fileId,
  ...componentDescriptionColumns,
  time: components.time,
  rowName: components.rowName,
};

/**
 * `limit` matches from `offset`, in the search's order (ties by id, so consecutive ranges neither
 * skip nor repeat a row): a page, or a batch of the CSV export (search-export.service.ts).
 */
function findComponentRange(
  db: Db,
  search: ComponentSearch,
  offset: number,
  limit: number,
  filter: FileFilter = 'join',
  walkKeys: readonly string[] | null = null,
): Promise<ComponentHit[]> {
  return db
    .select(hitColumns)
    .from(components)
    .where(componentWhere(search, filter, walkKeys))
    .orderBy(...ordered(componentSortKey(search), components.id, search.direction))
    .limit(limit)
    .offset(offset);
}

/**
 * Where a keyset walk of a search's order stands: in the rows whose sort key has a value, or in
 * those without one (PostgreSQL puts NULLs last going up and first going down), after the row
 * with this key and id (null: at the start of the phase).
 */
export interface ComponentKeyset {
  phase: 'values' | 'nulls';
  after: { key: string | number; id: number } | { key: null; id: number } | null;
}

/**
 * Up to `limit` matches after a keyset position, in the search's order, no later than component
 * `maxId` (null: no bound): the CSV export's batches. Each batch is a range scan of the sort
 * index (key, id), however deep into the result it is, where an OFFSET would walk every row
 * before it. Returns the query, so that tests can ask the planner about it; awaiting runs it.
 */
export function findComponentsAfter(
  db: Db,
  search: ComponentSearch,
  keyset: ComponentKeyset,
  maxId: number | null,
  limit: number,
) {
  const key = componentSortKey(search);
  const up = search.direction === 'asc';
  const after = keyset.after;
  let position: SQL | undefined;
  if (keyset.phase === 'values') {
    position = and(
      sql`${key} IS NOT NULL`,
      after?.key != null
        ? up
          ? sql`(${key}, ${components.id}) > (${after.key}, ${after.id})`
          : sql`(${key}, ${components.id}) < (${after.key}, ${after.id})`
        : undefined,
    );
  } else {
    position = and(
      sql`${key} IS NULL`,
      after
        ? up
          ? sql`${components.id} > ${after.id}`
          : sql`${components.id} < ${after.id}`
        : undefined,
    );
  }
  return db
    .select({
      ...hitColumns,
      sortKey: sql<string | number | null>`${key}`,
    })
    .from(components)
    .where(
      and(
        componentWhere(search),
        maxId === null ? undefined : sql`${components.id} <= ${maxId}`,
        position,
      ),
    )
    .orderBy(
      ...(keyset.phase === 'values'
        ? ordered(key, components.id, search.direction)
        : [up ? asc(components.id) : desc(components.id)]),
    )
    .limit(limit);
}

/**
 * A batch of the CSV export, found by walking the sort index in order. Without the walk forced,
 * the planner (which has no statistics on the components under PGlite, pglite-maintenance.ts)
 * can read every match through another index and sort them all, for each batch: 0.2 s a batch
 * for 144,000 beats, and an export of them quadratic. `walking`: the caller's transaction
 * already prefers index walks (the export's snapshot on PostgreSQL); otherwise each batch gets a
 * transaction of its own that does.
 */
export async function findComponentBatch(
  db: Db,
  search: ComponentSearch,
  keyset: ComponentKeyset,
  maxId: number | null,
  limit: number,
  walking: boolean,
): Promise<(ComponentHit & { sortKey: string | number | null })[]> {
  if (walking) return findComponentsAfter(db, search, keyset, maxId, limit);
  return db.transaction(async (tx) => {
    await preferIndexWalks(tx);
    return findComponentsAfter(tx, search, keyset, maxId, limit);
  });
}

/** The largest component id now: an export leaves out what is stored after it starts. */
export async function lastComponentId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${components.id}), 0)` })
    .from(components);
  return Number(row?.id ?? 0);
}

/**
 * The number of matches. Searches without conditions on the components' own fields, and those
 * on one text field, are counted from the totals of migration 0005; others count the matches.
 */
export async function countComponents(db: Db, search: ComponentSearch): Promise<number> {
  if (componentConditionsSql(search).length === 0) return countByTimelines(db, search);
  const field = singleTextField(search);
  if (field) return countByValues(db, search, field);
  const [row] = await db
    .select({ count: sql<number>`count(*)::integer` })
    .from(components)
    .where(componentWhere(search));
  return Number(row?.count ?? 0);
}

/** The timelines whose components each search kind finds. */
const timelineKindOf: { [K in SearchKind]: string } = {
  HIERARCHY: 'HIERARCHY_TIMELINE',
  MARKER: 'MARKER_TIMELINE',
  BEAT: 'BEAT_TIMELINE',
  RANGE: 'RANGE_TIMELINE',
  HARMONY: 'HARMONY_TIMELINE',
};

/**
 * The count of a search with no condition on the components themselves: the searchable
 * components of the kind's timelines in the public (matching) files, which each timeline keeps
 * (migration 0005). A sum over thousands of timelines, where counting the components themselves
 * walks up to every component of the kind (576,000 beats at a million components: 60-80 ms).
 */
async function countByTimelines(db: Db, search: ComponentSearch): Promise<number> {
  const fileIds = matchingFileIds(search.file);
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${timelines.searchCount}), 0)::integer` })
    .from(timelines)
    .innerJoin(files, eq(files.id, timelines.fileId))
    .where(
      and(
        sql`${files.isPublic}`,
        eq(timelines.kind, timelineKindOf[search.kind]),
        ...(fileIds ? [sql`${timelines.fileId} IN (${fileIds})`] : []),
      ),
    );
  return Number(row?.count ?? 0);
}

/** The one text field that all of a search's component conditions are on, if there is one. */
function singleTextField(search: ComponentSearch): TextField | null {
  if (search.times.some((condition) => timeConditionSql(condition).length > 0)) return null;
  const fields = new Set(
    search.text
      .filter((condition) => textConditionSql(condition).length > 0)
      .map((condition) => condition.property),
  );
  const [field] = fields;
  return fields.size === 1 && field !== undefined && isTextField(field) ? field : null;
}

/**
 * The count of a search whose component conditions are all on one text field: the counts of the
 * distinct texts of that field that match, per public (matching) file (migration 0005). A file
 * has few distinct labels, functions or colours, so this tests far fewer texts than there are
 * matching components (24,000 formal functions 'cadential': 4,000 texts, 5-10 ms, not 40-60).
 */
async function countByValues(db: Db, search: ComponentSearch, field: TextField): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${searchValues.count}), 0)::integer` })
    .from(searchValues)
    .where(valuesWhere(search, field));
  return Number(row?.count ?? 0);
}

/** The texts of `field` in search_values that meet the search's conditions on that field. */
function valuesWhere(search: ComponentSearch, field: TextField): SQL {
  const fileIds = matchingFileIds(search.file);
  const substrings = search.text
    .filter((condition) => condition.property === field)
    .flatMap((condition) => condition.substrings)
    .filter((text) => text.length > 0);
  // The kind and field as literals, like the predicates of the partial indexes, so that the
  // planner can prove which index applies.
  return and(
    sql`${searchValues.isPublic}`,
    sql`${searchValues.kind} = ${kindLiteral(search.kind)}`,
    sql`${searchValues.field} = ${sql.raw(`'${field}'`)}`,
    ...substrings.map((text) => containsText(searchValues.value, text)),
    ...(fileIds ? [sql`${searchValues.fileId} IN (${fileIds})`] : []),
  )!;
}

/**
 * What a search sorts by when it also has a condition on that same text: a component field
 * (label contains 'PAC', by label) or the work's title or composer (composer contains 'mozart',
 * by composer). Its matches then lie in a few stretches of the sort index, at the matching
 * texts, not spread over it: a walk from the start would read every row sorting before them
 * (all the 'DC', 'EC', 'HC' and 'IAC' before the first 'PAC').
 */
export type ConditionedSort =
  { on: 'component'; field: TextField } | { on: 'work'; property: 'title' | 'composer' };

const hasText = (condition: { substrings: string[] }) =>
  condition.substrings.some((text) => text.length > 0);

export function conditionedSort(search: ComponentSearch): ConditionedSort | null {
  const key = search.orderBy;
  if (key === 'title' || key === 'composer') {
    const conditioned = search.file.some((c) => c.property === key && hasText(c));
    return conditioned ? { on: 'work', property: key } : null;
  }
  const field = key as ComponentField;
  if (!isTextField(field)) return null;
  const conditioned = search.text.some((c) => c.property === field && hasText(c));
  return conditioned ? { on: 'component', field } : null;
}

/**
 * The distinct sort keys (`lower(text) COLLATE "C"`, or a title's natural key, as the sort index
 * has them) of the texts
 * that meet the search's conditions on what it sorts by: for a component field from
 * search_values (public, matching files), for the work's title or composer from the matching
 * files' works. Null when there are more than `limit` (a walk then reads the whole index).
 */
export async function walkKeys(
  db: Db,
  search: ComponentSearch,
  sort: ConditionedSort,
  limit: number,
): Promise<string[] | null> {
  const rows =
    sort.on === 'component'
      ? await db
          .selectDistinct({ key: sql<string>`lower(${searchValues.value}) COLLATE "C"` })
          .from(searchValues)
          .where(valuesWhere(search, sort.field))
          .limit(limit + 1)
      : await db
          .selectDistinct({
            key:
              sort.property === 'title'
                ? sql<string>`${abstractWorks.titleSort} COLLATE "C"`
                : sql<string>`lower(${abstractWorks.composer}) COLLATE "C"`,
          })
          .from(files)
          .innerJoin(concreteWorks, eq(concreteWorks.id, files.concreteWorkId))
          .innerJoin(abstractWorks, eq(abstractWorks.id, concreteWorks.abstractWorkId))
          .where(and(sql`${files.isPublic}`, ...search.file.flatMap(fileConditionSql)))
          .limit(limit + 1);
  return rows.length > limit ? null : rows.map((row) => row.key);
}

/**
 * The search with only its conditions on what it sorts by: its count is the number of rows a
 * walk restricted to the walk keys meets.
 */
export function sortConditionsOnly(
  search: ComponentSearch,
  sort: ConditionedSort,
): ComponentSearch {
  return sort.on === 'component'
    ? {
        ...search,
        file: [],
        times: [],
        text: search.text.filter((condition) => condition.property === sort.field),
      }
    : {
        ...search,
        text: [],
        times: [],
        file: search.file.filter((condition) => condition.property === sort.property),
      };
}

export async function findTimelinesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: timelines.id, fileId: timelines.fileId, kind: timelines.kind })
    .from(timelines)
    .where(inArray(timelines.id, ids));
}

/** The generation that cached counts are valid for (migration 0003). */
export async function readSearchGeneration(db: Db): Promise<number> {
  const [row] = await db.select({ generation: searchGeneration.generation }).from(searchGeneration);
  return row?.generation ?? 0;
}
