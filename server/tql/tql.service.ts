import type { Database, Db } from '../db/database';
import type { WorkTasks } from '../work/work-tasks';
import type {
  TqlErrorResponse,
  TqlQueryBody,
  TqlQueryResponse,
} from '../../src/shared/api-contract/tql';
import { TqlError, type Cond, type Lane, type Query, type Seq } from '../../src/shared/tql/tql-ast';
import { parseTql } from '../../src/shared/tql/tql-parser';
import { unansweredWarnings } from './tql-context';
import { TQL_INDEX_VERSION } from './tql-index';
import { checkLaneKnown, isBuiltinLane } from './tql-lanes';
import type { CorpusFile } from './tql-corpus';
import { narrowingOf } from './tql-narrowing';
import { neededKinds, needsTimeMap, timelineWords } from './tql-needs';
import { rowShapeOf } from './tql-rows';
import { answerWithRows } from './tql-rows.service';
import {
  laneNames,
  loadCorpus,
  narrowFiles,
  queryableFiles,
  withQueryTimeout,
} from './tql.repository';

export const DEFAULT_ROW_LIMIT = 500;
export const DEFAULT_TIME_LIMIT_MS = 10_000;
/**
 * Files loaded and matched at a time: few at first, so a query that has its rows early reads no
 * further, then more, so a query that reads many files pays few round trips.
 */
const FIRST_CHUNK = 25;
const LARGEST_CHUNK = 400;
/** The fewest files a chunk sized by the rows still wanted holds (a round trip costs too). */
const FEWEST_SIZED = 10;

/** Candidate files narrowed at a time at most (tql-narrowing.repository.ts). */
const LARGEST_NARROWING = 2000;
/**
 * When this share of the candidates narrowed so far (at least SURE_RATE_AFTER of them) has held,
 * the rest are loaded without narrowing.
 */
const LOADED_UNNARROWED = 0.6;
const SURE_RATE_AFTER = 100;

/**
 * The files a query loads, in id order, a chunk at a time: FIRST_CHUNK, then twice as many each
 * time up to LARGEST_CHUNK. Candidates (queryableFiles) are narrowed by the units and pairs a
 * match needs in batches sized by how many of them have held so far, so that a query whose
 * pairs are rare narrows the corpus in a few statements, and one whose pairs are common narrows
 * little more than it loads. Calls are made one after the other (each load awaits the last).
 */
export function fileChunks(ids: number[], narrow: (db: Db, ids: number[]) => Promise<number[]>) {
  let size = FIRST_CHUNK;
  let next = 0;
  let held = 0;
  const queue: number[] = [];
  return {
    done: () => next >= ids.length && queue.length === 0,
    /** The next chunk: `most` files at most (fewer than the doubling gives, when fewer will do). */
    async take(db: Db, most = Number.POSITIVE_INFINITY): Promise<number[]> {
      const wanted = Math.max(1, Math.min(size, Math.ceil(most)));
      while (queue.length < wanted && next < ids.length) {
        const rate = next === 0 ? 1 : Math.max(held, 1) / next;
        if (next >= SURE_RATE_AFTER && rate >= LOADED_UNNARROWED) {
          // Most candidates hold what the match needs: narrowing the rest would cost more than
          // loading the few it leaves out.
          queue.push(...ids.slice(next));
          next = ids.length;
          break;
        }
        // At the rate the candidates have held so far, enough for the chunk (once at least).
        const needed = Math.ceil(((wanted - queue.length) / rate) * 1.25);
        const batch = ids.slice(next, next + Math.min(LARGEST_NARROWING, Math.max(wanted, needed)));
        next += batch.length;
        const found = await narrow(db, batch);
        held += found.length;
        queue.push(...found);
      }
      const chunk = queue.splice(0, wanted);
      size = Math.min(LARGEST_CHUNK, size * 2);
      return chunk;
    },
  };
}

/** Waits for a load no one needs any more, so it neither fails unseen nor outlives the query. */
async function settled(load: Promise<unknown> | null): Promise<void> {
  await load?.catch(() => undefined);
}

export type TqlAnswer =
  { status: 200; body: TqlQueryResponse } | { status: 400; body: TqlErrorResponse };

type Problem = { code: TqlError['code']; message: string; start: number; end: number };

const refusal = (error: Problem): TqlAnswer => ({
  status: 400,
  body: { error: error.code, message: error.message, start: error.start, end: error.end },
});

/** Every lane a query names, at any depth. */
function lanesOf(query: Query): Lane[] {
  const lanes: Lane[] = [];
  const conds = (list: Cond[]) => {
    for (const cond of list) {
      if (cond.type === 'relation') {
        if (cond.relation.lane) lanes.push(cond.relation.lane);
        seq(cond.relation.target);
      } else if (cond.type === 'children') seq(cond.seq);
    }
  };
  const seq = (steps: Seq) => {
    for (const step of steps) {
      if (step.item.type === 'group') step.item.alternatives.forEach(seq);
      else conds(step.item.conds);
    }
  };
  const pattern = query.pattern;
  if (pattern?.lane) lanes.push(pattern.lane);
  if (pattern?.type === 'sequence') seq(pattern.seq);
  if (pattern?.type === 'relation') {
    conds(pattern.left.conds);
    if (pattern.relation.lane) lanes.push(pattern.relation.lane);
    seq(pattern.relation.target);
  }
  conds(query.where);
  return lanes;
}

/**
 * A query over the files the caller may read: parsed here (a malformed one costs nothing more),
 * lane names checked against the corpus, then, a chunk of files at a time in id order, their
 * index rows loaded by the database and matched on the work pool, until the rows, the files or
 * the time run out.
 */
export async function runTqlQuery(
  database: Database,
  tasks: WorkTasks,
  body: TqlQueryBody,
  userId: number | null,
): Promise<TqlAnswer> {
  let query: Query;
  try {
    query = parseTql(body.query);
  } catch (error) {
    if (error instanceof TqlError) return refusal(error);
    throw error;
  }
  const kinds = neededKinds(query);
  const limit = body.limit ?? DEFAULT_ROW_LIMIT;
  const timeLimit = body.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const deadline = Date.now() + timeLimit;
  const only = body.files ?? null;
  const named = lanesOf(query).filter((lane) => !isBuiltinLane(lane));
  if (named.length > 0) {
    // Names are checked against every file the caller may read, not only those that can match.
    const names = await withQueryTimeout(database, timeLimit, async (db) =>
      laneNames(db, await queryableFiles(db, userId, only, null)),
    );
    try {
      named.forEach((lane) => checkLaneKnown(names, lane));
    } catch (error) {
      if (error instanceof TqlError) return refusal(error);
      throw error;
    }
  }
  const narrowing = narrowingOf(query, body.query);
  const ids = await withQueryTimeout(database, timeLimit, (db) =>
    queryableFiles(db, userId, only, narrowing),
  );
  const withTimeMap = needsTimeMap(body.query);
  const shape = rowShapeOf(query);
  if (shape) {
    // The database finds the rows themselves: files are loaded only where it cannot.
    const asked = { query: body.query, shape, ids, limit, deadline };
    return {
      status: 200,
      body: await answerWithRows(database, tasks, asked, { kinds, withTimeMap }),
    };
  }
  const onlyTimelines = timelineWords(query);
  const chunks = fileChunks(ids, (db, batch) => narrowFiles(db, batch, narrowing));
  const load = (most: number) =>
    withQueryTimeout(database, Math.max(1, deadline - Date.now()), async (db) =>
      loadCorpus(db, await chunks.take(db, most), kinds, withTimeMap, onlyTimelines),
    );
  const rows: TqlQueryResponse['rows'] = [];
  const unanswered = new Map<string, Set<number>>();
  const notes = new Set<string>();
  let stopped: TqlQueryResponse['stopped'] = null;
  let grain: TqlQueryResponse['grain'] = 'units';
  // Rows a matched file has given so far: once known, a chunk is no larger than the rows still
  // wanted need at that rate, and none is loaded ahead when the one in hand should complete them.
  let matchedFiles = 0;
  const filesFor = (rowsExpected: number) => {
    if (rows.length === 0) return Number.POSITIVE_INFINITY;
    const rate = rows.length / matchedFiles;
    return Math.max(FEWEST_SIZED, ((limit + 1 - rowsExpected) / rate) * 1.25);
  };
  // The next chunk is loaded while the work pool matches the current one (the first even when
  // there are no files: the grain is still given).
  let pending: Promise<CorpusFile[]> | null = load(Number.POSITIVE_INFINITY);
  try {
    while (pending !== null) {
      const files: CorpusFile[] = await pending;
      const expected =
        rows.length === 0 ? 0 : rows.length + (rows.length / matchedFiles) * files.length;
      pending = chunks.done() || expected > limit ? null : load(filesFor(expected));
      if (Date.now() > deadline) {
        stopped = 'time_limit';
        break;
      }
      const answer = await tasks.tqlQuery({
        query: body.query,
        files,
        limit: limit - rows.length + 1,
        deadline,
      });
      if (!answer.ok) return refusal(answer.error);
      grain = answer.grain;
      rows.push(...answer.rows);
      matchedFiles += files.length;
      for (const [reason, files] of Object.entries(answer.unanswered)) {
        const set = unanswered.get(reason) ?? new Set<number>();
        files.forEach((id) => set.add(id));
        unanswered.set(reason, set);
      }
      answer.notes.forEach((note) => notes.add(note));
      if (answer.stopped === 'time_limit') {
        stopped = 'time_limit';
        break;
      }
      if (rows.length > limit) {
        stopped = 'limit';
        rows.length = limit;
        break;
      }
      // The chunk gave fewer rows than expected: the next is loaded now.
      if (pending === null && !chunks.done()) pending = load(filesFor(rows.length));
    }
  } finally {
    await settled(pending);
  }
  const warnings = [...unansweredWarnings(unanswered), ...notes];
  return {
    status: 200,
    body: { grain, rows, warnings, stopped, generation: TQL_INDEX_VERSION },
  };
}
