/**
 * Which unit kinds a query can reach, so that only those index rows are loaded: a corpus's beats
 * (most of its rows) are read only by a query that names a beat lane or a timeline by name.
 */
import type { Cond, Lane, Query, Seq, Step, Term } from '../../src/shared/tql/tql-ast';
import { fold } from '../../src/shared/tql/tql-fold';
import { HARMONY_FIELDS, scopeOf } from '../../src/shared/tql/tql-fields';
import type { UnitKind } from './tql-index';
import { storableText } from '../../src/shared/storable-text';

const ALL: UnitKind[] = ['hierarchy', 'marker', 'range', 'chord', 'key', 'beat'];
const DEFAULT: UnitKind[] = ['hierarchy', 'marker', 'range'];

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

const LABELLED = new Set<UnitKind>(['hierarchy', 'marker', 'range']);

/** The words a term needs a unit to have (any of them), or null when a unit of any label fits. */
export function termWords(term: Term | null): string[] | null {
  if (!term || term.not) return null;
  const words: string[] = [];
  for (const alt of term.alts) {
    const word = alt.literals.find((literal) => literal.kind === 'word');
    if (!word || word.kind !== 'word') return null;
    // As categories are stored (storable-text.ts), so that any word can be sent to the database.
    words.push(storableText(word.folded));
  }
  return words;
}

/** The words a step needs a unit to have (any of them), or null when it can take any unit. */
function stepWords(step: Step): string[] | null {
  if (step.quant !== null && step.quant.min === 0) return null;
  if (step.item.type !== 'unit') return null;
  return termWords(step.item.term);
}

/**
 * Groups of words a file must have among its label categories to answer the query at all (one
 * of each group), so the database can leave other files out before anything is loaded; empty
 * when the query could match any file. Only steps in labelled lanes count (hierarchy, marker,
 * range: a chord's label is no category).
 */
export function requiredWords(query: Query): string[][] {
  const pattern = query.pattern;
  if (!pattern) return [];
  const labelled = (lane: Lane | null) => {
    const kinds = laneKinds(lane);
    return kinds.length > 0 && kinds.every((kind) => LABELLED.has(kind));
  };
  const groups: string[][] = [];
  const add = (steps: Seq) => {
    for (const step of steps) {
      const words = stepWords(step);
      if (words) groups.push(words);
    }
  };
  if (pattern.type === 'sequence') {
    if (labelled(pattern.lane)) add(pattern.seq);
  } else {
    if (labelled(pattern.lane)) {
      add([{ marked: false, item: pattern.left, quant: null, span: pattern.left.span }]);
    }
    if (!pattern.relation.not && pattern.relation.lane && labelled(pattern.relation.lane)) {
      add(pattern.relation.target);
    }
  }
  return groups;
}

/**
 * Whether a query may read the time map: positions, downbeat, bars and beats (lanes, durations,
 * distances, WITHIN). Only then is each file's time map loaded (a list of every beat's time).
 */
export function needsTimeMap(text: string): boolean {
  return /bar|beat|measure|pass|time_?map/i.test(text);
}

/** Unit fields a bracket may compare while its units are pruned: they read the unit alone. */
const QUIET_FIELDS = new Set(['color', 'label', 'comments']);

/**
 * Whether a condition reads more than its unit's own text (another unit, a relation, children),
 * or may warn (the time map, the media length, a file field): with a timeline's units left out,
 * a warning the evaluator gives trying them would be lost.
 */
function readsOthers(conds: Cond[]): boolean {
  return conds.some(
    (cond) =>
      cond.type !== 'compare' ||
      cond.field.step !== null ||
      (cond.field.scope !== null && cond.field.scope !== 'unit') ||
      !QUIET_FIELDS.has(cond.field.name) ||
      cond.value.kind === 'field',
  );
}

function seqReadsOthers(seq: Seq): boolean {
  return seq.some((step) =>
    step.item.type === 'group'
      ? step.item.alternatives.some(seqReadsOthers)
      : readsOthers(step.item.conds),
  );
}

/**
 * For a sequence whose conditions read only their unit's text (readsOthers), the word
 * groups of requiredWords that one timeline must hold, one of each, for any lane of it to match:
 * a sequence takes its units in one lane, a lane is a timeline's (or one level or row of it), and
 * brackets read only their own unit and its parent, of the same timeline. Only such timelines'
 * units need loading. Null when every timeline's units are needed.
 */
export function timelineWords(query: Query): string[][] | null {
  const pattern = query.pattern;
  if (pattern?.type !== 'sequence' || query.where.length > 0 || seqReadsOthers(pattern.seq)) {
    return null;
  }
  const groups = requiredWords(query);
  return groups.length > 0 ? groups : null;
}
