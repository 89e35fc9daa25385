/**
 * The query index of files stored before it existed, or indexed by an older TQL_INDEX_VERSION:
 * rebuilt at server start, one file after another, each on the work pool and written in a
 * transaction of its own. Idempotent: a file already at the current version is left alone, and a
 * stop halfway leaves the rest for the next start.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import { decodeTla, type TlaEncoding } from '../files/ingest/tla-bytes';
import type { WorkTasks } from '../work/work-tasks';
import { TQL_INDEX_VERSION } from './tql-index';
import { writeTqlIndex } from './tql-index.repository';
import { rowsOf } from '../db/sql-values';

const FILES_PER_QUERY = 100;

async function staleFiles(db: Db, after: number): Promise<number[]> {
  const rows = rowsOf(
    await db.execute(sql`SELECT f.id FROM files f LEFT JOIN tql_files t ON t.file_id = f.id
      WHERE f.id > ${after} AND (t.file_id IS NULL OR t.index_version <> ${TQL_INDEX_VERSION})
      ORDER BY f.id LIMIT ${FILES_PER_QUERY}`),
  );
  return rows.map((row) => Number(row.id));
}

/** What indexing a stored file needs: its bytes, title and the ids its rows were stored with. */
export async function storedFileSource(db: Db, fileId: number) {
  const [file] = rowsOf(
    await db.execute(sql`SELECT f.tla, f.tla_encoding, f.original_name, a.title
      FROM files f JOIN concrete_works c ON c.id = f.concrete_work_id
      JOIN abstract_works a ON a.id = c.abstract_work_id WHERE f.id = ${fileId}`),
  );
  if (!file) return null;
  const timelines = rowsOf(
    await db.execute(
      sql`SELECT id FROM timelines WHERE file_id = ${fileId} ORDER BY display_position`,
    ),
  ).map((row) => Number(row.id));
  const components = rowsOf(
    await db.execute(sql`SELECT id, timeline_id FROM components WHERE file_id = ${fileId}
      ORDER BY timeline_id, position`),
  );
  const byTimeline = new Map<number, number[]>();
  for (const row of components) {
    const list = byTimeline.get(Number(row.timeline_id)) ?? [];
    list.push(Number(row.id));
    byTimeline.set(Number(row.timeline_id), list);
  }
  const stored = file.tla as Uint8Array;
  return {
    bytes: new Uint8Array(await decodeTla(stored, file.tla_encoding as TlaEncoding)),
    fileName: String(file.original_name),
    title: String(file.title),
    fileId,
    timelines,
    components: timelines.map((id) => byTimeline.get(id) ?? []),
  };
}

export async function backfillTqlIndex(
  database: Database,
  tasks: WorkTasks,
  log: { info(message: string): void; warn(object: object, message: string): void },
  stopping: () => boolean = () => false,
): Promise<number> {
  let built = 0;
  let after = 0;
  for (;;) {
    const ids = await staleFiles(database.db, after);
    for (const fileId of ids) {
      if (stopping()) return built;
      after = fileId;
      try {
        const source = await storedFileSource(database.db, fileId);
        if (!source) continue;
        const rows = await tasks.tqlIndex(source);
        await database.transaction((tx) => writeTqlIndex(tx, rows));
        built += 1;
      } catch (error) {
        log.warn({ err: error, fileId }, 'indexing a stored file for queries failed');
      }
    }
    if (ids.length < FILES_PER_QUERY) break;
  }
  if (built > 0) log.info(`built the query index of ${built} stored files`);
  return built;
}
