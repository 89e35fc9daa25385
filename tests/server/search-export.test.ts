import { beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { request as httpRequest } from 'node:http';
import { finished } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Database, type Db } from '../../server/db/database';
import { files } from '../../server/db/schema';
import { searchExportRoutes } from '../../server/routes/search-export.routes';
import { errorHandler } from '../../server/plugins/error-handler';
import { EXPORT_BATCH_SIZE, exportComponents } from '../../server/search/search-export.service';
import { exportColumns } from '../../server/search/search-csv-lines';
import { parseComponentSearch } from '../../server/search/search-params';
import {
  findComponentsAfter,
  lastComponentId,
  preferIndexWalks,
} from '../../server/search/search.repository';
import type { ComponentsQueryResponse } from '../../src/shared/api-types';
import { parseCsv } from '../../src/shared/csv';
import { addFile, type ComponentDraft } from './support/search-fixtures';
import { MARKER_CSV_HEADER } from './support/export-columns';
import { addUser } from './support/users';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';

const MARKERS = EXPORT_BATCH_SIZE * 2 + 37;
const TRICKY = 'comma, "quote" and\nline break';

/** The rows of a `db.execute` result (its shape is the driver's: PGlite's or node-postgres'). */
function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

function query(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, JSON.stringify(value));
  return search.toString();
}

describe.each(databaseKinds)('components/export/ (CSV of a component search) on %s', (kind) => {
  const suite = appSuite(kind, { seed: true });
  let publicId: number;

  beforeAll(async () => {
    const authorId = await addUser(suite.testDb.database.db, 'exporter');
    const markers: ComponentDraft[] = Array.from({ length: MARKERS }, (_, i) => ({
      kind: 'MARKER',
      time: i / 4,
      label: i === 5 ? TRICKY : i === 6 ? '=HYPERLINK("x")' : `zqxexport ${i}`,
      comments: i % 2 ? 'odd' : '',
      // Every third has a colour, two values between them: long runs of ties and of NULLs.
      color: i % 3 === 0 ? (i % 2 ? '#ff0000' : '#0000ff') : null,
    }));
    publicId = await addFile(suite.testDb.database.db, {
      title: 'Exported, "quoted" work',
      composer: 'Export Composer',
      performer: 'Export Performer',
      authorId,
      isPublic: true,
      timelines: [{ kind: 'MARKER_TIMELINE', components: markers }],
    });
    await addFile(suite.testDb.database.db, {
      title: 'Private work',
      composer: 'Export Composer',
      performer: '',
      authorId,
      isPublic: false,
      timelines: [
        {
          kind: 'MARKER_TIMELINE',
          components: [{ kind: 'MARKER', time: 1, label: 'zqxexport private' }],
        },
      ],
    });
  }, 120_000);

  const exportCsv = (params: Record<string, unknown>) =>
    suite.app.inject({ method: 'GET', url: `/api/v1/components/export/?${query(params)}` });

  it('streams every match of every page, with the columns of the kind, public files only', async () => {
    const response = await exportCsv({
      query: { 'tl.kind': 'MARKER', file: { composer: 'Export Composer' } },
      order_by: 'time',
      order_direction: 'asc',
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tilia-marker-components.csv"',
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(exportColumns('MARKER'));
    expect(header).toEqual(MARKER_CSV_HEADER);
    expect(rows).toHaveLength(MARKERS);
    expect(rows.map((row) => Number(row[6]))).toEqual(
      Array.from({ length: MARKERS }, (_, i) => i / 4),
    );
    expect(new Set(rows.map((row) => row[5])).size).toBe(MARKERS);
    expect(rows.every((row) => row[0] === String(publicId))).toBe(true);
    expect(rows[0]![1]).toBe('Exported, "quoted" work');
    expect(rows[5]![7]).toBe(TRICKY);
    // A label a spreadsheet would run as a formula is made inert.
    expect(rows[6]![7]).toBe('\'=HYPERLINK("x")');
    expect(rows[3]![8]).toBe('odd');
    // This file has no bars: no measure, pass or beat.
    expect(rows[8]!.slice(9, 12)).toEqual(['', '', '']);
    expect(rows[8]![12]).toMatch(new RegExp(`/viewer/${publicId}\\?t=2&c=${rows[8]![5]}$`));
  });

  /** The service's export of a search (parameters JSON-encoded, as in a query string). */
  const serviceExport = (params: Record<string, unknown>, batchSize: number) =>
    exportComponents(
      suite.testDb.database,
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])),
      'http://test',
      { batchSize },
    ).stream;

  /** A search's export read through the service with tiny batches, as component ids. */
  async function exportedIds(params: Record<string, unknown>, batchSize: number) {
    const stream = serviceExport(params, batchSize);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    return parseCsv(text)
      .slice(1)
      .map((row) => Number(row[5]));
  }

  async function pagedIds(params: Record<string, unknown>) {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const response = await suite.app.inject({
        method: 'GET',
        url: `/api/v1/components/query/?${query({ ...params, page })}`,
      });
      const body = response.json<ComponentsQueryResponse>();
      ids.push(...body.components.map((c) => c.id));
      if (ids.length >= body.count || body.components.length === 0) return ids;
    }
  }

  it('runs two exports at once and tells a third to come back, never pausing them', async () => {
    const server = Fastify();
    await server.register(errorHandler);
    // A row per query: each export lasts while its client has not read it.
    await server.register(searchExportRoutes, {
      database: suite.testDb.database,
      publicUrl: 'http://localhost:8080',
      batchSize: 1,
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const path = `/components/export/?${query({ query: { 'tl.kind': 'MARKER', cmp: { label: 'zqxexport 1' } } })}`;
    // Two clients that take the headers and then stop reading.
    const held = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<{ status: number; close(): void }>((resolve, reject) => {
            const request = httpRequest({ port, host: '127.0.0.1', path }, (response) => {
              response.pause();
              resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
            });
            request.on('error', (error) => {
              if (!request.destroyed) reject(error);
            });
            request.end();
          }),
      ),
    );
    try {
      expect(held.map((h) => h.status)).toEqual([200, 200]);
      const third = await server.inject({ url: path });
      expect(third.statusCode).toBe(503);
      expect(third.headers['retry-after']).toBe('5');
      expect(third.json()).toEqual({
        detail: 'The server is busy with other exports. Try again in a few seconds.',
      });
      held[0]!.close();
      // Once one has gone, the next is taken and runs to its end.
      let next = await server.inject({ url: path });
      for (let tries = 0; next.statusCode === 503 && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        next = await server.inject({ url: path });
      }
      expect(next.statusCode).toBe(200);
      expect(parseCsv(next.body).length - 1).toBeGreaterThan(8);
    } finally {
      for (const client of held) client.close();
      await server.close();
    }
  });

  it('uses the same conditions and order as components/query', async () => {
    const params = {
      query: { 'tl.kind': 'MARKER', cmp: { label: 'zqxexport 1' } },
      order_by: 'time',
      order_direction: 'desc',
    };
    const [, ...rows] = parseCsv((await exportCsv(params)).body);
    const paged = await pagedIds(params);
    expect(paged.length).toBeGreaterThan(15);
    expect(rows.map((row) => Number(row[5]))).toEqual(paged);
  });

  it.each([
    ['comments', 'asc'],
    ['comments', 'desc'],
    ['color', 'asc'],
    ['color', 'desc'],
    ['time', 'desc'],
    // One work: every key equal, so each batch starts inside the run of ties, by id alone.
    ['title', 'asc'],
    ['title', 'desc'],
  ])(
    'walks batch by batch in the order of every page of components/query (%s %s)',
    async (orderBy, direction) => {
      const params = {
        query: { 'tl.kind': 'MARKER', cmp: { label: 'zqxexport 2' } },
        order_by: orderBy,
        order_direction: direction,
      };
      const paged = await pagedIds(params);
      expect(paged.length).toBeGreaterThan(100);
      // Batches of 7 cross runs of equal keys and the switch between colours and no colour.
      expect(await exportedIds(params, 7)).toEqual(paged);
    },
  );

  it('leaves out components stored after the export started', async () => {
    const params = {
      query: { 'tl.kind': 'MARKER', cmp: { label: 'zqxexport 1' } },
      order_by: 'time',
      order_direction: 'asc',
    };
    const before = await pagedIds(params);
    const chunks = serviceExport(params, 5)[Symbol.asyncIterator]();
    let text = '';
    for (let i = 0; i < 3; i++) text += String((await chunks.next()).value);
    // Later than every exported time, so they would come in the last batches.
    const lateId = await addFile(suite.testDb.database.db, {
      title: 'Late work',
      composer: 'Export Composer',
      performer: '',
      authorId: await addUser(suite.testDb.database.db, 'late-exporter'),
      isPublic: true,
      timelines: [
        {
          kind: 'MARKER_TIMELINE',
          components: [{ kind: 'MARKER', time: 99_999, label: 'zqxexport 1 late' }],
        },
      ],
    });
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      text += String(next.value);
    }
    const rows = parseCsv(text).slice(1);
    expect(rows.map((row) => Number(row[5]))).toEqual(before);
    expect(rows.some((row) => row[0] === String(lateId))).toBe(false);
    // A new export sees it.
    expect(await exportedIds(params, 500)).toHaveLength(before.length + 1);
  });

  it('exports the data as it was at the start on PostgreSQL; PGlite cuts a file made private short', async () => {
    const db = suite.testDb.database.db;
    const fileId = await addFile(db, {
      title: 'Snapshot work',
      composer: 'Snapshot Composer',
      performer: '',
      authorId: await addUser(db, 'snapshot-exporter'),
      isPublic: true,
      timelines: [
        {
          kind: 'MARKER_TIMELINE',
          components: Array.from({ length: 20 }, (_, i) => ({
            kind: 'MARKER',
            time: i,
            label: `zqxsnapshot ${i}`,
          })),
        },
      ],
    });
    const params = {
      query: { 'tl.kind': 'MARKER', cmp: { label: 'zqxsnapshot' } },
      order_by: 'time',
      order_direction: 'asc',
    };
    const chunks = serviceExport(params, 5)[Symbol.asyncIterator]();
    // The header and the first batch, then the file leaves the public search.
    let text = String((await chunks.next()).value) + String((await chunks.next()).value);
    await db.execute(sql`UPDATE ${files} SET is_public = false WHERE ${files.id} = ${fileId}`);
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      text += String(next.value);
    }
    const times = parseCsv(text)
      .slice(1)
      .map((row) => Number(row[6]));
    if (kind === 'postgres') {
      // One snapshot: every batch sees the file as public, as it was when the export began.
      expect(times).toEqual(Array.from({ length: 20 }, (_, i) => i));
    } else {
      // Separate queries: the batches after the change leave the file out (docs/beyond.md).
      expect(times.length).toBeGreaterThanOrEqual(5);
      expect(times.length).toBeLessThan(20);
      expect(times).toEqual(Array.from({ length: times.length }, (_, i) => i));
    }
    expect(await exportedIds(params, 5)).toEqual([]);
  });

  it.each(['asc', 'desc'])(
    'finds a batch deep in the result by a range scan of the sort index (%s)',
    async (direction) => {
      const search = parseComponentSearch({
        query: JSON.stringify({ 'tl.kind': 'MARKER' }),
        order_by: JSON.stringify('comments'),
        order_direction: JSON.stringify(direction),
      });
      const keyset = { phase: 'values' as const, after: { key: 'odd', id: 1000 } };
      const plan = await suite.testDb.database.db.transaction(async (tx) => {
        // Rules out every plan but an ordered index walk, to see what that walk is bounded by.
        await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true),
          set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`);
        const query = findComponentsAfter(tx as unknown as Db, search, keyset, null, 7);
        const result = await tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`);
        return JSON.stringify(rowsOf(result));
      });
      expect(plan).toContain('components_m_comments');
      expect(plan).not.toContain('"Node Type":"Sort"');
      // The keyset position bounds the scan itself: it is an index condition, not a filter.
      expect(plan).toMatch(/"Index Cond":"[^"]*ROW\(/);
    },
  );

  it('walks the sort index for a batch bounded by the last id, without sorting the matches', async () => {
    const search = parseComponentSearch({ query: JSON.stringify({ 'tl.kind': 'MARKER' }) });
    const keyset = { phase: 'values' as const, after: null };
    const maxId = await lastComponentId(suite.testDb.database.db);
    const plan = await suite.testDb.database.db.transaction(async (tx) => {
      await preferIndexWalks(tx as unknown as Db);
      const query = findComponentsAfter(tx as unknown as Db, search, keyset, maxId, 1000);
      return JSON.stringify(rowsOf(await tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)));
    });
    expect(plan).toContain('"Node Type":"Index Scan"');
    expect(plan).not.toContain('"Node Type":"Sort"');
  });

  it('lets go of the database when the client disconnects during an export', async () => {
    // A pool of one connection on PostgreSQL: one leaked by the export would block the next query.
    const database: Database =
      kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: suite.testDb.url!, poolSize: 1 })
        : suite.testDb.database;
    let snapshots = 0;
    let released = 0;
    const watched: Database = {
      ...database,
      readSnapshot: async () => {
        const snapshot = await database.readSnapshot();
        if (!snapshot) return null;
        snapshots++;
        return { db: snapshot.db, release: () => (released++, snapshot.release()) };
      },
    };
    const server = Fastify();
    // A row per query: the export is still running long after the first bytes reach the client.
    await server.register(searchExportRoutes, {
      database: watched,
      publicUrl: 'http://localhost:8080',
      batchSize: 1,
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as AddressInfo;
      const path = `/components/export/?${query({ query: { 'tl.kind': 'MARKER', cmp: { label: 'zqxexport' } } })}`;
      const { received, ended } = await new Promise<{ received: number; ended: boolean }>(
        (resolve, reject) => {
          const request = httpRequest({ port, host: '127.0.0.1', path }, (response) => {
            let received = 0;
            response.on('data', (chunk: Buffer) => {
              received += chunk.length;
              // Gone after the first bytes, as a closed browser tab would be.
              request.destroy();
              resolve({ received, ended: false });
            });
            response.on('end', () => resolve({ received, ended: true }));
          });
          request.on('error', (error) => {
            if (!request.destroyed) reject(error);
          });
          request.end();
        },
      );
      expect(received).toBeGreaterThan(0);
      expect(ended).toBe(false);
      if (kind === 'postgres') {
        for (let waited = 0; released < snapshots && waited < 10_000; waited += 20) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect([snapshots, released]).toEqual([1, 1]);
        // No transaction left open, and the pool's one connection serves the next query.
        const [open] = rowsOf<{ n: number }>(
          await suite.testDb.database.db
            .execute(sql`SELECT count(*)::integer AS n FROM pg_stat_activity
            WHERE datname = current_database() AND backend_type = 'client backend'
              AND xact_start IS NOT NULL AND pid <> pg_backend_pid()`),
        );
        expect(open?.n).toBe(0);
      }
      const [one] = rowsOf<{ one: number }>(await database.db.execute(sql`SELECT 1 AS one`));
      expect(one?.one).toBe(1);
    } finally {
      await server.close();
      if (database !== suite.testDb.database) await database.close();
    }
  });

  // PGlite has no connection of the export's own to lose.
  if (kind === 'postgres') {
    it('fails an export whose connection is ended between batches, and drops that connection', async () => {
      const database = await openDatabase({
        kind: 'postgres',
        url: suite.testDb.url!,
        poolSize: 1,
      });
      const params = {
        query: { 'tl.kind': 'MARKER', cmp: { label: 'zqxexport 2' } },
        order_by: 'time',
        order_direction: 'asc',
      };
      const raw = Object.fromEntries(
        Object.entries(params).map(([name, value]) => [name, JSON.stringify(value)]),
      );
      const { stream } = exportComponents(database, raw, 'http://test', { batchSize: 5 });
      const chunks = stream[Symbol.asyncIterator]();
      const exportSessions = (state: string) =>
        suite.testDb.database.db.execute(sql`SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND backend_type = 'client backend'
            AND pid <> pg_backend_pid() AND xact_start IS NOT NULL AND state LIKE ${state}`);
      try {
        await chunks.next();
        await chunks.next();
        // Once the batch read ahead is in, the export waits for its reader, idle in its
        // transaction, as for a download that stalled (a tenth of a second without a query).
        for (let idle = 0, waited = 0; idle < 5 && waited < 10_000; waited += 20) {
          const sessions = rowsOf(await exportSessions('idle in transaction'));
          idle = sessions.length === 1 ? idle + 1 : 0;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // What idle_in_transaction_session_timeout does to it.
        const [session] = rowsOf<{ pid: number }>(await exportSessions('%'));
        const ended = rowsOf<{ ended: boolean }>(
          await suite.testDb.database.db.execute(
            sql`SELECT pg_terminate_backend(${session?.pid ?? 0}::integer) AS ended`,
          ),
        );
        expect(ended).toEqual([{ ended: true }]);
        const rest = async () => {
          for (let next = await chunks.next(); !next.done; next = await chunks.next());
        };
        await expect(rest()).rejects.toThrow();
        // The pool's one connection was replaced, not handed out broken.
        const [one] = rowsOf<{ one: number }>(await database.db.execute(sql`SELECT 1 AS one`));
        expect(one?.one).toBe(1);
      } finally {
        // On a failure above, the export must not keep the pool from closing.
        stream.destroy();
        await finished(stream).catch(() => undefined);
        await database.close();
      }
    });
  }

  it('answers a bad parameter with a 400 before streaming', async () => {
    const response = await exportCsv({ query: { 'tl.kind': 'CHORD' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('exports a header alone when nothing matches', async () => {
    const response = await exportCsv({ query: { 'tl.kind': 'BEAT', cmp: { time: 99999 } } });
    expect(response.statusCode, response.body).toBe(200);
    expect(parseCsv(response.body)).toEqual([exportColumns('BEAT')]);
  });

  it('holds at most a quarter of the pool in export snapshots, each released once', async () => {
    if (kind === 'pglite') {
      // One connection serves every request: an export never holds it.
      expect(await suite.testDb.database.readSnapshot()).toBeNull();
      return;
    }
    const database = await openDatabase({ kind: 'postgres', url: suite.testDb.url!, poolSize: 8 });
    try {
      const first = await database.readSnapshot();
      const second = await database.readSnapshot();
      expect(first).not.toBeNull();
      expect(second).not.toBeNull();
      // A third export reads without a snapshot (bounded by the last id) rather than wait.
      expect(await database.readSnapshot()).toBeNull();
      await first!.release();
      await first!.release();
      const third = await database.readSnapshot();
      expect(third).not.toBeNull();
      expect(await database.readSnapshot()).toBeNull();
      await second!.release();
      await third!.release();
    } finally {
      await database.close();
    }
  });
});
