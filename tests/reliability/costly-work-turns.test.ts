import { beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { BULK_SLICE_BYTES, RequestLoad } from '../../server/plugins/request-load';
import { testApp } from '../server/support/test-app';
import { databaseKinds } from '../server/support/test-database';
import { analysisTla, createUser, upload } from '../server/support/upload-helpers';
import { appSuite } from '../server/support/suites';
import type { ComponentsQueryResponse, ViewerFileJson } from '../../src/shared/api-types';

/**
 * A RequestLoad that counts the costly work handed to it, the pauses asked of it and the bytes
 * of large bodies it paced.
 */
class WatchedLoad extends RequestLoad {
  turns = 0;
  pauses = 0;
  pacedBytes = 0;
  override takeTurn<T>(work: () => Promise<T>, client: string): Promise<T> {
    this.turns += 1;
    return super.takeTurn(work, client);
  }

  override stepAside(workedMs: number, client: string): Promise<void> {
    this.pauses += 1;
    return super.stepAside(workedMs, client);
  }

  override paceTransfer(bytes: number, client: string): Promise<void> {
    this.pacedBytes += bytes;
    return super.paceTransfer(bytes, client);
  }
}

// Enough markers that page 400 of them is a costly page, stored in 24 statements, in a .tla of
// about 4 MB whose viewer JSON, unpacked, is over BULK_SLICE_BYTES.
const MARKERS = 24_000;

describe.each(databaseKinds)('costly work and large bodies step aside for others on %s', (kind) => {
  const load = new WatchedLoad();
  const suite = appSuite(kind, { app: (database, config) => testApp(database, config, load) });
  let tlaBytes = 0;
  let fileId = 0;
  beforeAll(async () => {
    const ana = await createUser(suite.testDb.database.db, 'ana');
    const bytes = analysisTla({ title: 'Many markers', markers: MARKERS });
    tlaBytes = Buffer.byteLength(bytes);
    const response = await upload(suite.app, ana, [{ name: 'many.tla', bytes }], {
      is_public: 'true',
    });
    expect(response.statusCode, response.body).toBe(201);
    fileId = response.json<{ files: { id: number }[] }>().files[0]!.id;
  });

  it('a big upload pauses between its statements where others read meanwhile', () => {
    // After each statement but the last on PostgreSQL; PGlite has one connection, which the
    // upload's transaction holds, so there it never pauses.
    expect(load.pauses).toBe(kind === 'postgres' ? 23 : 0);
  });

  it('a large upload is read in paced slices', () => {
    expect(tlaBytes).toBeGreaterThan(2 * BULK_SLICE_BYTES);
    // All of it but what came after the last whole slice.
    expect(load.pacedBytes).toBeGreaterThan(tlaBytes - BULK_SLICE_BYTES);
    expect(load.pacedBytes).toBeLessThanOrEqual(tlaBytes);
  });

  it('a large payload goes out in paced slices, whole; a small one as it is', async () => {
    load.pacedBytes = 0;
    const url = `/api/v1/files/${fileId}/json`;
    const gzipped = await suite.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.rawPayload.length).toBeLessThan(BULK_SLICE_BYTES);
    expect(load.pacedBytes).toBe(0);
    const plain = await suite.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(BULK_SLICE_BYTES);
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(load.pacedBytes).toBe(plain.rawPayload.length);
    expect(plain.rawPayload.equals(gunzipSync(gzipped.rawPayload))).toBe(true);
    expect(plain.json<ViewerFileJson>().timelines[0]!.components).toHaveLength(MARKERS);
  });

  const markersPage = async (page: number) => {
    const query = new URLSearchParams({
      query: JSON.stringify({ 'tl.kind': 'MARKER' }),
      order_by: JSON.stringify('time'),
      page: String(page),
    });
    const response = await suite.app.inject({ url: `/api/v1/components/query/?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ComponentsQueryResponse>();
  };

  it('a deep result page waits for its turn; the first pages do not', async () => {
    const first = await markersPage(1);
    expect(first.count).toBe(MARKERS);
    expect(load.turns).toBe(0);
    // Page 400 of the markers by time walks about 6,000 index entries.
    const deep = await markersPage(400);
    expect(load.turns).toBe(1);
    expect(deep.components.map((component) => 'label' in component && component.label)).toEqual(
      Array.from({ length: 15 }, (_, index) => `M${5986 + index}`),
    );
  });
});
