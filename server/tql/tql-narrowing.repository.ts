/**
 * The narrowing's SQL (tql-narrowing.ts): the files holding each pair a match needs, found
 * set-wise over the whole index by category (migration 0021's index of categories and subtype
 * heads) and joined by file and timeline, so no unit is loaded into the server to find them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RelationWord } from '../../src/shared/tql/tql-ast';
import type { Narrowing, Pairing, UnitShape } from './tql-narrowing';

/** The relations' tolerance (tql-relations.ts) and a lane's hole (tql-sequence.ts), in s. */
const TOLERANCE = 0.1;
const HOLE = 0.1;
/** Rounding slack: the database's sums must never be stricter than the evaluator's. */
const SLACK = 1e-9;

const textArray = (values: string[]) =>
  `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

function shapeSql(alias: string, shape: UnitShape): SQL {
  const unit = sql.raw(alias);
  const parts: SQL[] = [sql`${unit}.kind = ANY(${textArray(shape.kinds)}::text[])`];
  if (shape.words !== null) {
    // The expression of the index (0021): a word finds its category or the subtypes it heads.
    parts.push(sql`tql_heads(${unit}.categories) && ${textArray(shape.words)}::text[]`);
  }
  if (shape.role !== null) {
    parts.push(sql`EXISTS (SELECT 1 FROM tql_timelines r
      WHERE r.id = ${unit}.timeline_id AND r.role = ${shape.role})`);
  }
  return sql.join(parts, sql` AND `);
}

/** Where b lies from a for a relation to hold (tql-relations.ts `holds`), loosened by SLACK. */
function relationPlace(word: RelationWord): SQL {
  const t = TOLERANCE + SLACK;
  switch (word) {
    case 'during':
    case 'starts':
    case 'ends':
      return sql`b.start - ${t}::float8 <= a.start AND a."end" <= b."end" + ${t}::float8`;
    case 'contains':
    case 'starts with':
    case 'ends with':
    case 'consists of':
      return sql`a.start - ${t}::float8 <= b.start AND b."end" <= a."end" + ${t}::float8`;
    case 'same start':
      return sql`abs(a.start - b.start) <= ${t}::float8`;
    case 'same end':
      return sql`abs(a."end" - b."end") <= ${t}::float8`;
    case 'same':
      return sql`abs(a.start - b.start) <= ${t}::float8 AND abs(a."end" - b."end") <= ${t}::float8`;
    case 'overlaps':
      return sql`b.start <= a."end" + ${t}::float8 AND a.start <= b."end" + ${t}::float8`;
    case 'before':
      return sql`a."end" <= b.start + ${t}::float8`;
    case 'after':
      return sql`b."end" <= a.start + ${t}::float8`;
    case 'starts before':
      return sql`a.start <= b.start - ${TOLERANCE - SLACK}::float8`;
    case 'starts after':
      return sql`b.start <= a.start - ${TOLERANCE - SLACK}::float8`;
  }
}

/**
 * Consecutive entries of a lane. A marker lane's next marker: none strictly between. A hierarchy
 * level's tiles lie inside their units, and a block's next tile starts within the hole of the
 * end of the one before, which ends after its unit's start: so b starts by a's end (plus the
 * hole) and ends after a starts. A range row's next unit starts at or after a's start, and by
 * a's end plus the hole.
 */
const NEXT_PLACE = sql`(
  (a.kind = 'marker' AND b.id <> a.id AND b.start >= a.start AND NOT EXISTS (SELECT 1 FROM tql_units c
    WHERE c.file_id = a.file_id AND c.kind = 'marker' AND c.timeline_id = a.timeline_id
      AND c.start > a.start AND c.start < b.start))
  OR (a.kind = 'hierarchy' AND b.start <= a."end" + ${HOLE + SLACK}::float8 AND b."end" > a.start)
  OR (a.kind = 'range' AND b.id <> a.id AND b.start >= a.start AND b.start <= a."end" + ${HOLE + SLACK}::float8
    AND b.row_name IS NOT DISTINCT FROM a.row_name))`;

/**
 * The whole-lane orders: a is its lane's first (last) entry, so no unit of the lane starts
 * before it (ends after it). A hierarchy level L <= a's level holds every unit of a's level and
 * above that has some length; a marker lane is its markers; a range lane one row.
 */
function pairSql(pair: Pairing): SQL {
  if (pair.type === 'edge') {
    const hierarchy =
      pair.edge === 'first'
        ? sql`c.start < a.start AND c."end" > c.start`
        : sql`c."end" > a."end" AND c."end" > c.start`;
    const point = pair.edge === 'first' ? sql`c.start < a.start` : sql`c.start > a.start`;
    return sql`SELECT a.file_id FROM tql_units a WHERE ${shapeSql('a', pair.unit)}
      AND NOT EXISTS (SELECT 1 FROM tql_units c WHERE c.file_id = a.file_id AND c.kind = a.kind
        AND c.timeline_id = a.timeline_id AND (
          (a.kind = 'hierarchy' AND coalesce(c.level, 1) >= coalesce(a.level, 1) AND ${hierarchy})
          OR (a.kind = 'marker' AND ${point})
          OR (a.kind = 'range' AND c.row_name IS NOT DISTINCT FROM a.row_name AND ${point})))`;
  }
  if (pair.type === 'next') {
    return sql`SELECT a.file_id FROM tql_units a JOIN tql_units b
      ON b.file_id = a.file_id AND b.timeline_id = a.timeline_id AND b.kind = a.kind
      WHERE ${shapeSql('a', pair.first)} AND ${shapeSql('b', pair.second)} AND ${NEXT_PLACE}`;
  }
  const sameTimeline = pair.sameTimeline ? sql`AND b.timeline_id = a.timeline_id` : sql``;
  return sql`SELECT a.file_id FROM tql_units a JOIN tql_units b
    ON b.file_id = a.file_id ${sameTimeline} AND b.id <> a.id
    WHERE ${shapeSql('a', pair.left)} AND ${shapeSql('b', pair.right)}
      AND ${relationPlace(pair.word)}`;
}

/** Conditions on `f` (files) and `t` (tql_files): the file holds each pair, and each text. */
export function pairConditions(narrowing: Narrowing): SQL[] {
  return [
    ...narrowing.pairs.map((pair) => sql`f.id IN (${pairSql(pair)})`),
    // A file without the field is kept: the evaluator warns that it could not answer.
    ...narrowing.fieldTexts.map(
      ({ name, text }) => sql`((t.fields ->> ${name}) IS NULL
        OR strpos(normalize(t.fields ->> ${name}, NFC), ${text}) > 0)`,
    ),
  ];
}

/**
 * A condition on `t` (tql_files) for files the evaluator may warn could not answer (no time map,
 * no media length, no such field): they are kept whatever they hold, so the warning is given.
 */
export function keptFiles(narrowing: Narrowing): SQL | null {
  const kept: SQL[] = [];
  if (narrowing.keep.withoutTimeMap) kept.push(sql`t.time_map IS NULL`);
  if (narrowing.keep.withoutMediaLength) kept.push(sql`t.media_length IS NULL`);
  for (const name of narrowing.keep.withoutFields) kept.push(sql`(t.fields -> ${name}) IS NULL`);
  return kept.length === 0 ? null : sql`(${sql.join(kept, sql` OR `)})`;
}
