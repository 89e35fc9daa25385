import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { TqlRow } from '../../src/shared/exports/tql-exports';
import type { MarkerRelationShape, WordTest } from './tql-rows';
import { TQL_INDEX_VERSION } from './tql-index';
import { TOLERANCE } from './tql-relations';
import { fits, unitOf } from './tql-rows.repository';
import { rowsOf, textArray } from '../db/sql-values';

/**
 * Units of a kind in some files fitting a word test, under `u`: for words, through the file's
 * summaries (tql_labels: the units of each category and subtype head; files of an older index
 * version, which may lack them, go to the evaluator), and tested again.
 */
function unitsFitting(ids: string, kind: string, test: WordTest): SQL {
  const found =
    test === null
      ? sql`u.file_id = ANY(${ids}::bigint[])`
      : sql`u.id = ANY(SELECT unnest(l.units) FROM tql_labels l
          WHERE l.file_id = ANY(${ids}::bigint[]) AND l.category = ANY(${textArray(test)}::text[]))`;
  return sql`${found} AND u.kind = ${kind} AND ${fits(test)}`;
}

/** Timelines of a kind (and a role, unless null) in some files, as a set of ids. */
const timelinesOf = (ids: string, kind: string, role: string | null) =>
  sql`(SELECT t.id FROM tql_timelines t WHERE t.file_id = ANY(${ids}::bigint[])
    AND t.kind = ${kind}${role === null ? sql`` : sql` AND t.role = ${role}`})`;

/** The units of the form's lanes that may be a relation's target, under `u`. */
const formUnits = (ids: string, target: WordTest) =>
  sql`tql_units u WHERE ${unitsFitting(ids, 'hierarchy', target)}
    AND u.timeline_id IN ${timelinesOf(ids, 'hierarchy', 'form')} AND u."end" > u.start`;

/** Of some files (an id list), those of an older index version (their summaries may lack units). */
export async function olderIndexFiles(db: Db, fileIds: number[]): Promise<number[]> {
  if (fileIds.length === 0) return [];
  const rows = rowsOf(
    await db.execute(sql`SELECT file_id FROM tql_files
      WHERE file_id = ANY(${`{${fileIds.join(',')}}`}::bigint[])
        AND index_version < ${TQL_INDEX_VERSION} ORDER BY file_id`),
  );
  return rows.map((row) => Number(row.file_id));
}

/**
 * The files of some rows whose target may not lie in its level's lane: it overlaps another unit
 * of its level (of some length) in its timeline. tql-corpus.ts tiles a level by the lowest level
 * covering each stretch, ties the shortest, so a unit is left out only where one of its own level
 * covers it too; every other target of the rows is one the evaluator finds, and as the evaluator
 * finds no target the rows do not have, the rows of the other files are its rows.
 */
export async function shadowedTargets(db: Db, rows: TqlRow[]): Promise<number[]> {
  const targets = [...new Set(rows.map((row) => row.steps[1]![0]!.component))];
  if (targets.length === 0) return [];
  const found = rowsOf(
    await db.execute(sql`SELECT DISTINCT u.file_id FROM tql_units u
      WHERE u.id = ANY(${`{${targets.join(',')}}`}::bigint[]) AND EXISTS (SELECT 1 FROM tql_units o
        WHERE o.file_id = u.file_id AND o.kind = 'hierarchy' AND o.timeline_id = u.timeline_id
          AND o.id <> u.id AND coalesce(o.level, 1) = coalesce(u.level, 1) AND o."end" > o.start
          AND o.start < u."end" AND u.start < o."end")
      ORDER BY u.file_id`),
  );
  return found.map((row) => Number(row.file_id));
}

/**
 * The rows of `A IN markers REL B IN form` over some files, as the evaluator gives them (a
 * marker inside b with the tolerance; for STARTS / ENDS also the first / last marker of its lane
 * inside b, in the lane's order), by file, start, end and ids, `most` at most. The marker is the
 * result, b is given as the relation's step.
 */
export async function markerRelationRows(
  db: Db,
  fileIds: number[],
  shape: MarkerRelationShape,
  most: number,
): Promise<TqlRow[]> {
  if (fileIds.length === 0 || most <= 0) return [];
  const ids = `{${fileIds.join(',')}}`;
  const inside = (m: string) =>
    sql.raw(
      `b.start - ${TOLERANCE}::float8 <= ${m}.start AND ${m}."end" <= b."end" + ${TOLERANCE}::float8`,
    );
  // STARTS / ENDS: no other marker of a's lane inside b before / after a in the lane's order.
  const [from, to] = shape.word === 'starts' ? ['a', 'm'] : ['m', 'a'];
  const order =
    shape.word === 'during'
      ? sql`true`
      : sql`NOT EXISTS (SELECT 1 FROM tql_units m WHERE m.file_id = a.file_id
          AND m.kind = 'marker' AND m.timeline_id = a.timeline_id AND ${inside('m')}
          AND ${sql.raw(`(${from}.start > ${to}.start OR (${from}.start = ${to}.start
            AND (${from}."end" > ${to}."end" OR (${from}."end" = ${to}."end"
              AND ${from}.id::text COLLATE "C" > ${to}.id::text COLLATE "C"))))`)})`;
  const rows = rowsOf(
    await db.execute(sql`WITH a AS MATERIALIZED (
        SELECT u.id, u.file_id, u.timeline_id, u.label, u.start, u."end"
        FROM tql_units u WHERE ${unitsFitting(ids, 'marker', shape.left)}
          AND u.timeline_id IN ${timelinesOf(ids, 'marker', shape.role)}),
      b AS MATERIALIZED (SELECT u.id, u.file_id, u.timeline_id, u.label, u.start, u."end"
        FROM ${formUnits(ids, shape.target)})
      SELECT a.file_id, f.title, a.timeline_id, ta.name AS a_timeline_name,
        b.timeline_id AS b_timeline_id, tb.name AS b_timeline_name,
        a.id AS a_id, a.label AS a_label, a.start AS a_start, a."end" AS a_end,
        b.id AS b_id, b.label AS b_label, b.start AS b_start, b."end" AS b_end
      FROM a JOIN b ON b.file_id = a.file_id AND ${inside('a')}
        JOIN tql_files f ON f.file_id = a.file_id
        JOIN tql_timelines ta ON ta.id = a.timeline_id JOIN tql_timelines tb ON tb.id = b.timeline_id
      WHERE ${order}
      ORDER BY a.file_id, a.start, a."end", (a.id::text || ',' || b.id::text) COLLATE "C"
      LIMIT ${most}`),
  );
  return rows.map((row) => {
    const a = unitOf(row, 'a', { id: Number(row.timeline_id), name: String(row.a_timeline_name) });
    const b = unitOf(
      row,
      'b',
      { id: Number(row.b_timeline_id), name: String(row.b_timeline_name) },
      'hierarchy',
      false,
    );
    return {
      file: { id: a.file, title: String(row.title) },
      start: a.start,
      end: a.end,
      steps: [[a], [b]],
    };
  });
}
