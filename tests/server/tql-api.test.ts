import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponseJson } from '../../src/shared/api-types';
import type { TqlQueryResponse } from '../../src/shared/api-contract/tql';
import type { TqlRow } from '../../src/shared/exports/tql-exports';
import { backfillTqlIndex } from '../../server/tql/tql-backfill';
import { inProcessTasks } from '../../server/work/work-tasks';
import { databaseKinds } from './support/test-database';
import { createUser, upload, uploadSuite, type TestUser } from './support/upload-helpers';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/tql/${name}.tla`, import.meta.url));
const silentLog = { info: () => undefined, warn: () => undefined };

describe.each(databaseKinds)('POST tql/query on %s', (kind) => {
  const suite = uploadSuite(kind);
  let bea: TestUser;
  const ids: Record<string, number> = {};

  const store = async (user: TestUser, name: string, isPublic: boolean) => {
    const response = await upload(
      suite.app,
      user,
      [{ name: `${name}.tla`, bytes: fixture(name) }],
      {
        is_public: String(isPublic),
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UploadResponseJson>().files[0]!.id;
  };

  beforeAll(async () => {
    bea = await createUser(suite.testDb.database.db, 'bea');
    ids.pop = await store(suite.ana, 'pop', true);
    ids.sonata = await store(suite.ana, 'sonata', false);
    ids.exposition = await store(bea, 'exposition', false);
  }, 60_000);

  const query = (body: object, user: TestUser | null = null) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/v1/tql/query',
      payload: body,
      headers: user ? user.auth : {},
    });
  const filesOf = (body: TqlQueryResponse) => [
    ...new Set((body.rows as TqlRow[]).map((row) => row.file.id)),
  ];

  it('reads public files, and a signed-in caller’s own private files, never another’s', async () => {
    const signedOut = (await query({ query: '*' })).json<TqlQueryResponse>();
    expect(filesOf(signedOut)).toEqual([ids.pop]);
    const ana = (await query({ query: '*' }, suite.ana)).json<TqlQueryResponse>();
    expect(filesOf(ana)).toEqual([ids.pop, ids.sonata]);
    const beaRows = (
      await query({ query: '*', files: [ids.sonata, ids.exposition] }, bea)
    ).json<TqlQueryResponse>();
    expect(filesOf(beaRows)).toEqual([ids.exposition]);
  });

  it('orders rows by file, start and end, and stops at the row limit', async () => {
    const all = (await query({ query: '*', limit: 5000 }, suite.ana)).json<TqlQueryResponse>();
    const rows = all.rows as TqlRow[];
    expect(all.stopped).toBeNull();
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.file.id < b.file.id || (a.file.id === b.file.id && a.start <= b.start)).toBe(true);
    }
    const few = (await query({ query: '*', limit: 3 }, suite.ana)).json<TqlQueryResponse>();
    expect(few.stopped).toBe('limit');
    expect(few.rows).toEqual(rows.slice(0, 3));
  });

  it('answers WHERE-only queries with timelines or files', async () => {
    const timelines = (
      await query({ query: 'WHERE tl.role = form', files: [ids.pop] })
    ).json<TqlQueryResponse>();
    expect(timelines.grain).toBe('timelines');
    expect(timelines.rows.map((row) => (row as { author: string }).author)).toEqual(['A', 'B']);
    const files = (await query({ query: 'WHERE title ~ /pop/' })).json<TqlQueryResponse>();
    expect(files.grain).toBe('files');
    expect(files.rows).toEqual([{ file: ids.pop, title: 'pop' }]);
  });

  it('is in the OpenAPI document, with its body and both answers', async () => {
    const document = (await suite.app.inject({ url: '/api/v1/openapi.json' })).json<{
      paths: Record<
        string,
        { post?: { requestBody?: unknown; responses?: Record<string, unknown> } }
      >;
    }>();
    const route = Object.entries(document.paths).find(([path]) => path.includes('tql/query'))?.[1];
    expect(route?.post?.requestBody).toBeDefined();
    expect(Object.keys(route?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400']),
    );
  });

  it('answers a body that breaks the schema with a 400, not a 500', async () => {
    for (const payload of [
      { query: 5 },
      { query: 'a', limit: 0 },
      { query: 'a', files: ['x'] },
      {},
    ]) {
      const response = await query(payload);
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('reads beats, kept as lists on their timeline, as units of a beat lane', async () => {
    const body = (
      await query({ query: '* IN time_map WHERE time < 3', files: [ids.sonata] }, suite.ana)
    ).json<TqlQueryResponse>();
    const units = (body.rows as TqlRow[]).map((row) => row.steps[0]![0]!);
    expect(units.length).toBeGreaterThan(1);
    expect(units.every((unit) => unit.kind === 'beat' && typeof unit.component === 'number')).toBe(
      true,
    );
    expect(units.map((unit) => unit.start)).toEqual(
      [...units.map((unit) => unit.start)].sort((a, b) => a - b),
    );
  });

  it('refuses a lane no file has, at the name', async () => {
    const response = await query({ query: 'verse IN nowhere' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'tql_unknown_name', start: 9, end: 16 });
  });

  it('warns about files that cannot answer, instead of failing', async () => {
    const body = (
      await query({ query: '*[bar = 1] IN form', files: [ids.exposition] }, bea)
    ).json<TqlQueryResponse>();
    expect(body.rows).toEqual([]);
    expect(body.warnings).toContain('1 file without a time map could not answer');
  });

  it('answers 200 or 400, never 500, to any text', async () => {
    const strange = [
      '',
      ' ',
      '('.repeat(3000),
      '['.repeat(500) + ']'.repeat(500),
      'a THEN '.repeat(600) + 'b',
      '"' + 'x'.repeat(5000),
      '/'.repeat(101),
      '\u0000',
      '\ud800',
      '𝄞 THEN 𝄞',
      '* WHERE $99.label = x',
      '* WHERE file.nothing = 1',
      '*{999999999999999999999}',
      '*[start = 1e309]',
      '* IN "Form (*)" WITHIN 0 s',
      'WHERE',
      'x -- comment\n THEN y',
    ];
    const alphabet = [
      'a',
      'verse',
      'THEN',
      'IN',
      'form',
      '[',
      ']',
      '(',
      ')',
      '{2}',
      '+',
      '*',
      '@',
      '$1.',
      'label',
      '=',
      '~',
      '/x/',
      '"s"',
      'WHERE',
      'AND',
      'OR',
      'NOT',
      'DURING',
      'WITHIN',
      '2',
      'bars',
      '..',
      '%',
      '!=',
      ',',
      '-',
      '>',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 150; i++) {
      const length = 1 + Math.floor(random() * 10);
      strange.push(
        Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
          random() < 0.5 ? ' ' : '',
        ),
      );
    }
    for (const text of strange) {
      const response = await query({ query: text, files: [ids.pop] });
      expect([200, 400], `${JSON.stringify(text)}: ${response.body}`).toContain(
        response.statusCode,
      );
      if (response.statusCode === 400 && response.json().error?.startsWith('tql_')) {
        const { start, end } = response.json<{ start: number; end: number }>();
        expect(start).toBeLessThan(end);
      }
    }
  }, 60_000);

  it('builds the index of files stored without one, once, and again for an older version', async () => {
    const { database } = suite.testDb;
    const before = (await query({ query: '* IN form', files: [ids.pop] })).json<TqlQueryResponse>();
    await database.db.execute(sql`DELETE FROM tql_units WHERE file_id = ${ids.pop}`);
    await database.db.execute(sql`DELETE FROM tql_timelines WHERE file_id = ${ids.pop}`);
    await database.db.execute(sql`DELETE FROM tql_files WHERE file_id = ${ids.pop}`);
    expect((await query({ query: '*', files: [ids.pop] })).json<TqlQueryResponse>().rows).toEqual(
      [],
    );
    expect(await backfillTqlIndex(database, inProcessTasks, silentLog)).toBe(1);
    expect(await backfillTqlIndex(database, inProcessTasks, silentLog)).toBe(0);
    const after = (await query({ query: '* IN form', files: [ids.pop] })).json<TqlQueryResponse>();
    expect(after.rows).toEqual(before.rows);
    await database.db.execute(
      sql`UPDATE tql_files SET index_version = 0 WHERE file_id = ${ids.sonata}`,
    );
    expect(await backfillTqlIndex(database, inProcessTasks, silentLog)).toBe(1);
  });
});
