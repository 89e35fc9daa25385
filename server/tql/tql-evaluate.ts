/**
 * A parsed query over the files it may read (TQL.md sections 6-12): matches per lane, relations,
 * WHERE on each match, and the rows in their order. Pure: it runs on the work pool.
 */
import type { Cond, FieldRef, Query } from '../../src/shared/tql/tql-ast';
import { HARMONY_FIELDS, scopeOf } from '../../src/shared/tql/tql-fields';
import type { TqlRow, TqlUnit } from '../../src/shared/exports/tql-exports';
import { bareUnit, FileView, type CorpusFile, type CorpusUnit } from './tql-corpus';
import { Evaluation, TimeLimitReached } from './tql-context';
import { defaultLanes, lanesNamed } from './tql-lanes';
import { relationMatches } from './tql-relations';
import { matchesInLane } from './tql-sequence';
import { UnitMatcher } from './tql-units';

export type TqlGrain = 'units' | 'timelines' | 'files';

export interface TqlResult {
  grain: TqlGrain;
  rows: (TqlRow | Record<string, unknown>)[];
  /** Files that could not answer, by reason ('time map', 'media length' or a file field). */
  unanswered: Record<string, number[]>;
  /** Other warnings (literals that are no chord...). */
  notes: string[];
  stopped: null | 'limit' | 'time_limit';
}

interface Match {
  steps: CorpusUnit[][];
  /** Which steps are results. */
  targets: boolean[];
}

function fieldsOf(conds: Cond[]): FieldRef[] {
  return conds.flatMap((cond) =>
    cond.type === 'compare'
      ? [cond.field, ...(cond.value.kind === 'field' ? [cond.value.field] : [])]
      : [],
  );
}

function whereOnlyGrain(query: Query): TqlGrain {
  const fields = fieldsOf(query.where);
  if (
    query.where.some((cond) => cond.type !== 'compare') ||
    fields.some((field) => scopeOf(field) === 'unit')
  )
    return 'units';
  if (fields.some((field) => scopeOf(field) === 'tl')) return 'timelines';
  return 'files';
}

function patternMatches(
  query: Query,
  view: FileView,
  matcher: UnitMatcher,
  evaluation: Evaluation,
): Match[] {
  const pattern = query.pattern!;
  const out: Match[] = [];
  if (pattern.type === 'sequence') {
    const lanes = pattern.lane ? lanesNamed(view, pattern.lane) : defaultLanes(view);
    const marked = pattern.seq.map((step) => step.marked);
    const anyMarked = marked.some(Boolean);
    for (const lane of lanes) {
      const matches = matchesInLane(view, lane, lane.entries, pattern.seq, {
        order: pattern.order,
        within: pattern.within,
        test: matcher.stepTest,
        evaluation,
      });
      for (const match of matches) {
        const steps = pattern.seq.map((_, index) => match.taken[index] ?? []);
        out.push({ steps, targets: anyMarked ? marked : steps.map(() => true) });
      }
    }
    return out;
  }
  const lanes = pattern.lane ? lanesNamed(view, pattern.lane) : defaultLanes(view);
  const left = new Map<number | string, { unit: CorpusUnit; kind: CorpusUnit['kind'] }>();
  for (const lane of lanes) {
    for (const entry of lane.entries) {
      evaluation.tick();
      if (!left.has(entry.unit.id) && matcher.unitFits(pattern.left, entry.unit, lane.kind)) {
        left.set(entry.unit.id, { unit: entry.unit, kind: lane.kind });
      }
    }
  }
  const relation = pattern.relation;
  for (const { unit } of left.values()) {
    if (relation.not) {
      if (relationMatches(matcher, unit, { ...relation, not: false }, 1).length === 0) {
        out.push({ steps: [[unit]], targets: [true] });
      }
      continue;
    }
    for (const taken of relationMatches(matcher, unit, relation, Number.MAX_SAFE_INTEGER)) {
      const steps = [[unit], ...relation.target.map((_, index) => taken[index] ?? [])];
      out.push({ steps, targets: steps.map((_, index) => index === 0) });
    }
  }
  return out;
}

/** WHERE on one match: $n reads step n, bare unit fields $1, tl fields $1's timeline. */
function whereHolds(query: Query, match: Match, matcher: UnitMatcher): boolean {
  for (const cond of query.where) {
    const first = match.steps[0]?.[0];
    if (cond.type !== 'compare') {
      if (!first || !matcher.condHolds(cond, first, first.kind)) return false;
      continue;
    }
    const field = cond.field;
    const units =
      field.step === 0
        ? match.steps.flat()
        : field.step !== null
          ? (match.steps[field.step - 1] ?? [])
          : first
            ? [first, ...match.steps[0]!.slice(1)]
            : [];
    const unitsFor = scopeOf(field) === 'tl' ? units.slice(0, 1) : units;
    const result = matcher.compareOn(
      field,
      cond.op,
      cond.value,
      unitsFor,
      first?.kind ?? 'hierarchy',
      match.steps,
    );
    if (result === null) return false;
    if ((cond.not ? !result : result) === false) return false;
  }
  return true;
}

function unitJson(view: FileView, unit: CorpusUnit, target: boolean): TqlUnit {
  const timeline = view.timelines.get(unit.timeline);
  return {
    file: view.file.id,
    timeline: { id: unit.timeline, name: timeline?.name ?? '' },
    component: unit.id,
    kind: unit.kind,
    label: unit.label,
    start: unit.start,
    end: unit.end,
    target,
  };
}

function rowOf(view: FileView, match: Match): TqlRow | null {
  const steps = match.steps.map((units, index) =>
    units.map((unit) => unitJson(view, unit, match.targets[index]!)),
  );
  const results = steps.flat().filter((unit) => unit.target);
  if (results.length === 0) return null;
  return {
    file: { id: view.file.id, title: view.file.title },
    start: Math.min(...results.map((unit) => unit.start)),
    end: Math.max(...results.map((unit) => unit.end)),
    steps,
  };
}

function compareRows(a: TqlRow, b: TqlRow): number {
  const ids = (row: TqlRow) =>
    row.steps
      .flat()
      .map((unit) => String(unit.component))
      .join(',');
  return (
    a.file.id - b.file.id || a.start - b.start || a.end - b.end || ids(a).localeCompare(ids(b))
  );
}

function whereOnlyRows(
  query: Query,
  grain: TqlGrain,
  view: FileView,
  matcher: UnitMatcher,
): (TqlRow | Record<string, unknown>)[] {
  const rows: (TqlRow | Record<string, unknown>)[] = [];
  if (grain === 'units') {
    const harmony = fieldsOf(query.where).some(
      (field) => scopeOf(field) === 'unit' && HARMONY_FIELDS.has(field.name),
    );
    const lanes = [
      ...defaultLanes(view),
      ...(harmony ? view.lanes.filter((lane) => lane.kind === 'chord' || lane.kind === 'key') : []),
    ];
    const seen = new Set<number | string>();
    for (const lane of lanes) {
      for (const entry of lane.entries) {
        if (seen.has(entry.unit.id)) continue;
        seen.add(entry.unit.id);
        const match = { steps: [[entry.unit]], targets: [true] };
        if (!whereHolds(query, match, matcher)) continue;
        const row = rowOf(view, match);
        if (row) rows.push(row);
      }
    }
    return rows.sort((a, b) => compareRows(a as TqlRow, b as TqlRow));
  }
  if (grain === 'timelines') {
    for (const timeline of [...view.file.timelines].sort((a, b) => a.ordinal - b.ordinal)) {
      const kind = timeline.kind === 'harmony' ? 'chord' : timeline.kind;
      const probe = bareUnit(`timeline:${timeline.id}`, timeline.id, kind);
      if (!whereHolds(query, { steps: [[probe]], targets: [true] }, matcher)) continue;
      rows.push({
        file: view.file.id,
        title: view.file.title,
        timeline: { id: timeline.id, name: timeline.name },
        kind: timeline.kind,
        role: timeline.role,
        author: timeline.author,
      });
    }
    return rows;
  }
  const probe = bareUnit('file', 0, 'marker');
  if (!whereHolds(query, { steps: [[probe]], targets: [true] }, matcher)) return rows;
  const row: Record<string, unknown> = { file: view.file.id, title: view.file.title };
  for (const field of fieldsOf(query.where)) {
    if (field.name !== 'id' && field.name !== 'title')
      row[field.name] = view.file.fields[field.name] ?? null;
  }
  rows.push(row);
  return rows;
}

export function evaluateTql(
  query: Query,
  files: CorpusFile[],
  options: { limit: number; deadline: number },
): TqlResult {
  const evaluation = new Evaluation(options.deadline);
  const grain: TqlGrain = query.pattern ? 'units' : whereOnlyGrain(query);
  const rows: (TqlRow | Record<string, unknown>)[] = [];
  let stopped: TqlResult['stopped'] = null;
  const sorted = [...files].sort((a, b) => a.id - b.id);
  const views = sorted.map((file) => new FileView(file));
  try {
    for (const view of views) {
      const matcher = new UnitMatcher(view, evaluation);
      if (!query.pattern) {
        rows.push(...whereOnlyRows(query, grain, view, matcher));
      } else {
        const seen = new Set<string>();
        const fileRows: TqlRow[] = [];
        for (const match of patternMatches(query, view, matcher, evaluation)) {
          const key = match.steps.map((units) => units.map((unit) => unit.id).join(',')).join('|');
          if (seen.has(key)) continue;
          seen.add(key);
          if (!whereHolds(query, match, matcher)) continue;
          const row = rowOf(view, match);
          if (row) fileRows.push(row);
        }
        rows.push(...fileRows.sort(compareRows));
      }
      if (rows.length >= options.limit) {
        if (rows.length > options.limit) stopped = 'limit';
        rows.length = Math.min(rows.length, options.limit);
        if (view !== views[views.length - 1]) stopped = 'limit';
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof TimeLimitReached)) throw error;
    stopped = 'time_limit';
  }
  const unanswered: Record<string, number[]> = {};
  for (const [reason, ids] of evaluation.unanswered) unanswered[reason] = [...ids];
  return { grain, rows, unanswered, notes: [...evaluation.notes], stopped };
}
