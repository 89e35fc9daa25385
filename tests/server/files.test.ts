import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { prepareDatabase } from '../../server/db/prepare';
import { users } from '../../server/db/schema';
import { ingestTla } from '../../server/files/ingest/ingest.service';
import { readExampleRecording } from '../../server/seed/example-media';
import type {
  BeatComponentJson,
  HarmonyComponentJson,
  ViewerFileJson,
} from '../../src/shared/api-types';
import { readTla } from '../../src/shared/tla/tla-reader';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';
import { addUser } from './support/users';
import { accessTokenFor } from './support/test-app';
import { SHARED_DATABASE_ACCESS_LIFETIME_MS } from '../../server/files/viewer-cache';

const fixture = (name: string) => readFileSync(`tests/fixtures/tla/${name}`);

describe.each(databaseKinds)('files routes on %s', (kind) => {
  const suite = appSuite(kind, { seed: true });
  let ownerId: number;
  let privateId: number;

  beforeAll(async () => {
    ownerId = await addUser(suite.testDb.database.db, 'owner');
    const stored = await ingestTla(suite.testDb.database, {
      bytes: fixture('harmony-v0.6.4.tla'),
      fileName: 'harmony-v0.6.4.tla',
      authorId: ownerId,
      isPublic: false,
    });
    privateId = stored.id;
  });

  it('serves the viewer JSON stored with the file, built again only for a file without one', async () => {
    const stored = await ingestTla(suite.testDb.database, {
      bytes: fixture('hierarchy-v0.1.1.tla'),
      fileName: 'hierarchy-v0.1.1.tla',
      authorId: ownerId,
      isPublic: true,
    });
    const run = (text: string) => suite.testDb.database.withConnection((sql) => sql(text));
    const [row] = await run(`SELECT json_bytes FROM viewer_payloads WHERE file_id = ${stored.id}`);
    expect(Number(row?.json_bytes)).toBeGreaterThan(100);
    // The rows are not read again: with its components gone, the file still answers with them.
    await run(`DELETE FROM components WHERE file_id = ${stored.id}`);
    const served = await suite.app.inject({ url: `/api/v1/files/${stored.id}/json` });
    expect(served.statusCode).toBe(200);
    expect(Buffer.byteLength(served.body)).toBe(Number(row?.json_bytes));
    const components = (json: ViewerFileJson) =>
      json.timelines.reduce((sum, t) => sum + t.components.length, 0);
    expect(components(served.json<ViewerFileJson>())).toBeGreaterThan(0);

    // A file stored before payloads were kept gets one at its first request.
    const older = await ingestTla(suite.testDb.database, {
      bytes: fixture('hierarchy-v0.1.1.tla'),
      fileName: 'older.tla',
      authorId: ownerId,
      isPublic: true,
    });
    await run(`DELETE FROM viewer_payloads WHERE file_id = ${older.id}`);
    const built = await suite.app.inject({ url: `/api/v1/files/${older.id}/json` });
    expect(built.statusCode).toBe(200);
    expect(components(built.json<ViewerFileJson>())).toBe(components(served.json()));
    expect(await run(`SELECT 1 FROM viewer_payloads WHERE file_id = ${older.id}`)).toHaveLength(1);
  });

  it('sends the viewer JSON gzipped to a client that takes gzip, the same JSON as without', async () => {
    const plain = await suite.app.inject({ method: 'GET', url: '/api/v1/files/135/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const acceptEncoding of ['gzip', 'br;q=1.0, gzip;q=0.8, *;q=0.1']) {
      const zipped = await suite.app.inject({
        method: 'GET',
        url: '/api/v1/files/135/json',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    const refused = await suite.app.inject({
      method: 'GET',
      url: '/api/v1/files/135/json',
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('serves K. 284 I with its timelines, measure numbers and harmony labels', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/v1/files/135/json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const json = response.json<ViewerFileJson>();
    expect(json.abstract_work.title).toBe('Piano Sonata No. 6 in D major, K. 284: I. Allegro');
    expect(json.abstract_work.composer).toBe('Wolfgang Amadeus Mozart');
    // A recording (server/seed/media/): both halves of the sonata form are repeated.
    const recording = readExampleRecording('K284-1');
    expect(json.concrete_work.storage).toBe('staticfiles');
    expect(json.concrete_work.length).toBe(recording.manifest.seconds);
    expect(json.concrete_work.end).toBe(recording.manifest.seconds);

    const drawn = json.timelines
      .filter((t) => t.kind !== 'SLIDER_TIMELINE')
      .filter((t) => !['AUDIOWAVE_TIMELINE', 'SCORE_TIMELINE', 'PDF_TIMELINE'].includes(t.kind));
    expect(drawn.map((t) => t.kind)).toEqual([
      'BEAT_TIMELINE',
      'HIERARCHY_TIMELINE',
      'HARMONY_TIMELINE',
      'MARKER_TIMELINE',
    ]);
    const positions = json.timelines.map((t) => t.display_position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const beats = drawn[0]!;
    expect(beats.name).toBe('Measures');
    const measureNumbers = JSON.parse(beats.measure_numbers!) as number[];
    expect(measureNumbers).toHaveLength(2 * 127);
    expect(measureNumbers.slice(0, 3)).toEqual([1, 2, 3]);
    expect(beats.components).toHaveLength(2 * 127 * 4);
    expect((beats.components[4] as BeatComponentJson).time).toBeCloseTo(
      (recording.positions.events[1]?.ms ?? 0) / 1000,
      6,
    );

    const harmony = drawn[2]!.components as HarmonyComponentJson[];
    const firstKey = harmony.find((c) => c.kind === 'MODE');
    expect(firstKey?.label).toBe('D:');
    const chords = harmony.filter((c) => c.kind === 'HARMONY');
    expect(chords.length).toBeGreaterThan(300);
    expect(chords[0]!.label).toBe('I');
    expect(chords.every((c) => c.label.length > 0)).toBe(true);

    const cadences = drawn[3]!;
    expect(cadences.name).toBe('Cadences');
    expect(cadences.components).toHaveLength(2 * 12);
  });

  it('returns the stored .tla, which reads back to the same timelines', async () => {
    const json = (await suite.app.inject({ url: '/api/v1/files/135/json' })).json<ViewerFileJson>();
    const response = await suite.app.inject({ method: 'GET', url: '/api/v1/files/135/tla' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''Piano%20Sonata%20No.%206%20in%20D%20major%2C%20K.%20284%3A%20I.%20Allegro.tla",
    );
    const document = readTla(response.rawPayload, 'K284-1.tla');
    expect(document.timelines.map((t) => t.kind)).toEqual(json.timelines.map((t) => t.kind));
    expect(document.timelines.map((t) => t.components.length)).toEqual(
      json.timelines.map((t) => t.components.length),
    );
  });

  it('keeps the uploaded bytes unchanged', async () => {
    const owner = await accessTokenFor(ownerId, 'owner');
    const response = await suite.app.inject({
      url: `/api/v1/files/${privateId}/tla`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare(response.rawPayload, fixture('harmony-v0.6.4.tla'))).toBe(0);
    expect(response.headers['content-disposition']).toContain('filename="harmony-roman-s.tla"');
  });

  it('keeps the bytes gzipped, and serves rows stored as received before that unchanged', async () => {
    const owner = await accessTokenFor(ownerId, 'owner');
    const original = fixture('harmony-v0.6.4.tla');
    const stored = await suite.testDb.database.withConnection((run) =>
      run(`SELECT tla_encoding, octet_length(tla) AS size FROM files WHERE id = ${privateId}`),
    );
    expect(stored[0]!.tla_encoding).toBe('gzip');
    expect(Number(stored[0]!.size)).toBeLessThan(original.length / 3);

    // A row from before migration 0007: the bytes as uploaded.
    await suite.testDb.database.withConnection((run) =>
      run(`UPDATE files SET tla = decode('${original.toString('base64')}', 'base64'),
             tla_encoding = 'identity' WHERE id = ${privateId}`),
    );
    const response = await suite.app.inject({
      url: `/api/v1/files/${privateId}/tla`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare(response.rawPayload, original)).toBe(0);
  });

  it('answers an unknown file with a JSON 404', async () => {
    for (const id of ['999999', '0', '-1', 'abc', '99999999999999999999']) {
      const response = await suite.app.inject({ url: `/api/v1/files/${id}/json` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('hides a private file from everyone but its owner, with the same 404', async () => {
    const anonymous = await suite.app.inject({ url: `/api/v1/files/${privateId}/json` });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ detail: 'Not found.' });
    // A real, active account: tokens of users that do not exist are refused with 401.
    const [other] = await suite.testDb.database.db
      .insert(users)
      .values({ username: 'stranger', email: '', firstName: '', lastName: '', isActive: true })
      .returning({ id: users.id });
    const stranger = await accessTokenFor(other!.id, 'stranger');
    for (const suffix of ['json', 'tla']) {
      const response = await suite.app.inject({
        url: `/api/v1/files/${privateId}/${suffix}`,
        headers: { authorization: `Bearer ${stranger}` },
      });
      expect(response.statusCode).toBe(404);
    }
    const owner = await accessTokenFor(ownerId, 'owner');
    const mine = await suite.app.inject({
      url: `/api/v1/files/${privateId}/json`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(mine.statusCode).toBe(200);
    const harmony = mine.json<ViewerFileJson>().timelines[0]!;
    const labels = (harmony.components as HarmonyComponentJson[])
      .filter((c) => c.kind === 'HARMONY')
      .map((c) => c.label);
    expect(labels.slice(0, 6)).toEqual(['I', 'I6', 'I64', 'V65', 'V43', 'V42']);
    expect(labels[6]).toBe('V65/V');
  });

  // Only PostgreSQL may have other instances changing a file; PGlite's one process forgets it
  // (so the test exists on PostgreSQL's pass only).
  const onSharedDatabase = kind === 'postgres' ? it : () => undefined;
  onSharedDatabase(
    'stops serving a file made private or deleted by another instance within a second',
    async () => {
      const run = (text: string) => suite.testDb.database.withConnection((sql) => sql(text));
      const json = (id: number) => suite.app.inject({ url: `/api/v1/files/${id}/json` });
      const waitPast = () =>
        new Promise((resolve) => setTimeout(resolve, SHARED_DATABASE_ACCESS_LIFETIME_MS + 50));
      const stored = (name: string) =>
        ingestTla(suite.testDb.database, {
          bytes: fixture('hierarchy-v0.1.1.tla'),
          fileName: name,
          authorId: ownerId,
          isPublic: true,
        });
      const madePrivate = await stored('made-private.tla');
      const deleted = await stored('deleted.tla');
      // Both cached, then changed behind this process's back, as another instance would.
      expect((await json(madePrivate.id)).statusCode).toBe(200);
      expect((await json(deleted.id)).statusCode).toBe(200);
      await run(`UPDATE files SET is_public = false WHERE id = ${madePrivate.id}`);
      await run(`DELETE FROM files WHERE id = ${deleted.id}`);
      await waitPast();
      expect((await json(madePrivate.id)).statusCode).toBe(404);
      expect((await json(deleted.id)).statusCode).toBe(404);
      const owner = await accessTokenFor(ownerId, 'owner');
      const own = await suite.app.inject({
        url: `/api/v1/files/${madePrivate.id}/json`,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(own.statusCode).toBe(200);
      // Public again elsewhere: served again once the lifetime has passed.
      await run(`UPDATE files SET is_public = true WHERE id = ${madePrivate.id}`);
      await waitPast();
      expect((await json(madePrivate.id)).statusCode).toBe(200);
    },
  );

  it('refuses a forged token with 401 token_not_valid', async () => {
    const response = await suite.app.inject({
      url: '/api/v1/files/135/json',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('answers unknown API paths with a JSON 404 and client routes with index.html', async () => {
    const api = await suite.app.inject({ url: '/api/v1/no/such/route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
    const page = await suite.app.inject({ url: '/browse/files' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>TiLiA</title>');
  });

  it('accepts paths without the trailing slash and with a doubled slash', async () => {
    expect((await suite.app.inject({ url: '/api/v1/files/135/json/' })).statusCode).toBe(200);
    expect((await suite.app.inject({ url: '/api/v1//files/135/json' })).statusCode).toBe(200);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await suite.app.inject({ url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/v1/files/{id}/json');
  });

  it('sends security headers', async () => {
    const response = await suite.app.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('seeds the examples only once', async () => {
    await prepareDatabase(suite.testDb.database);
    const response = await suite.app.inject({ url: '/api/v1/files/152/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ViewerFileJson>().abstract_work.title).toContain('K. 331: III.');
  });
});
