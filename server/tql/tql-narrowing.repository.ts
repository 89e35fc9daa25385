/**
 * The narrowing's SQL (tql-narrowing.ts): which files of a chunk hold each unit and pair a match
 * needs, found set-wise over the chunk's units (the index of units by file and kind) and joined
 * by file and timeline, so no unit is loaded into the server to find them. A chunk at a time: the
 * work follows the files a query reads, not the corpus, and needs no index by category, which
 * would cost every upload.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Amount, RelationWord } from '../../src/shared/tql/tql-ast';
import { TQL_INDEX_VERSION } from './tql-index';
import type { Narrowing, Pairing, UnitShape } from './tql-narrowing';
import { textArray } from '../db/sql-values';
import { TOLERANCE } from './tql-relations';
import { HOLE } from './tql-sequence';
import { BEAT_SNAP } from '../../src/shared/time-map/time-map';

/** Rounding slack: the database's sums must never be stricter than the evaluator's. */
const SLACK = 1e-9;

/**
 * The units of a shape in a chunk of files (`ids`, an array literal), under `alias`. A shape with
 * words is found through its files' categories and the units holding each (tql_labels), one with
 * a colour through their colours (tql_colors): a few rows a file, then the units by id; a shape of
 * any label reads its files' units of its kinds (the index by file and kind).
 */
function unitsOf(alias: string, shape: UnitShape, ids: string): { from: SQL; where: SQL } {
  const unit = sql.raw(alias);
  const held = sql.raw(`${alias}_held`);
  const unitIds = sql.raw(`${alias}_id`);
  const inChunk = (column: SQL) => sql`${column}.file_id = ANY(${ids}::bigint[])`;
  const parts: SQL[] = [sql`${unit}.kind = ANY(${textArray(shape.kinds)}::text[])`];
  let from: SQL;
  const colorOf = (column: SQL) => sql`${column}.color IN (${shape.color}, '')`;
  if (shape.words !== null) {
    from = sql`tql_labels ${held} CROSS JOIN LATERAL unnest(${held}.units) AS ${unitIds}(id)
      JOIN tql_units ${unit} ON ${unit}.id = ${unitIds}.id`;
    parts.push(sql`${inChunk(held)} AND ${held}.category = ANY(${textArray(shape.words)}::text[])`);
    if (shape.color !== null) {
      parts.push(sql`EXISTS (SELECT 1 FROM tql_colors hue
        WHERE hue.file_id = ${unit}.file_id AND ${colorOf(sql`hue`)} AND ${unit}.id = ANY(hue.units))`);
    }
  } else if (shape.color !== null) {
    from = sql`tql_colors ${held} CROSS JOIN LATERAL unnest(${held}.units) AS ${unitIds}(id)
      JOIN tql_units ${unit} ON ${unit}.id = ${unitIds}.id`;
    parts.push(sql`${inChunk(held)} AND ${colorOf(held)}`);
  } else {
    from = sql`tql_units ${unit}`;
    parts.push(inChunk(unit));
  }
  if (shape.role !== null) {
    parts.push(sql`EXISTS (SELECT 1 FROM tql_timelines r
      WHERE r.id = ${unit}.timeline_id AND r.role = ${shape.role})`);
  }
  if (shape.downbeat) {
    // The unit starts near the start of a bar of its file's time map: some start lies within the
    // snap, counted by width_bucket over the sorted starts (a binary search, not a scan).
    const near = BEAT_SNAP + SLACK;
    parts.push(sql`EXISTS (SELECT 1 FROM tql_files m WHERE m.file_id = ${unit}.file_id
      AND width_bucket(${unit}.start + ${near}::float8, m.bar_starts)
        > width_bucket(${unit}.start - ${near + SLACK}::float8, m.bar_starts))`);
  }
  return { from, where: sql.join(parts, sql` AND `) };
}

/**
 * The units of a shape in a chunk, once each, as a table of their places; a marker also carries
 * where the next marker of its timeline starts (null when none does), for `THEN`.
 */
function unitTable(alias: string, shape: UnitShape, ids: string, next: boolean): SQL {
  const unit = unitsOf(alias, shape, ids);
  const a = sql.raw(alias);
  const nextStart = next
    ? sql`CASE WHEN ${a}.kind = 'marker' THEN (SELECT min(c.start) FROM tql_units c
        WHERE c.file_id = ${a}.file_id AND c.kind = 'marker' AND c.timeline_id = ${a}.timeline_id
          AND c.start > ${a}.start) END`
    : sql`NULL::float8`;
  return sql`SELECT DISTINCT ${a}.id, ${a}.file_id, ${a}.timeline_id, ${a}.kind, ${a}.row_name,
      ${a}.level, ${a}.start, ${a}."end", ${nextStart} AS next_start
    FROM ${unit.from} WHERE ${unit.where}`;
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

/** The times a gap relation measures between (tql-relations.ts `holds`), from and to. */
function gapEnds(word: RelationWord): [SQL, SQL] | null {
  switch (word) {
    case 'before':
      return [sql`a."end"`, sql`b.start`];
    case 'after':
      return [sql`b."end"`, sql`a.start`];
    case 'starts before':
      return [sql`a.start`, sql`b.start`];
    case 'starts after':
      return [sql`b.start`, sql`a.start`];
    default:
      return null;
  }
}

/**
 * A gap relation's WITHIN (`m`: a's file in tql_files). In seconds: the gap itself. In bars, along
 * the time map: a time's position is its bar's index plus the part of the bar gone, and a time
 * within the snap of a bar's start may count as in that bar; so when n bar starts lie more than
 * the snap inside the gap, the positions differ by more than n - 1, and a gap of at most v bars
 * has at most floor(v + 1) such starts. Counted with width_bucket over the sorted starts, with
 * the snap widened by SLACK, which counts fewer. A file whose beats make no map has no starts
 * (null): it is kept (keptFiles), as the evaluator warns about it.
 */
function gapWithin(word: RelationWord, within: Amount): SQL {
  const ends = gapEnds(word);
  if (ends === null) return sql`TRUE`;
  const [from, to] = ends;
  if (within.unit === 's' || within.unit === 'ms') {
    const limit = (within.unit === 'ms' ? within.value / 1000 : within.value) + 1e-6 + SLACK;
    return sql`${to} - ${from} <= ${limit}::float8`;
  }
  const most = Math.floor(within.value + 1 + 1e-6);
  const snap = BEAT_SNAP + SLACK;
  // Off the map (before its first beat, after its end, each by more than the snap) a time has
  // no position; the end is at most the last beat plus the gap before it.
  const onMap = (time: SQL) =>
    sql`${time} >= m.bar_starts[1] - ${snap}::float8 AND ${time} <= m.map_end + ${snap}::float8`;
  return sql`${onMap(from)} AND ${onMap(to)}
    AND width_bucket(${to} - ${snap}::float8, m.bar_starts)
      - width_bucket(${from} + ${snap}::float8, m.bar_starts) <= ${most}::int`;
}

/**
 * Consecutive entries of a lane. A marker lane's next marker: none strictly between (it starts
 * with a or by the next start after a's). A hierarchy
 * level's tiles lie inside their units, and a block's next tile starts within the hole of the
 * end of the one before, which ends after its unit's start: so b starts by a's end (plus the
 * hole) and ends after a starts. A range row's next unit starts at or after a's start, and by
 * a's end plus the hole.
 */
const NEXT_PLACE = sql`(
  (a.kind = 'marker' AND b.id <> a.id AND b.start >= a.start
    AND b.start <= coalesce(a.next_start, a.start))
  OR (a.kind = 'hierarchy' AND b.start <= a."end" + ${HOLE + SLACK}::float8 AND b."end" > a.start)
  OR (a.kind = 'range' AND b.id <> a.id AND b.start >= a.start AND b.start <= a."end" + ${HOLE + SLACK}::float8
    AND b.row_name IS NOT DISTINCT FROM a.row_name))`;

/**
 * The files of a chunk (`ids`, an array literal) holding a unit or pair, as one uncorrelated
 * statement: each side's units of the chunk are found once, then joined by file and timeline.
 *
 * The whole-lane orders: a is its lane's first (last) entry, so no unit of the lane starts
 * before it (ends after it). A hierarchy level L <= a's level holds every unit of a's level and
 * above that has some length; a marker lane is its markers; a range lane one row.
 */
function pairFiles(pair: Pairing, ids: string): SQL {
  if (pair.type === 'unit') {
    const a = unitsOf('a', pair.unit, ids);
    return sql`SELECT a.file_id FROM ${a.from} WHERE ${a.where}`;
  }
  if (pair.type === 'edge') {
    const hierarchy =
      pair.edge === 'first'
        ? sql`c.start < a.start AND c."end" > c.start`
        : sql`c."end" > a."end" AND c."end" > c.start`;
    const point = pair.edge === 'first' ? sql`c.start < a.start` : sql`c.start > a.start`;
    return sql`SELECT a.file_id FROM (${unitTable('u', pair.unit, ids, false)}) a
      WHERE NOT EXISTS (SELECT 1 FROM tql_units c WHERE c.file_id = a.file_id AND c.kind = a.kind
        AND c.timeline_id = a.timeline_id AND (
          (a.kind = 'hierarchy' AND coalesce(c.level, 1) >= coalesce(a.level, 1) AND ${hierarchy})
          OR (a.kind = 'marker' AND ${point})
          OR (a.kind = 'range' AND c.row_name IS NOT DISTINCT FROM a.row_name AND ${point})))`;
  }
  const [left, right] = pair.type === 'next' ? [pair.first, pair.second] : [pair.left, pair.right];
  // Each side once, before the join: the planner cannot tell how many units a word finds.
  const sides = sql`WITH a AS MATERIALIZED (${unitTable('u', left, ids, pair.type === 'next')}),
    b AS MATERIALIZED (${unitTable('v', right, ids, false)})`;
  if (pair.type === 'next') {
    return sql`${sides} SELECT a.file_id FROM a JOIN b ON b.file_id = a.file_id
      AND b.timeline_id = a.timeline_id AND b.kind = a.kind WHERE ${NEXT_PLACE}`;
  }
  const sameTimeline = pair.sameTimeline ? sql`AND b.timeline_id = a.timeline_id` : sql``;
  if (pair.within) {
    // The files' maps, once each: bar starts, and an end no earlier than the map's.
    const maps = sql`m AS MATERIALIZED (SELECT t.file_id, t.bar_starts,
        (SELECT 2 * max(top.x) - min(top.x) FROM (SELECT x::float8 AS x
          FROM jsonb_array_elements_text(t.time_map -> 'beatTimes') x
          ORDER BY 1 DESC LIMIT 2) top) AS map_end
      FROM tql_files t WHERE t.file_id IN (SELECT file_id FROM a))`;
    return sql`${sides}, ${maps} SELECT a.file_id FROM a JOIN b ON b.file_id = a.file_id ${sameTimeline}
      JOIN m ON m.file_id = a.file_id
      WHERE b.id <> a.id AND ${relationPlace(pair.word)} AND ${gapWithin(pair.word, pair.within)}`;
  }
  return sql`${sides} SELECT a.file_id FROM a JOIN b ON b.file_id = a.file_id ${sameTimeline}
    WHERE b.id <> a.id AND ${relationPlace(pair.word)}`;
}

/**
 * Conditions on `t` (tql_files) of a file among `ids` (an array literal): the file holds each
 * unit and pair a match needs.
 */
export function pairConditions(narrowing: Narrowing, ids: string): SQL[] {
  return narrowing.pairs.map((pair) => sql`t.file_id IN (${pairFiles(pair, ids)})`);
}

/** Conditions on `t` (tql_files): the file holds each text. */
export function textConditions(narrowing: Narrowing): SQL[] {
  return [
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
  // A file indexed by an older version may lack the summaries until the backfill reaches it.
  if (narrowing.pairs.length > 0) kept.push(sql`t.index_version < ${TQL_INDEX_VERSION}`);
  if (narrowing.keep.withoutTimeMap) kept.push(sql`t.time_map IS NULL`);
  if (narrowing.keep.withoutMediaLength) kept.push(sql`t.media_length IS NULL`);
  for (const name of narrowing.keep.withoutFields) kept.push(sql`(t.fields -> ${name}) IS NULL`);
  const shapes = narrowing.pairs.flatMap((pair) =>
    pair.type === 'next'
      ? [pair.first, pair.second]
      : pair.type === 'relation'
        ? [pair.left, pair.right]
        : [pair.unit],
  );
  const inBars = narrowing.pairs.some(
    (pair) => pair.type === 'relation' && pair.within?.unit === 'bars',
  );
  if (inBars || shapes.some((shape) => shape.downbeat)) {
    // Beats from which no map can be made: the evaluator warns.
    kept.push(sql`(t.time_map IS NOT NULL AND t.bar_starts IS NULL)`);
  }
  return kept.length === 0 ? null : sql`(${sql.join(kept, sql` OR `)})`;
}
