import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { SEARCH_PAGE_SIZE, type SortDirection } from '../../src/shared/search-fields';
import type { ComponentSearch } from './search-params';
import type { HarmonyCondition, StoredChordFacts } from './harmony-conditions';
import { containsText, matchingFileIds, type ComponentKeyset } from './search.repository';
import { rowsOf } from '../db/sql-values';

/**
 * The SQL of HARMONY searches. Chords are answered from the TQL query index (tql_units of kind
 * 'chord', migration 0020), which holds every chord with the facts derived at upload (key in
 * force, Roman numeral, quality, inversion, applied-to): no column or index of `components` serves
 * them, so harmony costs uploads nothing beyond what the index already writes. A unit's id is its
 * component's id, so results link to the viewer like the other kinds'.
 */

/**
 * The chord's fact `name` equals `value`, as jsonb containment (`facts @> '{"key": "A"}'`),
 * which the chords' facts index (migration 0025) answers; the numbers stay numbers.
 */
function factIs(name: keyof StoredChordFacts | 'romanBase', value: string | number): SQL {
  return sql`u.facts @> ${JSON.stringify({ [name]: value })}::jsonb`;
}

const anyOf = (clauses: SQL[]) => sql`(${sql.join(clauses, sql` OR `)})`;

function harmonyConditionSql(condition: HarmonyCondition): SQL {
  const { values, property } = condition;
  switch (property) {
    case 'numeral':
      // With its figures ('V65') or without them ('V7': every inversion).
      return anyOf(values.flatMap((value) => [factIs('roman', value), factIs('romanBase', value)]));
    case 'key':
    case 'quality':
      return anyOf(values.map((value) => factIs(property, value)));
    case 'inversion':
    case 'applied_to':
      return anyOf(values.map((value) => factIs(property, Number(value))));
    default: {
      const unexpected: never = property;
      throw new Error(`unknown harmony property ${String(unexpected)}`);
    }
  }
}

const comments = sql.raw(`coalesce(u.comments, '')`);

function harmonyWhere(search: ComponentSearch): SQL {
  const fileIds = matchingFileIds(search.file);
  const clauses: SQL[] = [
    sql`u.kind = 'chord'`,
    sql`f.is_public`,
    ...search.harmony.map(harmonyConditionSql),
    ...search.text
      .filter((condition) => condition.property === 'comments')
      .flatMap((condition) => condition.substrings)
      .filter((text) => text.length > 0)
      .map((text) => containsText(comments, text)),
    ...search.times
      .filter((condition) => condition.property === 'time')
      .flatMap((condition) => [sql`u.start >= ${condition.from}`, sql`u.start < ${condition.to}`]),
    ...(fileIds ? [sql`u.file_id IN (${fileIds})`] : []),
  ];
  return sql.join(clauses, sql` AND `);
}

const CHORDS = sql.raw(`tql_units u JOIN files f ON f.id = u.file_id`);

/**
 * The chords, with their works only when the order needs them: the planner keeps an inner join
 * it cannot use, and a join to the works costs two index probes a matching chord.
 */
function chordsFor(orderBy: string | null): SQL {
  if (orderBy !== 'title' && orderBy !== 'composer') return CHORDS;
  return sql`${CHORDS}
    JOIN concrete_works cw ON cw.id = f.concrete_work_id
    JOIN abstract_works aw ON aw.id = cw.abstract_work_id`;
}

/**
 * What each sort key sorts by. Keys and numerals sort case-sensitively (their case is major or
 * minor: 'A' before 'a'), other texts as the other kinds' do; no key is ever NULL.
 */
function harmonySortKey(orderBy: string): SQL {
  switch (orderBy) {
    case 'title':
      return sql.raw(`aw.title_sort COLLATE "C"`);
    case 'composer':
      return sql.raw(`lower(aw.composer) COLLATE "C"`);
    case 'key':
      return sql.raw(`(u.facts->>'key') COLLATE "C"`);
    case 'numeral':
      return sql.raw(`(u.facts->>'roman') COLLATE "C"`);
    case 'quality':
      return sql.raw(`(u.facts->>'quality') COLLATE "C"`);
    case 'inversion':
      return sql.raw(`(u.facts->>'inversion')::integer`);
    case 'applied_to':
      return sql.raw(`(u.facts->>'applied_to')::integer`);
    case 'time':
      return sql.raw(`u.start`);
    case 'comments':
      return sql.raw(`lower(coalesce(u.comments, '')) COLLATE "C"`);
    default:
      throw new Error(`unknown harmony sort key ${orderBy}`);
  }
}

function orderSql(key: SQL, direction: SortDirection): SQL {
  const dir = sql.raw(direction === 'desc' ? 'DESC' : 'ASC');
  return sql`${key} ${dir}, u.id ${dir}`;
}

export interface HarmonyHit {
  id: number;
  timelineId: number;
  fileId: number;
  time: number;
  comments: string;
  facts: StoredChordFacts;
}

type Row = Record<string, unknown>;

/** jsonb arrives parsed from PostgreSQL and PGlite alike; text is parsed here. */
function factsOf(value: unknown): StoredChordFacts {
  return (typeof value === 'string' ? JSON.parse(value) : value) as StoredChordFacts;
}

function hitOf(row: Row): HarmonyHit {
  return {
    id: Number(row.id),
    timelineId: Number(row.timeline_id),
    fileId: Number(row.file_id),
    time: Number(row.start),
    comments: typeof row.comments === 'string' ? row.comments : '',
    facts: factsOf(row.facts),
  };
}

const HIT_COLUMNS = sql.raw(`u.id, u.timeline_id, u.file_id, u.start, u.comments, u.facts`);

/**
 * The files the query index holds and the sum of their index versions: it changes when the
 * start-up backfill indexes a file, which no search generation marks.
 */
export async function harmonyIndexState(db: Db): Promise<string> {
  const result = await db.execute(
    sql`SELECT count(*)::text AS files, coalesce(sum(index_version), 0)::text AS versions
      FROM tql_files`,
  );
  const row = rowsOf(result)[0];
  return `${String(row?.files ?? 0)}:${String(row?.versions ?? 0)}`;
}

export async function countHarmony(db: Db, search: ComponentSearch): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(*)::integer AS count FROM ${chordsFor(null)} WHERE ${harmonyWhere(search)}`,
  );
  return Number(rowsOf(result)[0]?.count ?? 0);
}

/** A page of chords in the search's order, ties by id. */
export async function findHarmonyPage(db: Db, search: ComponentSearch): Promise<HarmonyHit[]> {
  const offset = (search.page - 1) * SEARCH_PAGE_SIZE;
  const result = await db.execute(sql`SELECT ${HIT_COLUMNS} FROM ${chordsFor(search.orderBy)}
    WHERE ${harmonyWhere(search)}
    ORDER BY ${orderSql(harmonySortKey(search.orderBy), search.direction)}
    LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}`);
  return rowsOf(result).map(hitOf);
}

/**
 * Up to `limit` chords after a keyset position, in the search's order, no later than unit
 * `maxId` (null: no bound): the CSV export's batches. Sort keys are never NULL here, so the
 * keyset's 'nulls' phase finds nothing.
 */
export async function findHarmonyAfter(
  db: Db,
  search: ComponentSearch,
  keyset: ComponentKeyset,
  maxId: number | null,
  limit: number,
): Promise<(HarmonyHit & { sortKey: string | number })[]> {
  if (keyset.phase === 'nulls') return [];
  const key = harmonySortKey(search.orderBy);
  const after = keyset.after;
  const position =
    after?.key == null
      ? sql`TRUE`
      : search.direction === 'desc'
        ? sql`(${key}, u.id) < (${after.key}, ${after.id})`
        : sql`(${key}, u.id) > (${after.key}, ${after.id})`;
  const result =
    await db.execute(sql`SELECT ${HIT_COLUMNS}, ${key} AS sort_key FROM ${chordsFor(search.orderBy)}
    WHERE ${harmonyWhere(search)} AND ${position}
      AND ${maxId === null ? sql`TRUE` : sql`u.id <= ${maxId}`}
    ORDER BY ${orderSql(key, search.direction)}
    LIMIT ${limit}`);
  return rowsOf(result).map((row) => ({
    ...hitOf(row),
    sortKey: typeof row.sort_key === 'number' ? row.sort_key : String(row.sort_key),
  }));
}
