/**
 * What a query's match implies about a file, so the database can leave out the files that cannot
 * match before anything is loaded: two units that must lie next to each other in a lane (a
 * sequence's neighbouring steps), or in a relation's place (`A DURING B IN form`). Each condition
 * is necessary, never sufficient: the evaluator still decides, on the files that remain.
 */
import type {
  Amount,
  Cond,
  Lane,
  Order,
  Query,
  RelationWord,
  Seq,
  Step,
  Unit,
} from '../../src/shared/tql/tql-ast';
import { fold } from '../../src/shared/tql/tql-fold';
import { scopeOf } from '../../src/shared/tql/tql-fields';
import { cssColor } from './tql-colors';
import type { UnitKind } from './tql-index';
import { neededKinds, needsTimeMap, requiredWords, termWords } from './tql-needs';

/** Units a step can take, as the index can find them: by kind, timeline role and category. */
export interface UnitShape {
  kinds: UnitKind[];
  /** The role the lane's timeline has (`IN form`), or null for any timeline. */
  role: string | null;
  /** Categories (or subtype heads) of which the unit has one; null when any label fits. */
  words: string[] | null;
  /** `[color = pink]`: the colour as '#rrggbb' (tql-colors.ts cssColor), or null for any. */
  color: string | null;
  /** `[downbeat]`: the unit starts at a beat of its file's time map (every bar starts at one). */
  downbeat: boolean;
}

export type Pairing =
  /** A unit of this shape (a step with brackets the database can check). */
  | { type: 'unit'; unit: UnitShape }
  /** `STARTS WITH unit` / `ENDS WITH unit`: the first or last entry of one of its lanes. */
  | { type: 'edge'; edge: 'first' | 'last'; unit: UnitShape }
  /** `first THEN second`: consecutive entries of one lane (one timeline). */
  | { type: 'next'; first: UnitShape; second: UnitShape }
  /** `left WORD right`: right is in a named lane, or in left's own timeline. */
  | {
      type: 'relation';
      word: RelationWord;
      left: UnitShape;
      right: UnitShape;
      sameTimeline: boolean;
      /** A gap relation's WITHIN, in seconds or bars (TQL.md section 8); null for none. */
      within: Amount | null;
    };

export interface Narrowing {
  /** Groups of words a file must have among its label categories (one of each group). */
  words: string[][];
  pairs: Pairing[];
  /** File fields holding a text (`WHERE file.composer ~ /Mozart/`), or without the field. */
  fieldTexts: { name: string; text: string }[];
  /**
   * Files that may warn that they could not answer (no time map, no media length, no such file
   * field) are kept whatever they hold: the evaluator may warn about them before any match.
   */
  keep: { withoutTimeMap: boolean; withoutMediaLength: boolean; withoutFields: string[] };
}

const DEFAULT: UnitKind[] = ['hierarchy', 'marker', 'range'];

type LaneShape = Pick<UnitShape, 'kinds' | 'role'>;

/** Units a lane can hold, when they are labelled units found by category; else null. */
export function laneShape(lane: Lane | null): LaneShape | null {
  if (lane === null) return { kinds: DEFAULT, role: null };
  if (lane.quoted) return null;
  const word = fold(lane.name);
  switch (word) {
    case 'form':
      return { kinds: ['hierarchy'], role: 'form' };
    case 'cadences':
    case 'cadence':
      return { kinds: ['marker'], role: 'cadences' };
    case 'hierarchy':
    case 'hierarchies':
      return { kinds: ['hierarchy'], role: null };
    case 'marker':
    case 'markers':
      return { kinds: ['marker'], role: null };
    case 'range':
    case 'ranges':
      return { kinds: ['range'], role: null };
    default:
      return null;
  }
}

/** The colour a unit's brackets ask for (`color = pink`, not negated), as '#rrggbb'. */
function colorOf(conds: Cond[]): string | null {
  for (const cond of conds) {
    if (cond.type !== 'compare' || cond.not || cond.op !== '=') continue;
    if (cond.field.step !== null || cond.field.name !== 'color') continue;
    if (scopeOf(cond.field) !== 'unit') continue;
    const value = cond.value;
    if (value.kind !== 'word' && value.kind !== 'string') continue;
    const hex = cssColor(value.text);
    if (hex !== null) return hex;
  }
  return null;
}

const shapeOf = (unit: Unit, lane: LaneShape): UnitShape => ({
  ...lane,
  words: termWords(unit.term),
  color: colorOf(unit.conds),
  downbeat: unit.conds.some((cond) => cond.type === 'downbeat' && !cond.not),
});

/** Whether the database can tell a unit of this shape from any unit of its lane. */
const narrows = (shape: UnitShape) =>
  shape.words !== null || shape.color !== null || shape.downbeat;
/** Brackets the words narrowing (tql_labels) does not see. */
const bracketed = (shape: UnitShape) => shape.color !== null || shape.downbeat;

/** A step that takes at least one unit, each fitting its term: else null. */
function stepShape(step: Step, lane: LaneShape): UnitShape | null {
  if (step.item.type !== 'unit') return null;
  if (step.quant !== null && step.quant.min === 0) return null;
  return shapeOf(step.item, lane);
}

const GAP_RELATIONS = new Set<RelationWord>(['before', 'after', 'starts before', 'starts after']);

function sequencePairs(seq: Seq, lane: LaneShape, within: boolean, order: Order | null): Pairing[] {
  const pairs: Pairing[] = [];
  const shapes = seq.map((step) => stepShape(step, lane));
  // A step with brackets the words do not see needs a unit of its shape, unless a pair holds it.
  const paired = new Set<number>();
  // The whole-lane orders: the first step takes the lane's first entry, the last its last.
  const first = seq.length > 0 ? stepShape(seq[0]!, lane) : null;
  const last = seq.length > 0 ? stepShape(seq[seq.length - 1]!, lane) : null;
  if ((order === 'starts' || order === 'consists') && first && narrows(first))
    pairs.push({ type: 'edge', edge: 'first', unit: first });
  if ((order === 'ends' || order === 'consists') && last && narrows(last))
    pairs.push({ type: 'edge', edge: 'last', unit: last });
  // WITHIN joins a span lane's blocks across holes: its neighbours need not touch.
  const neighbours = !(within && lane.kinds.some((kind) => kind !== 'marker'));
  for (let i = 0; neighbours && i + 1 < seq.length; i++) {
    const first = shapes[i];
    const second = shapes[i + 1];
    // One side may take any unit: the pairs are looked for in one chunk of files at a time, so
    // a pair found in most files costs a join of those files' units only.
    if (!first || !second || (!narrows(first) && !narrows(second))) continue;
    pairs.push({ type: 'next', first, second });
    paired.add(i).add(i + 1);
  }
  shapes.forEach((shape, i) => {
    if (shape && bracketed(shape) && !paired.has(i)) pairs.push({ type: 'unit', unit: shape });
  });
  return pairs;
}

function fileFields(query: Query): string[] {
  const names = new Set<string>();
  const conds = (list: Cond[]) => {
    for (const cond of list) {
      if (cond.type === 'compare') {
        if (scopeOf(cond.field) === 'file') names.add(cond.field.name);
        if (cond.value.kind === 'field' && scopeOf(cond.value.field) === 'file')
          names.add(cond.value.field.name);
      } else if (cond.type === 'children') seq(cond.seq);
      else if (cond.type === 'relation') seq(cond.relation.target);
    }
  };
  const seq = (steps: Seq) => {
    for (const step of steps) {
      if (step.item.type === 'group') step.item.alternatives.forEach(seq);
      else conds(step.item.conds);
    }
  };
  const pattern = query.pattern;
  if (pattern?.type === 'sequence') seq(pattern.seq);
  if (pattern?.type === 'relation') {
    conds(pattern.left.conds);
    seq(pattern.relation.target);
  }
  conds(query.where);
  return [...names].filter((name) => name !== 'id' && name !== 'title');
}

/**
 * `WHERE file.name ~ /text/` with a regex of letters, digits and spaces only (its meaning is the
 * same in JavaScript and in the database: the text is held).
 */
function fieldTextsOf(query: Query): Narrowing['fieldTexts'] {
  const found: Narrowing['fieldTexts'] = [];
  for (const cond of query.where) {
    if (cond.type !== 'compare' || cond.not || scopeOf(cond.field) !== 'file') continue;
    if (cond.field.name === 'id' || cond.field.name === 'title') continue;
    const value = cond.value;
    const source =
      value.kind === 'regex' && value.flags === ''
        ? value.source
        : cond.op === '~' && (value.kind === 'word' || value.kind === 'string')
          ? value.text
          : null;
    if (source !== null && /^[A-Za-z0-9 ]+$/.test(source) && (cond.op === '~' || cond.op === '='))
      found.push({ name: cond.field.name, text: source });
  }
  return found;
}

/** The pairs a match of `query` needs in a file, and which files are kept whatever they hold. */
export function narrowingOf(query: Query, text: string): Narrowing {
  const keep = {
    withoutTimeMap: needsTimeMap(text),
    withoutMediaLength: text.includes('%'),
    withoutFields: fileFields(query),
  };
  const words = requiredWords(query);
  const fieldTexts = fieldTextsOf(query);
  const pattern = query.pattern;
  // A chord or key literal may add a note to the answer in any file it is tried on.
  const harmony = neededKinds(query).some((kind) => kind === 'chord' || kind === 'key');
  if (!pattern || harmony) return { words, pairs: [], fieldTexts, keep };
  const lane = laneShape(pattern.lane);
  if (!lane) return { words, pairs: [], fieldTexts, keep };
  if (pattern.type === 'sequence') {
    const pairs = sequencePairs(pattern.seq, lane, pattern.within !== null, pattern.order);
    return { words, pairs, fieldTexts, keep };
  }
  const relation = pattern.relation;
  const target = relation.target;
  const left = shapeOf(pattern.left, lane);
  const pairs: Pairing[] = bracketed(left) ? [{ type: 'unit', unit: left }] : [];
  if (relation.not || target.length !== 1 || target[0]!.quant !== null)
    return { words, pairs, fieldTexts, keep };
  const rightLane = relation.lane ? laneShape(relation.lane) : lane;
  const right = rightLane && stepShape(target[0]!, rightLane);
  if (right && bracketed(right)) pairs.push({ type: 'unit', unit: right });
  // WITHIN widens the tolerance of the relations other than the gap ones; a gap relation
  // (BEFORE, AFTER...) holds between most pairs of a file, and finding them costs more than it
  // leaves out, unless WITHIN bounds the gap (in seconds or bars; beats are not narrowed).
  const gap = GAP_RELATIONS.has(relation.word);
  const within = relation.within;
  if (within && (!gap || within.unit === 'beats')) return { words, pairs, fieldTexts, keep };
  if (gap && !within) return { words, pairs, fieldTexts, keep };
  if (!right || (!narrows(left) && !narrows(right))) return { words, pairs, fieldTexts, keep };
  pairs.push({
    type: 'relation',
    word: relation.word,
    left,
    right,
    sameTimeline: !relation.lane,
    within,
  });
  return { words, fieldTexts, pairs, keep };
}
