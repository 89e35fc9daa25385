import type { Db } from '../db/database';
import type {
  ComponentsQueryResponse,
  FileJson,
  FilesQueryResponse,
  SearchComponentJson,
} from '../../src/shared/api-types';
import { SEARCH_PAGE_SIZE, type SearchKind } from '../../src/shared/search-fields';
import {
  countComponents,
  countFiles,
  findComponentPage,
  findFilePage,
  findFilesByIds,
  findTimelinesByIds,
  readSearchGeneration,
  type ComponentHit,
  type PageStrategy,
  type FileWithWorks,
} from './search.repository';
import { distinctWorksJson } from '../files/works-json';
import { CountCache } from './count-cache';
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

export interface SearchContext {
  db: Db;
  counts: CountCache;
}

export function searchContext(db: Db): SearchContext {
  return { db, counts: new CountCache() };
}

/** The count of a search's conditions (sort and page do not change it), cached per generation. */
async function cachedCount(
  { db, counts }: SearchContext,
  conditions: unknown,
  count: () => Promise<number>,
): Promise<number> {
  const key = JSON.stringify(conditions);
  const generation = await readSearchGeneration(db);
  const cached = counts.get(generation, key);
  if (cached !== undefined) return cached;
  const fresh = await count();
  counts.set(generation, key, fresh);
  return fresh;
}

function fileJson(row: FileWithWorks): FileJson {
  return {
    id: row.file.id,
    author_id: row.file.authorId,
    concrete_work_id: row.file.concreteWorkId,
    is_public: row.file.isPublic,
    created_at: row.file.createdAt.toISOString(),
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
  const [page, count] = await Promise.all([
    findFilePage(db, search),
    cachedCount(context, ['files', search.file], () => countFiles(db, search)),
  ]);
  return { ...worksJson(page), count };
}

function componentJson(kind: SearchKind, hit: ComponentHit): SearchComponentJson {
  const common = { id: hit.id, timeline_id: hit.timelineId };
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
    default: {
      const unexpected: never = kind;
      throw new Error(`unknown search kind ${String(unexpected)}`);
    }
  }
}

const countKey = ({ kind, file, text, times }: ComponentSearch) =>
  ['components', kind, file, text, times] as const;

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
 * Walk the sort index when that costs less than fetching and sorting every match: a walk meets
 * about (offset + 15) * total / count rows before it has the page, the other way `count`.
 */
async function pageStrategy(
  context: SearchContext,
  search: ComponentSearch,
  count: number,
  offset: number,
): Promise<PageStrategy> {
  const unconditioned: ComponentSearch = { ...search, file: [], text: [], times: [] };
  const conditioned = search.file.length + search.text.length + search.times.length > 0;
  if (!conditioned) return 'walk';
  const total = await cachedCount(context, countKey(unconditioned), () =>
    countComponents(context.db, unconditioned),
  );
  const walked = ((offset + SEARCH_PAGE_SIZE) * total) / count;
  const walkRowCost = WORK_SORT_KEYS.has(search.orderBy) ? WALK_ROW_COST_BY_WORK : WALK_ROW_COST;
  return walked * walkRowCost < FETCH_ROW_COST * count ? 'walk' : 'indexed';
}

export async function searchComponents(
  context: SearchContext,
  raw: RawSearchParams,
): Promise<ComponentsQueryResponse> {
  const search = parseComponentSearch(raw);
  const { db } = context;
  const count = await cachedCount(context, countKey(search), () => countComponents(db, search));
  const offset = (search.page - 1) * SEARCH_PAGE_SIZE;
  const hits =
    offset >= count
      ? []
      : await findComponentPage(db, search, await pageStrategy(context, search, count, offset));
  const timelineIds = [...new Set(hits.map((hit) => hit.timelineId))];
  const fileIds = [...new Set(hits.map((hit) => hit.fileId))];
  const [timelines, fileRows] = await Promise.all([
    findTimelinesByIds(db, timelineIds),
    findFilesByIds(db, fileIds),
  ]);
  // In order of first appearance in the page, like the works.
  const fileOrder = new Map(fileIds.map((id, index) => [id, index]));
  fileRows.sort((a, b) => fileOrder.get(a.file.id)! - fileOrder.get(b.file.id)!);
  const timelineOrder = new Map(timelineIds.map((id, index) => [id, index]));
  timelines.sort((a, b) => timelineOrder.get(a.id)! - timelineOrder.get(b.id)!);
  return {
    components: hits.map((hit) => componentJson(search.kind, hit)),
    timelines: timelines.map((timeline) => ({
      id: timeline.id,
      file_id: timeline.fileId,
      kind: search.kind,
    })),
    ...worksJson(fileRows),
    count,
  };
}
