import type { Database, Db } from '../db/database';
import type { WorkTasks } from '../work/work-tasks';
import type { TqlQueryResponse } from '../../src/shared/api-contract/tql';
import type { TqlRow } from '../../src/shared/exports/tql-exports';
import { unansweredWarnings } from './tql-context';
import { TQL_INDEX_VERSION } from './tql-index';
import {
  markerRelationRows,
  olderIndexFiles,
  shadowedTargets,
} from './tql-relation-rows.repository';
import type { RowShape } from './tql-rows';
import { markerPairRows, pagedRows } from './tql-rows.repository';
import { loadCorpus, withQueryTimeout } from './tql.repository';

const without = (ids: number[], left: number[]) => {
  const out = new Set(left);
  return ids.filter((id) => !out.has(id));
};

/** Two lists of rows, each in the evaluator's order by file first, as one. */
function merged(a: TqlRow[], b: TqlRow[]): TqlRow[] {
  if (b.length === 0) return a;
  const out: TqlRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]!.file.id < b[j]!.file.id)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/**
 * A query of a shape the database answers (tql-rows.ts) over its candidate files in id order:
 * the rows from SQL, a batch of files at a time; files the SQL cannot answer (for a relation: a
 * target overlapping a unit of its level, or an older index) loaded and matched by the
 * evaluator, their rows merged by file. Limit and time limit as the chunked path stops.
 */
export async function answerWithRows(
  database: Database,
  tasks: WorkTasks,
  options: { query: string; shape: RowShape; ids: number[]; limit: number; deadline: number },
  loading: { kinds: string[]; withTimeMap: boolean },
): Promise<TqlQueryResponse> {
  const { query, shape, ids, limit, deadline } = options;
  const unanswered = new Map<string, Set<number>>();
  const notes = new Set<string>();
  let timedOut = false;
  const evaluated = async (db: Db, fileIds: number[], most: number): Promise<TqlRow[]> => {
    if (fileIds.length === 0) return [];
    const files = await loadCorpus(db, fileIds, loading.kinds, loading.withTimeMap);
    const answer = await tasks.tqlQuery({ query, files, limit: most, deadline });
    if (!answer.ok) throw new Error(answer.error.message);
    for (const [reason, files] of Object.entries(answer.unanswered)) {
      const set = unanswered.get(reason) ?? new Set<number>();
      files.forEach((id) => set.add(id));
      unanswered.set(reason, set);
    }
    answer.notes.forEach((note) => notes.add(note));
    if (answer.stopped === 'time_limit') timedOut = true;
    return answer.rows as TqlRow[];
  };
  const batchRows = async (db: Db, batch: number[], most: number): Promise<TqlRow[]> => {
    if (shape.type === 'marker pair') return markerPairRows(db, batch, shape, most);
    const older = await olderIndexFiles(db, batch);
    let answered = older.length === 0 ? batch : without(batch, older);
    let found = await markerRelationRows(db, answered, shape, most);
    const shadowed = await shadowedTargets(db, found);
    if (shadowed.length > 0) {
      // Rare: such files are matched by the evaluator, the rest asked again without them.
      answered = without(answered, shadowed);
      found = await markerRelationRows(db, answered, shape, most);
    }
    const others = [...older, ...shadowed].sort((a, b) => a - b);
    const rows = merged(found, await evaluated(db, others, most));
    return rows.slice(0, most);
  };
  const found = await withQueryTimeout(database, Math.max(1, deadline - Date.now()), (db) =>
    pagedRows(ids, limit, deadline, (batch, most) => batchRows(db, batch, most)),
  );
  return {
    grain: 'units',
    rows: found.rows,
    warnings: [...unansweredWarnings(unanswered), ...notes],
    // The evaluator stopped by the time limit: its files' rows may be missing.
    stopped: timedOut ? 'time_limit' : found.stopped,
    generation: TQL_INDEX_VERSION,
  };
}
