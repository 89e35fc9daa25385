import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../server/support/test-database';
import { createUser, upload, uploadSuite, type TestUser } from '../server/support/upload-helpers';
import { testConfig } from '../server/support/test-app';
import {
  HOSTILE_KEYS,
  HOSTILE_VALUES,
  pathsOf,
  renamed,
  replaced,
  seeded,
  type Json,
} from './support/fuzz-values';

/**
 * Generated input at every route: each path parameter, query parameter and JSON body property of
 * the OpenAPI document set to each hostile value, whole bodies that are no object, and a real
 * .tla with a hostile value (or key) at each of its keys, as a visitor and as a signed-in owner.
 * Any 5xx fails the run. Run with FUZZ_SEED to repeat one.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const SOURCES = ['tests/fixtures/tla/range-v0.7.0.tla', 'tests/fixtures/tla/harmony-v0.6.4.tla'];

interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  body: string[] | null;
  multipart: boolean;
}

interface OpenApiSchema {
  properties?: Record<string, unknown>;
}

function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []) as { in: string; name: string }[];
      const content = (
        operation.requestBody as { content?: Record<string, { schema?: OpenApiSchema }> }
      )?.content;
      const json = content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: json ? Object.keys(json.properties ?? {}) : null,
        multipart: Boolean(content?.['multipart/form-data']),
      });
    }
  }
  return operations;
}

/** Text a JSON value becomes in a query string or a path segment. */
function asText(value: Json): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Percent-encoded as a client would send it; a lone surrogate, which encodeURIComponent refuses,
 * goes as the three bytes a careless encoder writes for it (%ED%A0%80).
 */
function encoded(text: string): string {
  return text.replace(/[\s\S]/gu, (character) => {
    try {
      return encodeURIComponent(character);
    } catch {
      const unit = character.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  });
}

describe.each(databaseKinds)(`fuzzing every route on %s (seed ${SEED})`, (kind) => {
  const suite = uploadSuite(kind, {
    config: () => ({
      ...testConfig(),
      maxUploadsPerHour: 1_000_000,
      rateLimits: {
        ...testConfig().rateLimits,
        registrationPerIp: { max: 1_000_000, windowMs: 3_600_000 },
      },
    }),
  });
  const failures: string[] = [];
  let requests = 0;
  let owner: TestUser;
  let fileId = 0;

  async function send(options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }): Promise<void> {
    const response = await suite.app.inject({
      method: options.method as 'GET',
      url: options.url,
      headers: options.headers,
      payload: options.payload as string,
    });
    requests++;
    if (response.statusCode >= 500) {
      const shown = typeof options.payload === 'string' ? options.payload.slice(0, 120) : '';
      failures.push(
        `${options.method} ${options.url.slice(0, 160)} ${shown} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    }
  }

  beforeAll(async () => {
    owner = await createUser(suite.testDb.database.db, 'fuzzowner');
    const stored = await upload(suite.app, owner, [
      { name: 'range.tla', bytes: readFileSync(SOURCES[0]!) },
    ]);
    fileId = stored.json<{ files: { id: number }[] }>().files[0]!.id;
  });

  it('answers every route without a 5xx, whatever the path, query or JSON body', async () => {
    const openapi = await suite.app.inject({ url: '/api/v1/openapi.json' });
    const operations = operationsOf(openapi.json());
    expect(operations.length).toBeGreaterThan(20);
    const random = seeded(SEED);
    const pick = (count: number) =>
      Array.from(
        { length: count },
        () => HOSTILE_VALUES[Math.floor(random() * HOSTILE_VALUES.length)]!,
      );
    const who = [{}, owner.auth];
    // Deleting the file would leave the rest nothing to read: deletes go last.
    operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const operation of operations) {
      if (operation.multipart) continue;
      const fill = (params: Record<string, string>) =>
        operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encoded(params[name] ?? String(fileId)),
        );
      const urls: string[] = [fill({})];
      for (const name of operation.params) {
        for (const value of [...HOSTILE_VALUES.slice(0, 20), '%00', '..%2f..', '𝄞']) {
          urls.push(fill({ [name]: asText(value) }));
        }
      }
      for (const name of operation.query) {
        for (const value of HOSTILE_VALUES) {
          urls.push(`${fill({})}?${name}=${encoded(asText(value))}`);
          urls.push(`${fill({})}?${name}=${encoded(JSON.stringify({ [name]: value }))}`);
        }
      }
      const bodies: unknown[] = [undefined];
      if (operation.body) {
        const base = Object.fromEntries(operation.body.map((key) => [key, 'fuzz-value-1']));
        for (const key of operation.body) {
          for (const value of HOSTILE_VALUES)
            bodies.push(JSON.stringify({ ...base, [key]: value }));
        }
        for (const value of pick(8)) bodies.push(JSON.stringify(value));
        bodies.push(
          '{"username": "a',
          '[]',
          'null',
          '"\\ud800"',
          '{}'.repeat(10),
          '{"a":'.repeat(5_000),
        );
      }
      for (const headers of who) {
        for (const url of urls) await send({ method: operation.method, url, headers });
        for (const payload of bodies) {
          await send({
            method: operation.method,
            url: urls[0]!,
            headers: { ...headers, 'content-type': 'application/json' },
            payload,
          });
        }
      }
    }
    console.log(
      `fuzz (${kind}, seed ${SEED}): ${requests} requests to ${operations.length} operations`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 1_800_000);

  it('answers every upload of a real .tla with a hostile value or key at any key without a 5xx', async () => {
    const random = seeded(SEED + 1);
    let uploads = 0;
    for (const source of SOURCES) {
      const document = JSON.parse(readFileSync(source, 'utf8')) as Json;
      for (const path of pathsOf(document, 6)) {
        const variants: Json[] = [0, 1].map(() =>
          replaced(document, path, HOSTILE_VALUES[Math.floor(random() * HOSTILE_VALUES.length)]!),
        );
        if (random() < 0.25) {
          variants.push(
            renamed(document, path, HOSTILE_KEYS[Math.floor(random() * HOSTILE_KEYS.length)]!),
          );
        }
        for (const variant of variants) {
          const response = await upload(suite.app, owner, [
            { name: 'fuzzed.tla', bytes: JSON.stringify(variant, null, 2) },
          ]);
          uploads++;
          requests++;
          if (response.statusCode >= 500) {
            failures.push(
              `upload with ${JSON.stringify(path)} changed -> ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    console.log(`fuzz (${kind}, seed ${SEED}): ${uploads} uploads of fuzzed .tla files`);
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 1_800_000);
});
