import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponseJson } from '../../src/shared/api-types';
import type { TqlQueryResponse } from '../../src/shared/api-contract/tql';
import type { TqlRow } from '../../src/shared/exports/tql-exports';
import { databaseKinds } from './support/test-database';
import { upload, uploadSuite } from './support/upload-helpers';

/**
 * TQL conformance (TQL.md section 12): every example of examples-dev.json and
 * examples-supplement.json, its fixture uploaded as a .tla, run with files: [id], gives exactly
 * its rows; every refused and malformed query of the supplement is a 400 with its offsets.
 */
const dir = new URL('../fixtures/tql/', import.meta.url);

interface Example {
  id: string;
  query: string;
  fixture: string;
  rows: string[];
}
interface Refusal {
  query: string;
  error: string;
  message?: string;
  start?: number;
  end?: number;
}

const read = <T>(name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as T;
const dev = read<{ examples: Example[] }>('examples-dev.json');
const supplement = read<{
  examples: Example[];
  refused_forms: Refusal[];
  refused_actions: Refusal[];
  malformed: Refusal[];
}>('examples-supplement.json');
const examples = [...dev.examples, ...supplement.examples];
const refusals = [
  ...supplement.refused_forms,
  ...supplement.refused_actions,
  ...supplement.malformed,
];
const fixtures = [...new Set(examples.map((example) => example.fixture))];

/** A row in the examples' notation: label@start, steps by ' | ', a query's @ results in [brackets]. */
function notation(row: TqlRow, marked: boolean): string {
  return row.steps
    .filter((units) => units.length > 0)
    .map((units) => {
      const text = units.map((unit) => `${unit.label}@${unit.start}`).join(', ');
      return marked && units.some((unit) => unit.target) ? `[${text}]` : text;
    })
    .join(' | ');
}

describe.each(databaseKinds)('TQL conformance on %s', (kind) => {
  const suite = uploadSuite(kind);
  const fileIds = new Map<string, number>();

  beforeAll(async () => {
    for (const name of fixtures) {
      const bytes = readFileSync(new URL(`${name}.tla`, dir));
      const response = await upload(suite.app, suite.ana, [{ name: `${name}.tla`, bytes }], {
        is_public: 'true',
      });
      expect(response.statusCode, response.body).toBe(201);
      fileIds.set(name, response.json<UploadResponseJson>().files[0]!.id);
    }
  }, 120_000);

  const query = (body: object) =>
    suite.app.inject({ method: 'POST', url: '/api/v1/tql/query', payload: body });

  it.each(examples.map((example) => [example.id, example] as const))('%s', async (_id, example) => {
    const response = await query({ query: example.query, files: [fileIds.get(example.fixture)] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TqlQueryResponse>();
    const rows = (body.rows as TqlRow[])
      .map((row) => notation(row, example.query.includes('@')))
      .sort();
    expect(rows, example.query).toEqual([...example.rows].sort());
  });

  it.each(refusals.map((refusal) => [refusal.query, refusal] as const))(
    'refuses %s',
    async (_query, refusal) => {
      const response = await query({ query: refusal.query });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ error: string; message: string; start: number; end: number }>();
      expect(body.error).toBe(refusal.error);
      if (refusal.message !== undefined) expect(body.message).toBe(refusal.message);
      if (refusal.start !== undefined)
        expect([body.start, body.end]).toEqual([refusal.start, refusal.end]);
      expect(body.start).toBeGreaterThanOrEqual(0);
      expect(body.end).toBeGreaterThan(body.start);
      expect(body.end).toBeLessThanOrEqual([...refusal.query].length + 1);
    },
  );
});
