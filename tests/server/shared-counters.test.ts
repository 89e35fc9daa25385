import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { rateLimitCounters } from '../../server/db/schema';
import {
  countHit,
  readHits,
  removeExpiredCounters,
} from '../../server/accounts/rate-limit-counters.repository';
import { UploadQuota } from '../../server/files/uploads/upload-quota';
import { databaseKinds } from './support/test-database';
import { databaseSuite } from './support/suites';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The counters that instances on one PostgreSQL server share (the SQL is the same on PGlite). */
describe.each(databaseKinds)('shared rate-limit counters on %s', (kind) => {
  const suite = databaseSuite(kind);

  it('counts hits in a window that starts at the first hit, then starts again', async () => {
    const db = suite.testDb.database.db;
    expect(await readHits(db, 'k')).toEqual({ hits: 0, ttlMs: 0 });
    const first = await countHit(db, 'k', 400);
    expect(first.hits).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(0);
    expect(first.ttlMs).toBeLessThanOrEqual(400);
    expect((await countHit(db, 'k', 400)).hits).toBe(2);
    expect((await readHits(db, 'k')).hits).toBe(2);
    expect((await countHit(db, 'other', 400)).hits).toBe(1);
    await sleep(450);
    expect(await readHits(db, 'k')).toEqual({ hits: 0, ttlMs: 0 });
    expect((await countHit(db, 'k', 60_000)).hits).toBe(1);
  });

  it('loses no hit when many arrive at once', async () => {
    const db = suite.testDb.database.db;
    await Promise.all(Array.from({ length: 40 }, () => countHit(db, 'burst', 60_000)));
    expect((await readHits(db, 'burst')).hits).toBe(40);
  });

  it('removes only the counters whose window has ended', async () => {
    const db = suite.testDb.database.db;
    await countHit(db, 'short', 1);
    await countHit(db, 'long', 60_000);
    await sleep(20);
    await removeExpiredCounters(db);
    const keys = await db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(inArray(rateLimitCounters.key, ['short', 'long']));
    expect(keys).toEqual([{ key: 'long' }]);
  });

  it('refuses the upload past the hour’s number, per user, with the wait until the oldest leaves', async () => {
    const quota = new UploadQuota(2, suite.testDb.database.db);
    const [a, b] = [quota, new UploadQuota(2, suite.testDb.database.db)];
    await a.take(7);
    await b.take(7);
    await expect(a.take(7)).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '3600' },
    });
    await expect(b.take(8)).resolves.toBeUndefined();
  });
});
