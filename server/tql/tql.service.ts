import type { Database } from '../db/database';
import type { WorkTasks } from '../work/work-tasks';
import type {
  TqlErrorResponse,
  TqlQueryBody,
  TqlQueryResponse,
} from '../../src/shared/api-contract/tql';
import { TqlError } from '../../src/shared/tql/tql-ast';
import { parseTql } from '../../src/shared/tql/tql-parser';
import { TQL_INDEX_VERSION } from './tql-index';
import { neededKinds } from './tql-needs';
import { loadCorpus, queryableFiles, withQueryTimeout } from './tql.repository';

export const DEFAULT_ROW_LIMIT = 500;
export const DEFAULT_TIME_LIMIT_MS = 10_000;

export type TqlAnswer =
  { status: 200; body: TqlQueryResponse } | { status: 400; body: TqlErrorResponse };

const refusal = (error: {
  code: TqlError['code'];
  message: string;
  start: number;
  end: number;
}): TqlAnswer => ({
  status: 400,
  body: { error: error.code, message: error.message, start: error.start, end: error.end },
});

/**
 * A query over the files the caller may read: parsed here (a malformed one costs nothing more),
 * the files chosen and their index rows loaded by the database, then matched on the work pool.
 */
export async function runTqlQuery(
  database: Database,
  tasks: WorkTasks,
  body: TqlQueryBody,
  userId: number | null,
): Promise<TqlAnswer> {
  let kinds: string[];
  try {
    kinds = neededKinds(parseTql(body.query));
  } catch (error) {
    if (error instanceof TqlError) return refusal(error);
    throw error;
  }
  const timeLimit = body.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const deadline = Date.now() + timeLimit;
  const files = await withQueryTimeout(database, timeLimit, async (db) => {
    const ids = await queryableFiles(db, userId, body.files ?? null, null);
    return loadCorpus(db, ids, kinds);
  });
  const answer = await tasks.tqlQuery({
    query: body.query,
    files,
    limit: body.limit ?? DEFAULT_ROW_LIMIT,
    deadline,
  });
  if (!answer.ok) return refusal(answer.error);
  const { grain, rows, warnings, stopped } = answer;
  return { status: 200, body: { grain, rows, warnings, stopped, generation: TQL_INDEX_VERSION } };
}
