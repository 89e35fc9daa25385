import { expect } from 'vitest';
import type { TqlQueryResponse } from '../../../src/shared/api-contract/tql';
import { parseTql } from '../../../src/shared/tql/tql-parser';
import { unansweredWarnings } from '../../../server/tql/tql-context';
import { evaluateTql } from '../../../server/tql/tql-evaluate';
import { neededKinds, needsTimeMap } from '../../../server/tql/tql-needs';
import { loadCorpus, queryableFiles } from '../../../server/tql/tql.repository';
import type { UploadSuite } from './upload-helpers';

/** A query through the API (narrowed, rows from SQL or a chunk at a time), answered with 200. */
export async function tqlQuery(
  suite: UploadSuite,
  text: string,
  options: { files?: number[]; limit?: number } = {},
): Promise<TqlQueryResponse> {
  const response = await suite.app.inject({
    method: 'POST',
    url: '/api/v1/tql/query',
    payload: {
      query: text,
      limit: options.limit ?? 5000,
      ...(options.files ? { files: options.files } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TqlQueryResponse>();
}

/** The evaluator over every readable file, loaded whole, as if nothing were narrowed. */
export async function unnarrowed(suite: UploadSuite, text: string, limit = 5000) {
  const parsed = parseTql(text);
  const db = suite.testDb.database.db;
  const files = await loadCorpus(
    db,
    await queryableFiles(db, null, null, null),
    neededKinds(parsed),
    needsTimeMap(text),
  );
  const result = evaluateTql(parsed, files, { limit, deadline: Date.now() + 60_000 });
  const unanswered = new Map(
    Object.entries(result.unanswered).map(([reason, ids]) => [reason, new Set(ids)]),
  );
  return {
    rows: result.rows,
    stopped: result.stopped,
    warnings: [...unansweredWarnings(unanswered), ...result.notes],
  };
}
