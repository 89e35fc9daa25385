import { beforeAll, describe, expect, it } from 'vitest';
import { RequestLoad } from '../../server/plugins/request-load';
import { testApp } from '../server/support/test-app';
import { databaseKinds } from '../server/support/test-database';
import { analysisTla, createUser, upload } from '../server/support/upload-helpers';
import { appSuite } from '../server/support/suites';
import type { ComponentsQueryResponse } from '../../src/shared/api-types';

/** A RequestLoad that counts the costly work handed to it and the pauses asked of it. */
class WatchedLoad extends RequestLoad {
  turns = 0;
  pauses = 0;
  override takeTurn<T>(work: () => Promise<T>): Promise<T> {
    this.turns += 1;
    return super.takeTurn(work);
  }

  override stepAside(workedMs: number): Promise<void> {
    this.pauses += 1;
    return super.stepAside(workedMs);
  }
}

// Enough markers that page 400 of them is a costly page, stored in six statements.
const MARKERS = 6_000;

describe.each(databaseKinds)('costly work steps aside for others on %s', (kind) => {
  const load = new WatchedLoad();
  const suite = appSuite(kind, { app: (database, config) => testApp(database, config, load) });
  beforeAll(async () => {
    const ana = await createUser(suite.testDb.database.db, 'ana');
    const bytes = analysisTla({ title: 'Many markers', markers: MARKERS });
    const response = await upload(suite.app, ana, [{ name: 'many.tla', bytes }], {
      is_public: 'true',
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('a big upload pauses between its statements where others read meanwhile', () => {
    // After each of the first five statements on PostgreSQL; PGlite has one connection, which
    // the upload's transaction holds, so there it never pauses.
    expect(load.pauses).toBe(kind === 'postgres' ? 5 : 0);
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
    // Page 400 of 6,000 markers by time walks about 6,000 index entries.
    const deep = await markersPage(400);
    expect(load.turns).toBe(1);
    expect(deep.components.map((component) => 'label' in component && component.label)).toEqual(
      Array.from({ length: 15 }, (_, index) => `M${5986 + index}`),
    );
  });
});
