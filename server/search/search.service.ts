import type { Db } from '../db/database';
import type {
  ComponentsQueryResponse,
  FileJson,
  FilesQueryResponse,
  SearchComponentJson,
} from '../../src/shared/api-types';
import { FileTimeMaps, hitTime, type MusicalFields } from './musical-positions';
import { SEARCH_PAGE_SIZE, type SearchKind } from '../../src/shared/search-fields';
import {
  conditionedSort,
  countComponents,
  sortConditionsOnly,
  countFiles,
  findComponentPage,
  findFilePage,
  findFilesByIds,
  findTimelinesByIds,
  readSearchGeneration,
  type ComponentHit,
  type PageStrategy,
  type FileWithWorks,
  walkKeys,
} from './search.repository';
import { distinctWorksJson } from '../files/works-json';
import { CountCache } from './count-cache';
import { countHarmony, findHarmonyPage, harmonyIndexState } from './harmony-search.repository';
import { harmonyJson } from './harmony-json';
import {
  parseComponentSearch,
  parseFileSearch,
  type ComponentSearch,
  type RawSearchParams,
} from './search-params';

/**
 * Public search: there is no access check beyond "public files only", which every query of the
 * repository applies itself (a signed-in owner finds their private files on the dashboard).
 * A component search counts first (usually from the cache), because the count decides how the
 * page is best found; a file search runs page and count at once (on PostgreSQL on two
 * connections), the file list being small.
 */

/** Runs costly work when its turn comes (RequestLoad.takeTurn). */
export type TakeTurn = <T>(work: () => Promise<T>) => Promise<T>;

export interface SearchContext {
  db: Db;
  counts: CountCache;
  /** The walk keys of searches sorted by a field they have conditions on (walkKeys). */
  keys: CountCache<string[] | null>;
  /** Where a costly page waits for its turn. */
  takeTurn: TakeTurn;
  /** The files' bars, for each result's bar and beat. */
  timeMaps: FileTimeMaps;
}

export function searchContext(db: Db, takeTurn: TakeTurn = (work) => work()): SearchContext {
  return {
    db,
    counts: new CountCache(),
    keys: new CountCache(200),
    takeTurn,
    timeMaps: new FileTimeMaps(),
  };
}

/**
 * What a search's conditions give (sort and page do not change it), cached for the search
 * generation a request read once, before computing anything.
 */
async function cached<T>(
  cache: CountCache<T>,
  generation: number,
  conditions: unknown,
  compute: () => Promise<T>,
): Promise<T> {
  const key = JSON.stringify(conditions);
  const hit = cache.get(generation, key);
  if (hit !== undefined) return hit;
  const fresh = await compute();
  cache.set(generation, key, fresh);
  return fresh;
}

/** Above this many distinct matching texts, a walk along their field reads the whole index. */
const MAX_WALK_KEYS = 1_000;

function fileJson(row: FileWithWorks): FileJson {
  return {
    id: row.file.id,
    author_id: row.file.authorId,
    concrete_work_id: row.file.concreteWorkId,
    is_public: row.file.isPublic,
    created_at: row.file.createdAt.toISOString(),
    original_name: row.file.originalName,
  };
}

/** files, concrete_works and abstract_works of a result, each once, in order of first use. */
function worksJson(rows: FileWithWorks[]) {
  return { files: rows.map(fileJson), ...distinctWorksJson(rows) };
}

export async function searchFiles(
  context: SearchContext,
  raw: RawSearchParams,
): Promise<FilesQueryResponse> {
  const search = parseFileSearch(raw);
  const { db } = context;
  const generation = await readSearchGeneration(db);
  const [page, count] = await Promise.all([
    findFilePage(db, search),
    cached(context.counts, generation, ['files', search.file], () => countFiles(db, search)),
  ]);
  return { ...worksJson(page), count };
}

function componentJson(
  kind: SearchKind,
  hit: ComponentHit,
  musical: MusicalFields,
): SearchComponentJson {
  const common = { id: hit.id, timeline_id: hit.timelineId, ...musical };
  switch (kind) {
    case 'HIERARCHY':
      return {
        ...common,
        label: hit.label ?? '',
        comments: hit.comments ?? '',
        color: hit.color,
        formal_function: hit.formalFunction ?? '',
        formal_type: hit.formalType ?? '',
        start: hit.start ?? 0,
        end: hit.end ?? 0,
      };
    case 'MARKER':
      return {
        ...common,
        label: hit.label ?? '',
        comments: hit.comments ?? '',
        color: hit.color,
        time: hit.time ?? 0,
      };
    case 'BEAT':
      return { ...common, time: hit.time ?? 0 };
    case 'RANGE':
      return {
        ...common,
        label: hit.label ?? '',
        comments: hit.comments ?? '',
        row_name: hit.rowName ?? '',
        start: hit.start ?? 0,
        end: hit.end ?? 0,
      };
    case 'HARMONY':
      throw new Error('harmony results are made by harmonyJson');
    default: {
      const unexpected: never = kind;
      throw new Error(`unknown search kind ${String(unexpected)}`);
    }
  }
}

const countKey = ({ kind, file, text, times, harmony }: ComponentSearch) =>
  ['components', kind, file, text, times, harmony] as const;

// Relative costs of one row, measured (CPU time) on PGlite and PostgreSQL at a million
// components. A walk along the sort index of the work's title or composer meets the rows file
// by file, each file's rows together in the table: the cheapest row (1). A walk along a
// component field (label, start, time...) meets them in no order of the table's, each on another
// page: about twice that. Fetching and sorting every match (found through the trigram, time or
// file index) costs about three a match. A walk tests file conditions against the matching
// files' ids, hashed once (search.repository.ts), so they cost a walk little.
const WALK_ROW_COST_BY_WORK = 1;
const WALK_ROW_COST = 2;
const FETCH_ROW_COST = 3;

/** Sort keys of the work, the same for all of a file's components. */
const WORK_SORT_KEYS: ReadonlySet<string> = new Set(['title', 'composer']);

/**
 * A page that costs more than this (in row costs, above) waits for its turn among costly pages:
 * about 3 ms of the database's time, page 334 of every beat by time; the first hundred pages
 * of any search cost less.
 */
export const COSTLY_PAGE_COST = 10_000;

/**
 * How a page is found: the strategy, for a walk the sort keys it is restricted to, and what it
 * costs in row costs.
 */
interface PagePlan {
  strategy: PageStrategy;
  walkKeys: string[] | null;
  cost: number;
}

/**
 * Walk the sort index when that costs less than fetching and sorting every match: a walk meets
 * about (offset + 15) * total / count rows before it has the page, the other way `count`. When
 * the search sorts by a text it has conditions on (a component field, the work's title or
 * composer), the walk reads only the stretches of the index at the matching texts (walkKeys):
 * `total` is then the rows with those texts.
 */
async function pagePlan(
  context: SearchContext,
  generation: number,
  search: ComponentSearch,
  count: number,
  offset: number,
): Promise<PagePlan> {
  const walkRowCost = WORK_SORT_KEYS.has(search.orderBy) ? WALK_ROW_COST_BY_WORK : WALK_ROW_COST;
  const conditioned = search.file.length + search.text.length + search.times.length > 0;
  if (!conditioned) {
    return { strategy: 'walk', walkKeys: null, cost: (offset + SEARCH_PAGE_SIZE) * walkRowCost };
  }
  const sort = conditionedSort(search);
  const keys = sort
    ? await cached(context.keys, generation, [...countKey(search), search.orderBy], () =>
        walkKeys(context.db, search, sort, MAX_WALK_KEYS),
      )
    : null;
  const walkedSearch: ComponentSearch =
    sort && keys ? sortConditionsOnly(search, sort) : { ...search, file: [], text: [], times: [] };
  const total = await cached(context.counts, generation, countKey(walkedSearch), () =>
    countComponents(context.db, walkedSearch),
  );
  const walked = ((offset + SEARCH_PAGE_SIZE) * total) / count;
  const walkCost = walked * walkRowCost;
  const fetchCost = FETCH_ROW_COST * count;
  return walkCost < fetchCost
    ? { strategy: 'walk', walkKeys: keys, cost: walkCost }
    : { strategy: 'indexed', walkKeys: null, cost: fetchCost };
}

export async function searchComponents(
  context: SearchContext,
  raw: RawSearchParams,
): Promise<ComponentsQueryResponse> {
  const search = parseComponentSearch(raw);
  if (search.kind === 'HARMONY') return searchHarmony(context, search);
  const { db } = context;
  // Read once: every cached answer of this request belongs to the same generation.
  const generation = await readSearchGeneration(db);
  const count = await cached(context.counts, generation, countKey(search), () =>
    countComponents(db, search),
  );
  const offset = (search.page - 1) * SEARCH_PAGE_SIZE;
  const hits =
    offset >= count
      ? []
      : await pagePlan(context, generation, search, count, offset).then(
          ({ strategy, walkKeys, cost }) => {
            const find = () => findComponentPage(db, search, strategy, walkKeys);
            return cost > COSTLY_PAGE_COST ? context.takeTurn(find) : find();
          },
        );
  const timelineIds = [...new Set(hits.map((hit) => hit.timelineId))];
  const fileIds = [...new Set(hits.map((hit) => hit.fileId))];
  const [timelines, fileRows, musical] = await Promise.all([
    findTimelinesByIds(db, timelineIds),
    findFilesByIds(db, fileIds),
    context.timeMaps.positions(
      db,
      hits.map((hit) => ({ fileId: hit.fileId, time: hitTime(hit) })),
    ),
  ]);
  // In order of first appearance in the page, like the works.
  const fileOrder = new Map(fileIds.map((id, index) => [id, index]));
  fileRows.sort((a, b) => fileOrder.get(a.file.id)! - fileOrder.get(b.file.id)!);
  const timelineOrder = new Map(timelineIds.map((id, index) => [id, index]));
  timelines.sort((a, b) => timelineOrder.get(a.id)! - timelineOrder.get(b.id)!);
  return {
    components: hits.map((hit, index) => componentJson(search.kind, hit, musical[index]!)),
    timelines: timelines.map((timeline) => ({
      id: timeline.id,
      file_id: timeline.fileId,
      kind: search.kind,
    })),
    ...worksJson(fileRows),
    count,
  };
}

/**
 * A HARMONY search, from the query index (harmony-search.repository.ts): the count (cached like
 * the others'), then the page, sorted in the database; the chords of a corpus are far fewer than
 * its components, and no strategy choice is needed.
 */
async function searchHarmony(
  context: SearchContext,
  search: ComponentSearch,
): Promise<ComponentsQueryResponse> {
  const { db } = context;
  const [generation, indexState] = await Promise.all([
    readSearchGeneration(db),
    harmonyIndexState(db),
  ]);
  // The index is also rewritten without any file changing (the start-up backfill of files
  // indexed by an older version): its state is part of the count's key.
  const count = await cached(context.counts, generation, [...countKey(search), indexState], () =>
    countHarmony(db, search),
  );
  const offset = (search.page - 1) * SEARCH_PAGE_SIZE;
  const hits = offset >= count ? [] : await findHarmonyPage(db, search);
  const timelineIds = [...new Set(hits.map((hit) => hit.timelineId))];
  const fileIds = [...new Set(hits.map((hit) => hit.fileId))];
  const [fileRows, musical] = await Promise.all([
    findFilesByIds(db, fileIds),
    context.timeMaps.positions(
      db,
      hits.map((hit) => ({ fileId: hit.fileId, time: hit.time })),
    ),
  ]);
  const fileOrder = new Map(fileIds.map((id, index) => [id, index]));
  fileRows.sort((a, b) => fileOrder.get(a.file.id)! - fileOrder.get(b.file.id)!);
  const fileOfTimeline = new Map(hits.map((hit) => [hit.timelineId, hit.fileId]));
  return {
    components: hits.map((hit, index) => harmonyJson(hit, musical[index]!)),
    timelines: timelineIds.map((id) => ({
      id,
      file_id: fileOfTimeline.get(id)!,
      kind: 'HARMONY' as const,
    })),
    ...worksJson(fileRows),
    count,
  };
}
