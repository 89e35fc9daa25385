import type { Database } from '../db/database';
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
import { neededKinds, needsTimeMap, requiredWords } from './tql-needs';
import { laneNames, loadCorpus, queryableFiles, withQueryTimeout } from './tql.repository';

export const DEFAULT_ROW_LIMIT = 500;
export const DEFAULT_TIME_LIMIT_MS = 10_000;
/** Files loaded and matched at a time: a query that has its rows early reads no further. */
const FILES_PER_CHUNK = 200;

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
  const scope = await withQueryTimeout(database, timeLimit, (db) =>
    queryableFiles(db, userId, only, null),
  );
  const words = requiredWords(query);
  const ids =
    words.length === 0 || scope.length === 0
      ? scope
      : await withQueryTimeout(database, timeLimit, (db) =>
          queryableFiles(db, userId, only, words),
        );
  const named = lanesOf(query).filter((lane) => !isBuiltinLane(lane));
  if (named.length > 0) {
    const names = await withQueryTimeout(database, timeLimit, (db) => laneNames(db, scope));
    try {
      named.forEach((lane) => checkLaneKnown(names, lane));
    } catch (error) {
      if (error instanceof TqlError) return refusal(error);
      throw error;
    }
  }
  const rows: TqlQueryResponse['rows'] = [];
  const unanswered = new Map<string, Set<number>>();
  const notes = new Set<string>();
  let stopped: TqlQueryResponse['stopped'] = null;
  let grain: TqlQueryResponse['grain'] = 'units';
  for (let first = 0; first < ids.length || first === 0; first += FILES_PER_CHUNK) {
    const chunk = ids.slice(first, first + FILES_PER_CHUNK);
    if (Date.now() > deadline) {
      stopped = 'time_limit';
      break;
    }
    const files = await withQueryTimeout(database, Math.max(1, deadline - Date.now()), (db) =>
      loadCorpus(db, chunk, kinds, needsTimeMap(body.query)),
    );
    const answer = await tasks.tqlQuery({
      query: body.query,
      files,
      limit: limit - rows.length + 1,
      deadline,
    });
    if (!answer.ok) return refusal(answer.error);
    grain = answer.grain;
    rows.push(...answer.rows);
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
    if (chunk.length < FILES_PER_CHUNK) break;
  }
  const warnings = [...unansweredWarnings(unanswered), ...notes];
  return {
    status: 200,
    body: { grain, rows, warnings, stopped, generation: TQL_INDEX_VERSION },
  };
}
