/**
 * Which unit kinds a query can reach, so that only those index rows are loaded: a corpus's beats
 * (most of its rows) are read only by a query that names a beat lane or a timeline by name.
 */
import type { Cond, Lane, Query, Seq } from '../../src/shared/tql/tql-ast';
import { fold } from '../../src/shared/tql/tql-fold';
import { scopeOf } from '../../src/shared/tql/tql-fields';
import type { UnitKind } from './tql-index';

const ALL: UnitKind[] = ['hierarchy', 'marker', 'range', 'chord', 'key', 'beat'];
const DEFAULT: UnitKind[] = ['hierarchy', 'marker', 'range'];
const HARMONY_FIELDS = new Set([
  'root',
  'quality',
  'inversion',
  'applied_to',
  'roman',
  'symbol',
  'key',
  'tonic',
  'mode',
]);

const BY_WORD: Record<string, UnitKind[]> = {
  form: ['hierarchy'],
  cadences: ['marker'],
  cadence: ['marker'],
  harmony: ['chord'],
  chord: ['chord'],
  chords: ['chord'],
  keys: ['key'],
  key: ['key'],
  bars: [],
  bar: [],
  measures: [],
  measure: [],
  hierarchy: ['hierarchy'],
  hierarchies: ['hierarchy'],
  marker: ['marker'],
  markers: ['marker'],
  range: ['range'],
  ranges: ['range'],
  beat: ['beat'],
  beats: ['beat'],
  time_map: ['beat'],
  timemap: ['beat'],
};

function laneKinds(lane: Lane | null): UnitKind[] {
  if (lane === null) return DEFAULT;
  if (lane.quoted) return ALL;
  return BY_WORD[fold(lane.name)] ?? ALL;
}

export function neededKinds(query: Query): UnitKind[] {
  const kinds = new Set<UnitKind>();
  const add = (list: UnitKind[]) => list.forEach((kind) => kinds.add(kind));
  const walkConds = (conds: Cond[]) => {
    for (const cond of conds) {
      if (cond.type === 'relation') {
        add(cond.relation.lane ? laneKinds(cond.relation.lane) : ALL);
        walkSeq(cond.relation.target);
      } else if (cond.type === 'children') walkSeq(cond.seq);
    }
  };
  const walkSeq = (seq: Seq) => {
    for (const step of seq) {
      if (step.item.type === 'group') step.item.alternatives.forEach(walkSeq);
      else walkConds(step.item.conds);
    }
  };
  const pattern = query.pattern;
  if (pattern === null) {
    add(DEFAULT);
    const harmony = query.where.some(
      (cond) =>
        cond.type === 'compare' &&
        scopeOf(cond.field) === 'unit' &&
        HARMONY_FIELDS.has(cond.field.name),
    );
    if (harmony) add(['chord', 'key']);
  } else if (pattern.type === 'sequence') {
    add(laneKinds(pattern.lane));
    walkSeq(pattern.seq);
  } else {
    const left = laneKinds(pattern.lane);
    add(left);
    add(pattern.relation.lane ? laneKinds(pattern.relation.lane) : left);
    walkConds(pattern.left.conds);
    walkSeq(pattern.relation.target);
  }
  walkConds(query.where);
  return [...kinds];
}
