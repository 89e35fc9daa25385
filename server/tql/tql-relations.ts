/**
 * Relations between a unit and a target (TQL.md section 8): where the target is looked for
 * (the named lanes, or the unit's own timeline: ancestors, descendants, its lanes), and when each
 * relation holds, with the tolerance or the WITHIN distance.
 */
import type { Relation, Seq } from '../../src/shared/tql/tql-ast';
import type { CorpusUnit, Lane } from './tql-corpus';
import { distance, seconds } from './tql-context';
import { lanesNamed } from './tql-lanes';
import { matchesInLane } from './tql-sequence';
import type { UnitMatcher } from './tql-units';

/** How far apart two times may be and still meet (s): the database's rows read it too. */
export const TOLERANCE = 0.1;
const SEQUENCE_WORDS = new Set(['contains', 'starts with', 'ends with', 'consists of']);

const isPoint = (unit: CorpusUnit) => unit.kind === 'marker' || unit.kind === 'beat';
const isHarmony = (unit: CorpusUnit) => unit.kind === 'chord' || unit.kind === 'key';

/** a inside b, with tolerance t; a chord or key belongs to the span it starts in. */
export function inside(a: CorpusUnit, b: CorpusUnit, t: number): boolean {
  if (isHarmony(a)) return b.start - t <= a.start && a.start < b.end - t;
  return b.start - t <= a.start && a.end <= b.end + t;
}

function isSingleUnit(seq: Seq): boolean {
  return seq.length === 1 && seq[0]!.item.type === 'unit' && seq[0]!.quant === null;
}

/** Units of a's own timeline (every lane of it), each once. */
function ownTimelineUnits(matcher: UnitMatcher, a: CorpusUnit): CorpusUnit[] {
  const units = matcher.cached(`timeline:${a.timeline}`, () =>
    matcher.view.file.units.filter((unit) => unit.timeline === a.timeline),
  );
  return units.filter((unit) => unit.id !== a.id);
}

/** The ways a relation holds for `a`: each a list of units per target step. */
export function relationMatches(
  matcher: UnitMatcher,
  a: CorpusUnit,
  relation: Relation,
  max: number,
): CorpusUnit[][][] {
  const { view, evaluation } = matcher;
  const word = relation.word;
  const within = relation.within;
  // WITHIN replaces the tolerance on relations other than the gap ones.
  const gapRelation = ['before', 'after', 'starts before', 'starts after'].includes(word);
  let t = TOLERANCE;
  if (within && !gapRelation) {
    if (within.unit === 's' || within.unit === 'ms') t = seconds(within);
    else {
      const map = view.timeMap;
      const position = map?.position(a.start);
      if (!map || !position) {
        if (!map) evaluation.couldNotAnswer('time map', view.file.id);
        return [];
      }
      const bar = position.bar;
      const beatIndex = Math.min(
        bar.firstBeat + Math.floor(position.beat - 1),
        map.beats.length - 1,
      );
      const beatLength =
        (beatIndex + 1 < map.beats.length ? map.beats[beatIndex + 1]! : map.end) -
        map.beats[beatIndex]!;
      t = within.value * (within.unit === 'bars' ? bar.end - bar.start : beatLength);
    }
  }

  if (SEQUENCE_WORDS.has(word) && !isSingleUnit(relation.target)) {
    return sequenceMatches(matcher, a, relation, t, max);
  }
  const targetNode = relation.target[0]!.item;
  if (targetNode.type !== 'unit') return [];
  let candidates: CorpusUnit[];
  if (relation.lane) {
    const name = relation.lane;
    candidates = matcher.cached(`lane:${name.quoted ? '"' : ''}${name.name}`, () => {
      const seen = new Map<number | string, CorpusUnit>();
      for (const lane of lanesNamed(view, name)) {
        for (const entry of lane.entries) seen.set(entry.unit.id, entry.unit);
      }
      return [...seen.values()];
    });
  } else if (a.kind === 'hierarchy' && word === 'during') {
    candidates = [];
    let parent = a.parent === null ? undefined : view.units.get(a.parent);
    while (parent && candidates.length < 1000) {
      candidates.push(parent);
      parent = parent.parent === null ? undefined : view.units.get(parent.parent);
    }
  } else if (a.kind === 'hierarchy' && SEQUENCE_WORDS.has(word)) {
    const below = view.descendants(a);
    candidates = ownTimelineUnits(matcher, a).filter((unit) => below.has(unit.id));
  } else {
    candidates = ownTimelineUnits(matcher, a);
  }
  const found: CorpusUnit[][][] = [];
  // A label that does not fit is found faster than the relation, which looks along lanes; the
  // term is read first unless holds() may warn (a gap measured along the time map) or the term
  // may add a note (a chord or key literal).
  const term = gapRelation && within ? null : targetNode.term;
  for (const b of candidates) {
    evaluation.tick();
    if (b.id === a.id) continue;
    if (term && !isHarmony(b) && !matcher.termFits(term, b, b.kind)) continue;
    if (!holds(matcher, a, b, relation, t)) continue;
    if (!matcher.unitFits(targetNode, b)) continue;
    found.push([[b]]);
    if (found.length >= max) break;
  }
  return found;
}

function holds(
  matcher: UnitMatcher,
  a: CorpusUnit,
  b: CorpusUnit,
  relation: Relation,
  t: number,
): boolean {
  const { view, evaluation } = matcher;
  const within = relation.within;
  const gapWithin = (from: number, to: number): boolean => {
    if (!within) return true;
    const gap = distance(view, from, to, within.unit, evaluation);
    return (
      gap !== null && gap <= (within.unit === 'ms' ? within.value / 1000 : within.value) + 1e-6
    );
  };
  switch (relation.word) {
    case 'during':
      return inside(a, b, t);
    case 'contains':
      return inside(b, a, t);
    case 'starts with':
    case 'ends with':
    case 'consists of': {
      // One unit as a sequence: the first / last / only unit of its lane inside a.
      if (!inside(b, a, t)) return false;
      const lane = view.laneOf(b);
      const within = lane
        ? lane.entries.map((entry) => entry.unit).filter((unit) => inside(unit, a, t))
        : [b];
      if (relation.word === 'starts with') return within[0]?.id === b.id;
      if (relation.word === 'ends with') return within[within.length - 1]?.id === b.id;
      return within.length === 1;
    }
    case 'starts':
    case 'ends': {
      if (!inside(a, b, t)) return false;
      const lane = view.laneOf(a);
      if (!lane) return false;
      const sameHierarchy = b.kind === 'hierarchy' && b.timeline === a.timeline;
      const below = sameHierarchy ? view.descendants(b) : null;
      // The lane's units each once, worked out once per lane (not per pair: a lane of n units
      // made each pair cost n squared).
      const units = matcher.cached(`lane units:${lane.key}`, () => [
        ...new Set(lane.entries.map((entry) => entry.unit)),
      ]);
      const held = units.filter((unit) => (below ? below.has(unit.id) : inside(unit, b, t)));
      const chosen = relation.word === 'starts' ? held[0] : held[held.length - 1];
      return chosen?.id === a.id;
    }
    case 'same start':
      return Math.abs(a.start - b.start) <= t;
    case 'same end':
      return Math.abs(a.end - b.end) <= t;
    case 'same':
      return Math.abs(a.start - b.start) <= t && Math.abs(a.end - b.end) <= t;
    case 'overlaps':
      if (isPoint(a) && isPoint(b)) return Math.abs(a.start - b.start) <= t;
      if (isPoint(a)) return b.start <= a.start + t && a.start <= b.end + t;
      if (isPoint(b)) return a.start <= b.start + t && b.start <= a.end + t;
      return a.start < b.end - t && b.start < a.end - t;
    case 'before':
      return a.end <= b.start + TOLERANCE && gapWithin(a.end, b.start);
    case 'after':
      return b.end <= a.start + TOLERANCE && gapWithin(b.end, a.start);
    case 'starts before':
      return a.start < b.start - TOLERANCE && gapWithin(a.start, b.start);
    case 'starts after':
      return b.start < a.start - TOLERANCE && gapWithin(b.start, a.start);
  }
}

/** CONTAINS / STARTS WITH / ENDS WITH / CONSISTS OF a sequence, per lane of the target. */
function sequenceMatches(
  matcher: UnitMatcher,
  a: CorpusUnit,
  relation: Relation,
  t: number,
  max: number,
): CorpusUnit[][][] {
  const { view, evaluation } = matcher;
  let lanes: Lane[];
  let keep: (unit: CorpusUnit) => boolean;
  if (relation.lane) {
    lanes = lanesNamed(view, relation.lane);
    keep = (unit) => unit.id !== a.id && inside(unit, a, t);
  } else if (a.kind === 'hierarchy') {
    const below = view.descendants(a);
    lanes = view.lanes.filter(
      (lane) =>
        lane.timeline?.id === a.timeline && lane.level !== null && lane.level < (a.level ?? 1),
    );
    keep = (unit) => below.has(unit.id);
  } else {
    lanes = view.lanes.filter((lane) => lane.timeline?.id === a.timeline);
    keep = (unit) => unit.id !== a.id && inside(unit, a, t);
  }
  const order =
    relation.word === 'starts with'
      ? 'starts'
      : relation.word === 'ends with'
        ? 'ends'
        : relation.word === 'consists of'
          ? 'consists'
          : null;
  const found: CorpusUnit[][][] = [];
  for (const lane of lanes) {
    const entries = lane.entries.filter((entry) => keep(entry.unit));
    if (entries.length === 0) continue;
    const matches = matchesInLane(view, lane, entries, relation.target, {
      order,
      within: null,
      test: matcher.stepTest,
      evaluation,
    });
    for (const match of matches) {
      found.push(match.taken);
      if (found.length >= max) return found;
    }
  }
  return found;
}
