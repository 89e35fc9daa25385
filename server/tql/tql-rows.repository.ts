import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { TqlRow, TqlUnit } from '../../src/shared/exports/tql-exports';
import type { MarkerPairShape, WordTest } from './tql-rows';
import { rowsOf, textArray } from '../db/sql-values';

/**
 * Whether a unit's categories fit a step's words as the evaluator's wordFits reads them: the word
 * itself, or for a word without a dot a category it heads ('pac' fits 'pac.2').
 */
export function fits(test: WordTest, alias = 'u'): SQL {
  if (test === null) return sql`true`;
  const categories = sql.raw(`${alias}.categories`);
  const heads = test.filter((word) => !word.includes('.'));
  const exact = sql`${categories} && ${textArray(test)}::text[]`;
  if (heads.length === 0) return exact;
  // The subtypes are looked for only in the few units with a dotted category.
  return sql`(${exact} OR (position('.' IN array_to_string(${categories}, ',')) > 0
    AND EXISTS (SELECT 1 FROM unnest(${categories}) AS c
      WHERE position('.' IN c) > 0 AND split_part(c, '.', 1) = ANY(${textArray(heads)}::text[]))))`;
}

export const unitOf = (
  row: Record<string, unknown>,
  side: 'a' | 'b',
  timeline: TqlUnit['timeline'],
  kind = 'marker',
  target = true,
): TqlUnit => ({
  file: Number(row.file_id),
  timeline,
  component: Number(row[`${side}_id`]),
  kind,
  label: String(row[`${side}_label`]),
  start: Number(row[`${side}_start`]),
  end: Number(row[`${side}_end`]),
  target,
});

/**
 * The rows of `X THEN Y` in marker lanes over some files (an id list), as the evaluator gives
 * them: by file, start, end and component ids, `most` at most. A lane's markers are in time
 * order (start, end, then id as text, as tql-corpus.ts's byTime sorts them), each with the one
 * after it; a row is a marker fitting X whose next fits Y.
 */
export async function markerPairRows(
  db: Db,
  fileIds: number[],
  shape: MarkerPairShape,
  most: number,
): Promise<TqlRow[]> {
  if (fileIds.length === 0 || most <= 0) return [];
  const ids = `{${fileIds.join(',')}}`;
  const role = shape.role === null ? sql`true` : sql`t.role = ${shape.role}`;
  const rows = rowsOf(
    await db.execute(sql`WITH lane AS (
        SELECT u.id, u.file_id, u.timeline_id, ${fits(shape.first)} AS first_fits,
          lead(u.id) OVER w AS next_id, lead(${fits(shape.second)}) OVER w AS second_fits
        FROM tql_units u JOIN tql_timelines t ON t.id = u.timeline_id
        WHERE u.file_id = ANY(${ids}::bigint[]) AND u.kind = 'marker' AND t.kind = 'marker'
          AND ${role}
        WINDOW w AS (PARTITION BY u.timeline_id ORDER BY u.start, u."end", u.id::text COLLATE "C"))
      SELECT l.file_id, f.title, l.timeline_id, t.name AS timeline_name,
        a.id AS a_id, a.label AS a_label, a.start AS a_start, a."end" AS a_end,
        b.id AS b_id, b.label AS b_label, b.start AS b_start, b."end" AS b_end
      FROM lane l JOIN tql_units a ON a.id = l.id JOIN tql_units b ON b.id = l.next_id
        JOIN tql_files f ON f.file_id = l.file_id JOIN tql_timelines t ON t.id = l.timeline_id
      WHERE l.first_fits AND l.second_fits
      ORDER BY l.file_id, least(a.start, b.start), greatest(a."end", b."end"),
        (a.id::text || ',' || b.id::text) COLLATE "C"
      LIMIT ${most}`),
  );
  return rows.map((row) => {
    const timeline = { id: Number(row.timeline_id), name: String(row.timeline_name) };
    const a = unitOf(row, 'a', timeline);
    const b = unitOf(row, 'b', timeline);
    return {
      file: { id: a.file, title: String(row.title) },
      start: Math.min(a.start, b.start),
      end: Math.max(a.end, b.end),
      steps: [[a], [b]],
    };
  });
}

/** Files asked at a time: few first, then as many as the rows still wanted need at the rate so far. */
const FIRST_BATCH = 200;
const FEWEST_BATCH = 50;
const LARGEST_BATCH = 2000;

/**
 * A shape's rows over the candidate files in id order, a batch of files at a time, until more
 * than `limit` rows have come (stopped 'limit', `limit` kept), the files run out, or the
 * deadline passes between batches (stopped 'time_limit').
 */
export async function pagedRows(
  fileIds: number[],
  limit: number,
  deadline: number,
  batchRows: (ids: number[], most: number) => Promise<TqlRow[]>,
): Promise<{ rows: TqlRow[]; stopped: null | 'limit' | 'time_limit' }> {
  const rows: TqlRow[] = [];
  let next = 0;
  let size = FIRST_BATCH;
  while (next < fileIds.length) {
    if (Date.now() > deadline) return { rows, stopped: 'time_limit' };
    const batch = fileIds.slice(next, next + size);
    next += batch.length;
    rows.push(...(await batchRows(batch, limit + 1 - rows.length)));
    if (rows.length > limit) {
      rows.length = limit;
      return { rows, stopped: 'limit' };
    }
    const rate = rows.length / next;
    const wanted = ((limit + 1 - rows.length) / Math.max(rate, 1e-9)) * 1.25;
    size = Math.round(Math.min(LARGEST_BATCH, Math.max(FEWEST_BATCH, wanted)));
  }
  return { rows, stopped: null };
}
