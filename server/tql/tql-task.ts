import { TqlError } from '../../src/shared/tql/tql-ast';
import { parseTql } from '../../src/shared/tql/tql-parser';
import type { CorpusFile } from './tql-corpus';
import { evaluateTql, type TqlResult } from './tql-evaluate';

export interface TqlTaskInput {
  query: string;
  files: CorpusFile[];
  limit: number;
  /** Date.now() past which the evaluation stops with what it has. */
  deadline: number;
}

/** A query error crosses the thread boundary as data, not as an Error of a class. */
export type TqlTaskAnswer =
  | ({ ok: true } & TqlResult)
  | { ok: false; error: { code: TqlError['code']; message: string; start: number; end: number } };

/** The work pool's task: parse and evaluate a query over the loaded index rows. */
export function runTqlTask(input: TqlTaskInput): TqlTaskAnswer {
  try {
    const query = parseTql(input.query);
    return {
      ok: true,
      ...evaluateTql(query, input.files, { limit: input.limit, deadline: input.deadline }),
    };
  } catch (error) {
    if (error instanceof TqlError) {
      return {
        ok: false,
        error: { code: error.code, message: error.message, start: error.start, end: error.end },
      };
    }
    throw error;
  }
}
