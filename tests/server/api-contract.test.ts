/**
 * The API contract (src/shared/api-contract) says what the server really sends. Most responses go
 * through their schema's serializer, which drops any field the schema does not list; the viewer
 * JSON is sent as stored bytes, so here every file's viewer JSON is held against its schema: every
 * field the schema requires is there with its type, and no field is there that it does not list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { IsArray, IsObject, IsUnion, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ingestTla } from '../../server/files/ingest/ingest.service';
import { ViewerFileJson } from '../../src/shared/api-contract/viewer-json';
import type { FilesQueryResponse } from '../../src/shared/api-types';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';
import { addUser } from './support/users';

/** Where `value` holds a property that `schema` does not list (TypeBox objects allow them). */
function unlistedFields(schema: TSchema, value: unknown, path = ''): string[] {
  if (IsUnion(schema)) {
    // The member that fits and lists the most of the value: a harmony component also fits the
    // beat component's two required fields.
    const fits = schema.anyOf
      .filter((member) => Value.Check(member, value))
      .map((member) => unlistedFields(member, value, path));
    return fits.sort((a, b) => a.length - b.length)[0] ?? [`${path} (fits no member)`];
  }
  if (IsArray(schema) && Array.isArray(value)) {
    return value.flatMap((item, index) => unlistedFields(schema.items, item, `${path}/${index}`));
  }
  if (IsObject(schema) && typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, field]) => {
      const fieldSchema = schema.properties[key];
      return fieldSchema
        ? unlistedFields(fieldSchema, field, `${path}/${key}`)
        : [`${path}/${key}`];
    });
  }
  return [];
}

const fixtureDir = 'tests/fixtures/tla';

describe.each(databaseKinds)('the API contract on %s', (kind) => {
  const suite = appSuite(kind, { seed: true });

  beforeAll(async () => {
    const authorId = await addUser(suite.testDb.database.db, 'author');
    for (const fileName of readdirSync(fixtureDir).filter((name) => name.endsWith('.tla'))) {
      await ingestTla(suite.testDb.database, {
        bytes: readFileSync(`${fixtureDir}/${fileName}`),
        fileName,
        authorId,
        isPublic: true,
      });
    }
  });

  it("describes every public file's viewer JSON, field for field", async () => {
    const fileIds: number[] = [];
    for (let page = 1; ; page++) {
      const response = await suite.app.inject({ url: `/api/v1/files/query/?page=${page}` });
      const { files, count } = response.json<FilesQueryResponse>();
      fileIds.push(...files.map((file) => file.id));
      if (fileIds.length >= count || files.length === 0) break;
    }
    expect(fileIds.length).toBeGreaterThan(20);
    for (const id of fileIds) {
      const json: unknown = (await suite.app.inject({ url: `/api/v1/files/${id}/json` })).json();
      expect([...Value.Errors(ViewerFileJson, json)].slice(0, 3), `file ${id}`).toEqual([]);
      expect(unlistedFields(ViewerFileJson, json), `file ${id}`).toEqual([]);
    }
  });

  it('documents a success response for every route in the OpenAPI document', async () => {
    const document = (await suite.app.inject({ url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    const undocumented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([, operation]) => !Object.keys(operation.responses ?? {}).some((s) => /^2/.test(s)),
        )
        .map(([method]) => `${method} ${path}`),
    );
    expect(undocumented).toEqual([]);
    const viewer = document.paths['/api/v1/files/{id}/json']?.get?.responses?.['200'];
    expect(viewer).toMatchObject({
      content: { 'application/json': { schema: { required: ViewerFileJson.required } } },
    });
  });
});
