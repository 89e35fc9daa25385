import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestTla } from '../../server/files/ingest/ingest.service';
import { storeViewerPayload } from '../../server/files/files.service';
import { buildMissingPreparedPayloads } from '../../server/files/prepared/prepared-payloads';
import type { ViewerFileJson } from '../../src/shared/api-types';
import { layoutView } from '../../src/shared/viewer-layout/view-layout';
import {
  openPreparedPayload,
  prepareViewerJson,
  PREPARED_PAYLOAD_VERSION,
} from '../../src/shared/viewer-payload/prepared-payload';
import { PREPARED_PAYLOAD_TYPE } from '../../src/shared/viewer-payload/prepared-payload-type';
import { appSuite } from './support/suites';
import { databaseKinds } from './support/test-database';
import { accessTokenFor } from './support/test-app';
import { addUser } from './support/users';

const fixture = (name: string) => readFileSync(`tests/fixtures/tla/${name}`);
const ASKS_FOR_PREPARED = { accept: `${PREPARED_PAYLOAD_TYPE}, application/json;q=0.5` };

describe.each(databaseKinds)('prepared viewer payloads on %s', (kind) => {
  const suite = appSuite(kind);
  let ownerId: number;
  const run = (text: string) => suite.testDb.database.withConnection((sql) => sql(text));
  const versions = async (ids: number[]) =>
    (
      await run(
        `SELECT prepared_version FROM viewer_payloads WHERE file_id IN (${ids.join(',')}) ORDER BY file_id`,
      )
    ).map((row) => row.prepared_version as number | null);

  const store = async (name: string, isPublic = true) =>
    (
      await ingestTla(suite.testDb.database, {
        bytes: fixture(name),
        fileName: name,
        authorId: ownerId,
        isPublic,
      })
    ).id;

  beforeAll(async () => {
    ownerId = await addUser(suite.testDb.database.db, 'owner');
  });

  it('is built when a file is stored and opens as the viewer JSON does', async () => {
    const id = await store('harmony-v0.6.4.tla');
    expect(await versions([id])).toEqual([PREPARED_PAYLOAD_VERSION]);
    const plain = await suite.app.inject({ url: `/api/v1/files/${id}/json` });
    expect(plain.headers['content-type']).toContain('application/json');
    expect(plain.headers.vary).toContain('accept');
    const prepared = await suite.app.inject({
      url: `/api/v1/files/${id}/json`,
      headers: ASKS_FOR_PREPARED,
    });
    expect(prepared.statusCode).toBe(200);
    expect(prepared.headers['content-type']).toBe(PREPARED_PAYLOAD_TYPE);

    const fromJson = prepareViewerJson(plain.json<ViewerFileJson>());
    const fromPayload = openPreparedPayload(prepared.rawPayload);
    if (!fromJson.ok || !fromPayload.ok) throw new Error('the file did not open');
    expect(fromPayload.file.header).toEqual(fromJson.file.header);
    const view = { zoom: 4, scrollLeft: 300, viewportWidth: 900, width: 900 };
    expect(layoutView(fromPayload.file, view)).toEqual(layoutView(fromJson.file, view));
    expect(fromPayload.json).toEqual(fromJson.json);
  });

  it('goes gzipped to a client that takes gzip', async () => {
    const id = await store('hierarchy-v0.1.1.tla');
    const url = `/api/v1/files/${id}/json`;
    const plain = await suite.app.inject({ url, headers: ASKS_FOR_PREPARED });
    const zipped = await suite.app.inject({
      url,
      headers: { ...ASKS_FOR_PREPARED, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe(PREPARED_PAYLOAD_TYPE);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('of an older version, or none, is built again at the first request and kept', async () => {
    const older = await store('hierarchy-v0.1.1.tla');
    const none = await store('harmony-v0.6.4.tla');
    await run(
      `UPDATE viewer_payloads SET prepared_version = ${PREPARED_PAYLOAD_VERSION - 1},
         prepared_gzip = decode('00', 'hex') WHERE file_id = ${older}`,
    );
    await run(
      `UPDATE viewer_payloads SET prepared_version = NULL, prepared_gzip = NULL WHERE file_id = ${none}`,
    );
    for (const id of [older, none]) {
      const response = await suite.app.inject({
        url: `/api/v1/files/${id}/json`,
        headers: ASKS_FOR_PREPARED,
      });
      expect(response.headers['content-type']).toBe(PREPARED_PAYLOAD_TYPE);
      expect(openPreparedPayload(response.rawPayload).ok).toBe(true);
    }
    expect(await versions([older, none])).toEqual([
      PREPARED_PAYLOAD_VERSION,
      PREPARED_PAYLOAD_VERSION,
    ]);
  });

  it('is built on start for every file stored without one of this version', async () => {
    const ids = [
      await store('hierarchy-v0.1.1.tla'),
      await store('harmony-v0.6.4.tla', false),
      await store('hierarchy-v0.1.1.tla'),
    ];
    await run(
      `UPDATE viewer_payloads SET prepared_version = NULL, prepared_gzip = NULL WHERE file_id IN (${ids[0]}, ${ids[1]})`,
    );
    // Stored before any payload was kept.
    await run(`DELETE FROM viewer_payloads WHERE file_id = ${ids[2]}`);
    const db = suite.testDb.database.db;
    const assemble = (fileId: number) => storeViewerPayload(db, fileId);
    const log = suite.app.log;

    expect(await buildMissingPreparedPayloads(db, log, assemble, () => true)).toBe(0);
    expect(await versions(ids)).toEqual([null, null]);
    expect(
      await buildMissingPreparedPayloads(db, log, assemble, () => false),
    ).toBeGreaterThanOrEqual(3);
    expect(await versions(ids)).toEqual(ids.map(() => PREPARED_PAYLOAD_VERSION));
    expect(await buildMissingPreparedPayloads(db, log, assemble, () => false)).toBe(0);
  });

  it('of a private file is as hidden as its JSON', async () => {
    const id = await store('harmony-v0.6.4.tla', false);
    const url = `/api/v1/files/${id}/json`;
    const stranger = await addUser(suite.testDb.database.db, `stranger${id}`);
    const asStranger = await suite.app.inject({
      url,
      headers: { ...ASKS_FOR_PREPARED, authorization: `Bearer ${await accessTokenFor(stranger)}` },
    });
    expect(asStranger.statusCode).toBe(404);
    expect((await suite.app.inject({ url, headers: ASKS_FOR_PREPARED })).statusCode).toBe(404);
    const asOwner = await suite.app.inject({
      url,
      headers: { ...ASKS_FOR_PREPARED, authorization: `Bearer ${await accessTokenFor(ownerId)}` },
    });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.headers['content-type']).toBe(PREPARED_PAYLOAD_TYPE);
  });
});
