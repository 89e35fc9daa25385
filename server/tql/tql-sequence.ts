/**
 * Sequences in a lane (TQL.md section 6): blocks cut at holes (or joined WITHIN a distance),
 * steps with quantifiers and groups taking units greedily, the longest match from each start,
 * matches inside another dropped; and the whole-lane orders.
 */
import type { Amount, Order, Seq, Step } from '../../src/shared/tql/tql-ast';
import type { CorpusUnit, FileView, Lane } from './tql-corpus';
import { distance, type Evaluation } from './tql-context';

/**
 * The largest gap (s) between two units of a lane of spans that still leaves them neighbours
 * (a run of the lane); the database's narrowing reads it too.
 */
export const HOLE = 0.1;

export type Entry = Lane['entries'][number];

/** Tests one unit against a step's unit (term and brackets), given by the caller. */
export type UnitTest = (step: Step, unit: CorpusUnit, lane: Lane) => boolean;

export interface SeqMatch {
  from: number;
  to: number;
  /** Units per top-level step. */
  taken: CorpusUnit[][];
}

/** Cuts a lane's entries into blocks that no match crosses. */
export function blocks(
  view: FileView,
  lane: Lane,
  entries: Entry[],
  within: Amount | null,
  evaluation: Evaluation,
): Entry[][] {
  const out: Entry[][] = [];
  let current: Entry[] = [];
  for (const entry of entries) {
    const previous = current[current.length - 1];
    if (previous) {
      const gapStart = lane.span ? previous.end : previous.start;
      const gap = entry.start - gapStart;
      let joins = lane.span ? gap <= HOLE : true;
      if (within) {
        if (gap <= HOLE) joins = true;
        else {
          const measured = distance(view, gapStart, entry.start, within.unit, evaluation);
          const limit = within.unit === 'ms' ? within.value / 1000 : within.value;
          joins = measured !== null && measured <= limit + 1e-6;
        }
      }
      if (!joins) {
        out.push(current);
        current = [];
      }
    }
    current.push(entry);
  }
  if (current.length > 0) out.push(current);
  return out;
}

interface Partial {
  end: number;
  units: CorpusUnit[];
}

class Matcher {
  constructor(
    private readonly block: Entry[],
    private readonly test: UnitTest,
    private readonly lane: Lane,
    private readonly evaluation: Evaluation,
  ) {}

  /** Ends a step can reach from `pos`, most units first. */
  *step(step: Step, pos: number): Generator<Partial> {
    const min = step.quant?.min ?? 1;
    const max = step.quant?.max ?? 1;
    if (step.item.type === 'unit') {
      let run = 0;
      while (
        run < max &&
        pos + run < this.block.length &&
        this.test(step, this.block[pos + run]!.unit, this.lane)
      ) {
        this.evaluation.tick();
        run++;
      }
      for (let k = run; k >= Math.max(min, 1); k--) {
        yield { end: pos + k, units: this.block.slice(pos, pos + k).map((entry) => entry.unit) };
      }
      if (min === 0) yield { end: pos, units: [] };
      return;
    }
    yield* this.repeat(step.item.alternatives, min, max, pos, 0);
    if (min === 0) yield { end: pos, units: [] };
  }

  /** A group's repetitions from `at`, the most first; `count` already taken. */
  private *repeat(
    alternatives: Seq[],
    min: number,
    max: number,
    at: number,
    count: number,
  ): Generator<Partial> {
    for (const alternative of alternatives) {
      for (const one of this.seq(alternative, 0, at)) {
        if (one.end === at) continue;
        if (count + 1 < max) {
          for (const more of this.repeat(alternatives, min, max, one.end, count + 1)) {
            yield { end: more.end, units: [...one.units, ...more.units] };
          }
        }
        if (count + 1 >= min) yield one;
      }
    }
  }

  /** Ends a sequence reaches from `pos`, with each top-level step's units. */
  *steps(seq: Seq, index: number, pos: number): Generator<{ end: number; taken: CorpusUnit[][] }> {
    if (index === seq.length) {
      yield { end: pos, taken: [] };
      return;
    }
    for (const first of this.step(seq[index]!, pos)) {
      for (const rest of this.steps(seq, index + 1, first.end)) {
        yield { end: rest.end, taken: [first.units, ...rest.taken] };
      }
    }
  }

  *seq(seq: Seq, index: number, pos: number): Generator<Partial> {
    for (const found of this.steps(seq, index, pos))
      yield { end: found.end, units: found.taken.flat() };
  }

  /** The longest match from `pos` (greedy, the first found among the longest), ending at `end` if given. */
  longest(seq: Seq, pos: number, end?: number): SeqMatch | null {
    let best: SeqMatch | null = null;
    let tries = 0;
    for (const found of this.steps(seq, 0, pos)) {
      this.evaluation.tick();
      if (found.end === pos) continue;
      if (end !== undefined && found.end !== end) continue;
      if (!best || found.end > best.to) best = { from: pos, to: found.end, taken: found.taken };
      if (end !== undefined || found.end === this.block.length || ++tries > 256) break;
    }
    return best;
  }
}

/** Every match of a sequence in a lane: longest per start, those inside another dropped. */
export function matchesInLane(
  view: FileView,
  lane: Lane,
  entries: Entry[],
  seq: Seq,
  options: { order: Order | null; within: Amount | null; test: UnitTest; evaluation: Evaluation },
): SeqMatch[] {
  const cut = blocks(view, lane, entries, options.within, options.evaluation);
  if (cut.length === 0) return [];
  const { order } = options;
  if (order === 'starts') {
    const match = new Matcher(cut[0]!, options.test, lane, options.evaluation).longest(seq, 0);
    return match ? [match] : [];
  }
  if (order === 'consists') {
    if (cut.length !== 1) return [];
    const block = cut[0]!;
    const match = new Matcher(block, options.test, lane, options.evaluation).longest(
      seq,
      0,
      block.length,
    );
    return match ? [match] : [];
  }
  if (order === 'ends') {
    const block = cut[cut.length - 1]!;
    const matcher = new Matcher(block, options.test, lane, options.evaluation);
    for (let from = 0; from < block.length; from++) {
      const match = matcher.longest(seq, from, block.length);
      if (match) return [match];
    }
    return [];
  }
  const found: SeqMatch[] = [];
  for (const block of cut) {
    const matcher = new Matcher(block, options.test, lane, options.evaluation);
    const inBlock: SeqMatch[] = [];
    for (let from = 0; from < block.length; from++) {
      const match = matcher.longest(seq, from);
      if (match) inBlock.push(match);
    }
    for (const match of inBlock) {
      const inside = inBlock.some(
        (other) =>
          other !== match &&
          other.from <= match.from &&
          match.to <= other.to &&
          other.to - other.from > match.to - match.from,
      );
      if (!inside) found.push(match);
    }
  }
  return found;
}
