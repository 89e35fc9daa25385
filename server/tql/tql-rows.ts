/**
 * Query shapes whose rows the database finds itself, so that files are not loaded (TQL.md
 * sections 6 and 8 read for these shapes): two plain steps in a marker lane, `X THEN Y IN
 * cadences`; a marker DURING, STARTS or ENDS a labelled unit of the form, `A IN cadences DURING
 * B IN form`. The evaluator would answer them the same: tql-rows.repository.ts and
 * tql-relation-rows.repository.ts ask the rows, tql-rows.service.ts pages them.
 */
import type { Lane, Query, Step, Unit } from '../../src/shared/tql/tql-ast';
import { fold } from '../../src/shared/tql/tql-fold';

/**
 * One step's label test: words (folded), any of which a unit's categories hold as a category or,
 * for a word without a dot, as the head of a subtype ('pac' holds 'pac.1'); null fits any unit.
 */
export type WordTest = string[] | null;

export interface MarkerPairShape {
  type: 'marker pair';
  /** The marker lanes: the timelines of a role, or every marker timeline. */
  role: string | null;
  first: WordTest;
  second: WordTest;
}

export interface MarkerRelationShape {
  type: 'marker relation';
  /** The left unit's marker lanes, as for a pair. */
  role: string | null;
  left: WordTest;
  word: 'during' | 'starts' | 'ends';
  /** The target, a unit of the form's hierarchy timelines. */
  target: WordTest;
}

export type RowShape = MarkerPairShape | MarkerRelationShape;

/** Lane words that choose marker timelines only (tql-lanes.ts: roles, then kind words). */
const MARKER_LANES: Record<string, string | null> = {
  cadences: 'cadences',
  cadence: 'cadences',
  marker: null,
  markers: null,
};

/** A step as a word test, or undefined if the step is more than a label (quantifier, brackets...). */
function wordTest(step: Step): WordTest | undefined {
  if (step.marked || step.quant !== null || step.item.type !== 'unit') return undefined;
  return unitTest(step.item);
}

function unitTest(unit: Unit): WordTest | undefined {
  if (unit.conds.length > 0) return undefined;
  if (unit.term === null) return null;
  if (unit.term.not) return undefined;
  const words: string[] = [];
  for (const alt of unit.term.alts) {
    if (alt.literals.length !== 1) return undefined;
    const literal = alt.literals[0]!;
    if (literal.kind === 'any') return null;
    if (literal.kind !== 'word') return undefined;
    words.push(literal.folded);
  }
  return words;
}

/** The role of a marker lane word (null: every marker timeline), or undefined for another lane. */
function markerLane(lane: Lane | null): string | null | undefined {
  if (!lane || lane.quoted) return undefined;
  const word = fold(lane.name);
  return word in MARKER_LANES ? (MARKER_LANES[word] ?? null) : undefined;
}

const RELATION_WORDS = new Set(['during', 'starts', 'ends']);

/**
 * The shape of a query the database answers with rows, or null: the evaluator matches every
 * other. `X THEN Y IN cadences` (or `IN markers`): in a marker lane (no holes, no WITHIN) every
 * two neighbouring markers of the lane, in time order, the first fitting X and the second Y, are
 * a match of two units; none lies inside another, as all take two. `A IN cadences REL B IN form`
 * (REL: DURING, STARTS, ENDS; no NOT, no WITHIN): each marker fitting A with each unit of the
 * form's lanes fitting B that the relation holds with.
 */
export function rowShapeOf(query: Query): RowShape | null {
  const pattern = query.pattern;
  if (!pattern || query.where.length > 0) return null;
  const role = markerLane(pattern.lane);
  if (role === undefined) return null;
  if (pattern.type === 'relation') {
    const relation = pattern.relation;
    if (relation.not || relation.within !== null || !RELATION_WORDS.has(relation.word)) {
      return null;
    }
    const lane = relation.lane;
    if (!lane || lane.quoted || fold(lane.name) !== 'form') return null;
    if (relation.target.length !== 1) return null;
    const left = unitTest(pattern.left);
    const target = wordTest(relation.target[0]!);
    if (left === undefined || target === undefined) return null;
    const word = relation.word as MarkerRelationShape['word'];
    return { type: 'marker relation', role, left, word, target };
  }
  if (pattern.order !== null || pattern.within !== null || pattern.seq.length !== 2) return null;
  const first = wordTest(pattern.seq[0]!);
  const second = wordTest(pattern.seq[1]!);
  if (first === undefined || second === undefined) return null;
  return { type: 'marker pair', role, first, second };
}
