import { TqlError } from '../../src/shared/tql/tql-ast';
import { parseTql } from '../../src/shared/tql/tql-parser';
import type { CorpusFile } from './tql-corpus';
import { evaluateTql, type TqlResult } from './tql-evaluate';
import { buildTqlIndex, type TqlIndexRows } from './tql-index';
import { readTla } from '../../src/shared/tla/tla-reader';

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

export interface TqlIndexInput {
  bytes: Uint8Array;
  fileName: string;
  title: string;
  fileId: number;
  /** Timeline ids in the document's order. */
  timelines: number[];
  /** Component ids of each timeline, in the document's order. */
  components: number[][];
}

/** The work pool's task: the query index of a stored file (the start-up backfill). */
export function runTqlIndexTask(input: TqlIndexInput): TqlIndexRows {
  const document = readTla(input.bytes, input.fileName);
  return buildTqlIndex(
    document,
    {
      file: input.fileId,
      timelines: input.timelines,
      componentsOf: (index) => input.components[index] ?? [],
    },
    input.title,
  );
}
