/**
 * Query shapes whose rows the database finds itself, so that no file is loaded (TQL.md section 6
 * read for one shape): two plain steps in a marker lane, `X THEN Y IN cadences`. The evaluator
 * would answer them the same: tql-rows.repository.ts asks the rows, the service pages them.
 */
import type { Query, Step } from '../../src/shared/tql/tql-ast';
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
  const unit = step.item;
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

/**
 * The shape of a query the database answers with rows, or null: the evaluator matches every
 * other. `X THEN Y IN cadences` (or `IN markers`): in a marker lane (no holes, no WITHIN) every
 * two neighbouring markers of the lane, in time order, the first fitting X and the second Y, are
 * a match of two units; none lies inside another, as all take two.
 */
export function rowShapeOf(query: Query): MarkerPairShape | null {
  const pattern = query.pattern;
  if (pattern?.type !== 'sequence' || query.where.length > 0) return null;
  if (pattern.order !== null || pattern.within !== null || pattern.seq.length !== 2) return null;
  if (!pattern.lane || pattern.lane.quoted) return null;
  const word = fold(pattern.lane.name);
  if (!(word in MARKER_LANES)) return null;
  const first = wordTest(pattern.seq[0]!);
  const second = wordTest(pattern.seq[1]!);
  if (first === undefined || second === undefined) return null;
  return { type: 'marker pair', role: MARKER_LANES[word] ?? null, first, second };
}
