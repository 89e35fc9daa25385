import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import { bareUnit, type CorpusFile, type CorpusTimeline, type CorpusUnit } from './tql-corpus';
import { TQL_INDEX_VERSION, type TimeMapSource } from './tql-index';
import type { Narrowing } from './tql-narrowing';
import { keptFiles, pairConditions, textConditions } from './tql-narrowing.repository';
import { rowsOf, textArray } from '../db/sql-values';

const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);
const parsed = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/**
 * The files a caller's query may read, in id order: public files and the caller's own, indexed,
 * limited to `only` when given; and, when a narrowing is given, only files having for each group
 * of its words a label category among them and each text it needs (the database narrows the
 * corpus before anything is loaded), or files that the evaluator may warn about. The units and
 * pairs a match needs are looked for later, a chunk at a time (narrowFiles).
 */
export async function queryableFiles(
  db: Db,
  userId: number | null,
  only: number[] | null,
  narrowing: Narrowing | null,
): Promise<number[]> {
  const conditions: SQL[] = [sql`(f.is_public OR f.author_id = ${userId ?? -1})`];
  if (only) conditions.push(sql`f.id = ANY(${`{${only.join(',')}}`}::bigint[])`);
  if (narrowing) {
    const held: SQL[] = [];
    for (const group of narrowing.words) {
      // A word finds its category and, through the stored heads, that category's subtypes.
      held.push(sql`EXISTS (SELECT 1 FROM tql_labels l WHERE l.file_id = f.id
        AND l.category = ANY(${`{${group.map((w) => `"${w.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]))`);
    }
    held.push(...textConditions(narrowing));
    const kept = keptFiles(narrowing);
    if (held.length > 0) {
      conditions.push(
        kept ? sql`(${sql.join(held, sql` AND `)} OR ${kept})` : sql.join(held, sql` AND `),
      );
    }
  }
  const rows = rowsOf(
    await db.execute(sql`SELECT f.id FROM files f JOIN tql_files t ON t.file_id = f.id
      WHERE ${sql.join(conditions, sql` AND `)} ORDER BY f.id`),
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Of some candidate files (queryableFiles), in id order, those holding each unit and pair the
 * narrowing needs, or that the evaluator may warn about.
 */
export async function narrowFiles(
  db: Db,
  fileIds: number[],
  narrowing: Narrowing,
): Promise<number[]> {
  if (narrowing.pairs.length === 0 || fileIds.length === 0) return fileIds;
  const ids = `{${fileIds.join(',')}}`;
  const held = sql.join(pairConditions(narrowing, ids), sql` AND `);
  const kept = keptFiles(narrowing);
  const rows = rowsOf(
    await db.execute(sql`SELECT t.file_id FROM tql_files t
      WHERE t.file_id = ANY(${ids}::bigint[]) AND ${kept ? sql`(${held} OR ${kept})` : held}
      ORDER BY t.file_id`),
  );
  return rows.map((row) => Number(row.file_id));
}

/** The timeline and range-row names of some files, each once (for the lanes a query names). */
export async function laneNames(db: Db, fileIds: number[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const ids = `{${fileIds.join(',')}}`;
  const rows = rowsOf(
    await db.execute(sql`SELECT DISTINCT name FROM tql_timelines WHERE file_id = ANY(${ids}::bigint[])
      UNION SELECT DISTINCT row_name FROM tql_units
        WHERE kind = 'range' AND file_id = ANY(${ids}::bigint[])`),
  );
  return rows.map((row) => String(row.name ?? ''));
}

/** A unit as loadCorpus selects it, in json_build_array's order. */
type UnitTuple = [
  number,
  number,
  CorpusUnit['kind'],
  number | null,
  string | null,
  number,
  number,
  string,
  string[],
  string | null,
  string | null,
  number | null,
  number | null,
  CorpusUnit['facts'],
];

function unitOf(tuple: UnitTuple): CorpusUnit {
  const [id, timeline, kind, level, row, start, end, label, categories] = tuple;
  const [, , , , , , , , , color, comments, parent, depth, facts] = tuple;
  return {
    id,
    timeline,
    kind,
    level,
    row,
    start,
    end,
    label,
    categories,
    color,
    comments,
    parent,
    depth,
    facts,
  };
}

/** The index rows of some files, as the evaluator reads them (see timelineWords below). */
export async function loadCorpus(
  db: Db,
  fileIds: number[],
  kinds: string[],
  withTimeMap = true,
  timelineWords: string[][] | null = null,
): Promise<CorpusFile[]> {
  if (fileIds.length === 0) return [];
  const ids = `{${fileIds.join(',')}}`;
  // Only the units of timelines holding a unit of each group (tql-needs.ts timelineWords), found
  // through the summaries; a file of an older index, whose summaries may lack units, whole.
  const timelines = timelineWords
    ? sql`AND (timeline_id IN (${sql.join(
        timelineWords.map(
          (group) => sql`SELECT u.timeline_id FROM tql_units u WHERE u.id = ANY(
            SELECT unnest(l.units) FROM tql_labels l WHERE l.file_id = ANY(${ids}::bigint[])
              AND l.category = ANY(${textArray(group)}::text[]))`,
        ),
        sql` INTERSECT `,
      )}) OR file_id IN (SELECT file_id FROM tql_files WHERE file_id = ANY(${ids}::bigint[])
        AND index_version < ${TQL_INDEX_VERSION}))`
    : sql``;
  const [fileRows, timelineRows, unitRows] = [
    rowsOf(
      await db.execute(sql`SELECT file_id, title, media_length, extent, grammar, fields,
        CASE WHEN ${withTimeMap}::boolean THEN time_map END AS time_map
      FROM tql_files WHERE file_id = ANY(${ids}::bigint[])`),
    ),
    rowsOf(
      await db.execute(sql`SELECT id, file_id, name, kind, role, author, ordinal,
        CASE WHEN ${kinds.includes('beat')}::boolean THEN beats END AS beats
      FROM tql_timelines WHERE file_id = ANY(${ids}::bigint[])`),
    ),
    // A file's units as one JSON text: parsed at once, and on PGlite one value crosses the thread
    // where a row per unit did (float8 is written exactly, so times are the stored ones).
    rowsOf(
      await db.execute(sql`SELECT file_id, json_agg(json_build_array(id, timeline_id, kind, level,
        row_name, start, "end", label, categories, color, comments, parent_id, depth, facts))::text
        AS units
      FROM tql_units WHERE file_id = ANY(${ids}::bigint[])
        AND kind = ANY(${`{${kinds.join(',')}}`}::text[]) ${timelines}
      GROUP BY file_id`),
    ),
  ];
  const files = new Map<number, CorpusFile>();
  for (const row of fileRows) {
    files.set(Number(row.file_id), {
      id: Number(row.file_id),
      title: String(row.title),
      mediaLength: numberOrNull(row.media_length),
      extent: Number(row.extent),
      grammar: row.grammar === 'de Clercq' ? 'de Clercq' : 'whole',
      fields: parsed<Record<string, string>>(row.fields),
      timeMap: row.time_map === null ? null : parsed<TimeMapSource>(row.time_map),
      timelines: [],
      units: [],
    });
  }
  for (const row of timelineRows) {
    const timeline: CorpusTimeline = {
      id: Number(row.id),
      name: String(row.name),
      kind: row.kind as CorpusTimeline['kind'],
      role: row.role === null ? null : String(row.role),
      author: row.author === null ? null : String(row.author),
      ordinal: Number(row.ordinal),
    };
    const file = files.get(Number(row.file_id));
    file?.timelines.push(timeline);
    // A beat timeline's beats are kept as lists (tql-index.ts): units again, for a beat lane.
    const beats =
      row.beats === null || row.beats === undefined
        ? null
        : parsed<{ ids: number[]; times: number[] }>(row.beats);
    beats?.ids.forEach((id, index) => {
      const time = beats.times[index] ?? 0;
      file?.units.push(bareUnit(id, timeline.id, 'beat', time));
    });
  }
  for (const row of unitRows) {
    const file = files.get(Number(row.file_id));
    if (!file) continue;
    for (const unit of JSON.parse(String(row.units)) as UnitTuple[]) file.units.push(unitOf(unit));
  }
  return [...files.values()];
}

/** Runs the loads of one query under PostgreSQL's statement_timeout (PGlite: the deadline checks). */
export async function withQueryTimeout<T>(
  database: Database,
  timeoutMs: number,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres') return work(database.db);
  return database.db.transaction(async (tx) => {
    // A query's statements each read a chunk of files through indexes, in a few milliseconds:
    // compiling them (JIT) or starting parallel workers costs more than they do, and the
    // planner, which cannot tell how many units a word finds, may think them costly enough.
    await tx.execute(sql`SELECT set_config('statement_timeout', ${String(Math.max(1, Math.floor(timeoutMs)))}, true),
      set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
    return work(tx as unknown as Db);
  });
}
