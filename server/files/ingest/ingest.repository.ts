import { eventLoopTurn } from '../../db/event-loop-turn';
import { sql } from 'drizzle-orm';
import { byteaValue } from '../../db/bytea';
import type { Db } from '../../db/database';
import { abstractWorks, concreteWorks, files, timelines } from '../../db/schema';
import type { ComponentRow } from './component-rows';
import { storableJsonText } from './storable-text';
import { encodeTla } from './tla-bytes';

export type NewAbstractWork = typeof abstractWorks.$inferInsert;
export type NewConcreteWork = typeof concreteWorks.$inferInsert;
export type NewFile = typeof files.$inferInsert;
export type NewTimeline = typeof timelines.$inferInsert;

export async function insertAbstractWork(db: Db, work: NewAbstractWork): Promise<number> {
  const [row] = await db.insert(abstractWorks).values(work).returning({ id: abstractWorks.id });
  return row!.id;
}

export async function insertConcreteWork(db: Db, work: NewConcreteWork): Promise<number> {
  const [row] = await db.insert(concreteWorks).values(work).returning({ id: concreteWorks.id });
  return row!.id;
}

export async function insertFile(db: Db, file: NewFile & { tla: Uint8Array }): Promise<number> {
  const stored = await encodeTla(file.tla);
  // Base64 text and decode() (byteaValue): a bytea parameter took PGlite 2.4 s for 4.6 MB of .tla.
  const tla = byteaValue(stored.tla);
  const [row] = await db
    .insert(files)
    .values({ ...file, tla, tlaEncoding: stored.tlaEncoding })
    .returning({ id: files.id });
  return row!.id;
}

export async function insertTimeline(db: Db, timeline: NewTimeline): Promise<number> {
  const [row] = await db.insert(timelines).values(timeline).returning({ id: timelines.id });
  return row!.id;
}

// The per-file facts a component search needs (migration 0003), read once per statement rather
// than by the fallback row trigger, which would cost a lookup per component.
const searchCopies = (fileId: number, timelineId: number) => sql`
  SELECT t.kind AS timeline_kind, f.is_public, aw.title, aw.title_sort, aw.composer
  FROM timelines t
  JOIN files f ON f.id = t.file_id
  JOIN concrete_works cw ON cw.id = f.concrete_work_id
  JOIN abstract_works aw ON aw.id = cw.abstract_work_id
  WHERE t.id = ${timelineId} AND f.id = ${fileId}`;

// Rows per INSERT: one JSON parameter carries them all, so big timelines (a 3-hour beat
// timeline has 43,200 beats) go in tens of statements instead of tens of thousands; each is
// short (tens of milliseconds on the embedded database), and other requests get a turn between them.
export const COMPONENTS_PER_STATEMENT = 1_000;

/** Called after each statement with the time it took; may pause (RequestLoad.stepAside). */
export type StepAside = (workedMs: number) => Promise<void>;

export async function insertComponents(
  db: Db,
  fileId: number,
  timelineId: number,
  rows: ComponentRow[],
  stepAside?: StepAside,
): Promise<number[]> {
  const ids = new Array<number>(rows.length);
  let worked = 0;
  for (let offset = 0; offset < rows.length; offset += COMPONENTS_PER_STATEMENT) {
    if (offset > 0) {
      await eventLoopTurn();
      await stepAside?.(worked);
    }
    const started = performance.now();
    const chunk = storableJsonText(rows.slice(offset, offset + COMPONENTS_PER_STATEMENT));
    const result = await db.execute(sql`
      INSERT INTO components (
        timeline_id, file_id, position, kind, label, comments, color, formal_function, formal_type,
        start, "end", pre_start, post_end, "time", level, page_number, amplitude, step, accidental,
        quality, inversion, applied_to, display_mode, custom_text, custom_text_font_type, mode_type,
        extra, search_kind, is_public, work_title, work_title_sort, work_composer)
      SELECT ${timelineId}, ${fileId}, r.position, r.kind, r.label, r.comments, r.color,
        r.formal_function, r.formal_type, r.start, r."end", r.pre_start, r.post_end, r."time",
        r.level, r.page_number, r.amplitude, r.step, r.accidental, r.quality, r.inversion,
        r.applied_to, r.display_mode, r.custom_text, r.custom_text_font_type, r.mode_type, r.extra,
        component_search_kind(w.timeline_kind, r.kind), w.is_public, w.title, w.title_sort,
        w.composer
      FROM (${searchCopies(fileId, timelineId)}) AS w,
        jsonb_to_recordset(${chunk}::jsonb) AS r(
        position integer, kind text, label text, comments text, color text, formal_function text,
        formal_type text, start double precision, "end" double precision,
        pre_start double precision, post_end double precision, "time" double precision,
        level integer, page_number integer, amplitude double precision, step smallint,
        accidental smallint, quality text, inversion smallint, applied_to smallint,
        display_mode text, custom_text text, custom_text_font_type text, mode_type text,
        extra jsonb)
      RETURNING id, position
    `);
    // Both drivers (PGlite and node-postgres) answer with { rows }.
    const { rows: stored } = result as { rows: { id: number | string; position: number }[] };
    for (const row of stored) {
      ids[row.position] = Number(row.id);
    }
    worked = performance.now() - started;
  }
  return ids;
}
