import { sql } from 'drizzle-orm';
import { byteaValue } from '../../db/bytea';
import type { Database, Db } from '../../db/database';
import { abstractWorks, concreteWorks, files, timelines } from '../../db/schema';
import type { StoredIds, StoredRows, StoredViews } from './stored-forms';
import { rowsOf } from '../../db/sql-values';

export type NewAbstractWork = typeof abstractWorks.$inferInsert;
export type NewConcreteWork = typeof concreteWorks.$inferInsert;
export type NewFile = typeof files.$inferInsert;
export type NewTimeline = typeof timelines.$inferInsert;

/**
 * `count` ids from `sequence`. On PostgreSQL, nextval once per id in one statement: other
 * sessions may take ids meanwhile, so a block cannot be assumed. On PGlite, statements run one at
 * a time, so one statement takes a whole block: nextval gives its first id and setval moves the
 * sequence past its last.
 */
async function takeIds(database: Database, sequence: string, count: number): Promise<Float64Array> {
  if (count === 0) return new Float64Array(0);
  const name = sql.raw(`'${sequence}'`);
  if (database.kind === 'pglite') {
    const [row] = rowsOf(
      await database.db.execute(
        sql`SELECT setval(${name}, nextval(${name}) + ${count}::int8 - 1)::text AS last`,
      ),
    );
    const last = Number(row!.last);
    return Float64Array.from({ length: count }, (_, i) => last - count + 1 + i);
  }
  const [row] = rowsOf(
    await database.db.execute(
      sql`SELECT string_agg(nextval(${name})::text, ',') AS ids FROM generate_series(1, ${count}::int)`,
    ),
  );
  return Float64Array.from(String(row!.ids).split(','), Number);
}

export async function allocateIds(
  database: Database,
  counts: { timelineCount: number; componentCount: number },
  fixedId?: number,
): Promise<StoredIds> {
  const [works, timelineIds, componentIds] = await Promise.all([
    fixedId === undefined
      ? database.db
          .execute(
            sql`SELECT nextval('abstract_works_id_seq')::text AS aw,
              nextval('concrete_works_id_seq')::text AS cw, nextval('files_id_seq')::text AS f`,
          )
          .then((result) => rowsOf(result)[0]!)
      : Promise.resolve({ aw: fixedId, cw: fixedId, f: fixedId }),
    takeIds(database, 'timelines_id_seq', counts.timelineCount),
    takeIds(database, 'components_id_seq', counts.componentCount),
  ]);
  return {
    abstractWork: Number(works.aw),
    concreteWork: Number(works.cw),
    file: Number(works.f),
    timelines: [...timelineIds],
    components: componentIds,
  };
}

/** The title's sort key, as the database computes it for abstract_works.title_sort. */
export async function titleSortKey(db: Db, title: string): Promise<string> {
  const [row] = rowsOf(await db.execute(sql`SELECT natural_sort_key(${title}) AS key`));
  return String(row!.key ?? '');
}

/** A prepared file's works and file (its timelines and components go in by COPY). */
export async function insertFileRows(db: Db, forms: StoredRows): Promise<void> {
  await db.insert(abstractWorks).values(forms.abstractWork);
  await db.insert(concreteWorks).values(forms.concreteWork);
  // Base64 text and decode() (byteaValue): a bytea parameter took PGlite 2.4 s for 4.6 MB of .tla.
  await db.insert(files).values({ ...forms.file, tla: byteaValue(forms.file.tla) });
}

/** A prepared file's viewer payloads (its viewer JSON, and the prepared form of it). */
export async function insertViewerPayload(
  db: Db,
  fileId: number,
  views: StoredViews,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO viewer_payloads (file_id, json_gzip, json_bytes, prepared_gzip, prepared_version)
    VALUES (${fileId}, ${byteaValue(views.jsonGzip)}, ${views.jsonBytes},
      ${views.prepared ? byteaValue(views.prepared.gzip) : null},
      ${views.prepared?.version ?? null})`);
}
