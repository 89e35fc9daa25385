/**
 * Whether a unit fits a step (TQL.md sections 5, 7, 8 and 10): its term (words by category,
 * strings, regexes, chord and key literals) and its brackets (comparisons, downbeat, children
 * sequences, relations).
 */
import type {
  Alt,
  Cond,
  FieldRef,
  Literal,
  Operator,
  Relation,
  Step,
  Term,
  Unit,
  Value,
} from '../../src/shared/tql/tql-ast';
import { fold } from '../../src/shared/tql/tql-fold';
import {
  chordLiteral,
  keyLiteral,
  type ChordFacts,
  type KeyFacts,
} from '../../src/shared/tql/tql-harmony';
import { scopeOf } from '../../src/shared/tql/tql-fields';
import { BEAT_SNAP } from '../../src/shared/time-map/time-map';
import type { CorpusUnit, FileView, Lane } from './tql-corpus';
import { distance, mapPosition, type Evaluation } from './tql-context';
import {
  compareValues,
  fileFieldValues,
  timelineFieldValues,
  unitFieldValues,
  type FieldValues,
} from './tql-fields-eval';
import { matchesInLane } from './tql-sequence';
import { relationMatches } from './tql-relations';

export type LaneKind = Lane['kind'];

function wordFits(
  literal: Extract<Literal, { kind: 'word' }>,
  categories: string[],
): string | null {
  const wanted = literal.folded;
  const subtype = wanted.includes('.');
  for (const category of categories) {
    if (category === wanted || (!subtype && category.startsWith(wanted + '.'))) return category;
  }
  return null;
}

function regexOf(literal: Extract<Literal, { kind: 'regex' }>): RegExp {
  return new RegExp(literal.source, literal.flags);
}

/** An amount as written (a value that is not a number is never converted). */
const sameAmount = (amount: number): number => amount;

export class UnitMatcher {
  private readonly chordTests = new Map<string, ((chord: ChordFacts) => boolean) | null>();
  private readonly unitLists = new Map<string, CorpusUnit[]>();

  constructor(
    readonly view: FileView,
    readonly evaluation: Evaluation,
  ) {}

  /** A list of the file's units worked out once per evaluation of the file. */
  cached(key: string, build: () => CorpusUnit[]): CorpusUnit[] {
    let list = this.unitLists.get(key);
    if (!list) {
      list = build();
      this.unitLists.set(key, list);
    }
    return list;
  }

  private altFits(alt: Alt, unit: CorpusUnit, kind: LaneKind): boolean {
    if (kind === 'chord' || kind === 'key') return this.harmonyAltFits(alt, unit, kind);
    const used = new Set<string>();
    for (const literal of alt.literals) {
      switch (literal.kind) {
        case 'any':
          break;
        case 'string':
          if (unit.label.normalize('NFC').trim() !== literal.text) return false;
          break;
        case 'regex':
          if (!regexOf(literal).test(unit.label.normalize('NFC'))) return false;
          break;
        case 'word': {
          const free = unit.categories.filter((category) => !used.has(category));
          const category = wordFits(literal, free);
          if (category === null) return false;
          used.add(category);
          break;
        }
      }
    }
    return true;
  }

  private harmonyAltFits(alt: Alt, unit: CorpusUnit, kind: 'chord' | 'key'): boolean {
    if (alt.literals.length > 1 && alt.literals.some((literal) => literal.kind === 'regex')) {
      this.evaluation.notes.add('a regular expression in a harmony lane must stand alone');
      return false;
    }
    const only = alt.literals[0]!;
    if (alt.literals.length === 1 && only.kind === 'any') return true;
    if (kind === 'key') {
      const facts = unit.facts as KeyFacts;
      if (only.kind === 'regex') return regexOf(only).test(facts.key);
      const key = keyLiteral(only.kind === 'string' ? only.text : alt.raw);
      if (key === null) {
        this.evaluation.notes.add(`'${alt.raw}' is not a key: write C, c, Eb, f# or "C minor"`);
        return false;
      }
      return facts.key === key;
    }
    const facts = unit.facts as ChordFacts;
    if (only.kind === 'regex') {
      const pattern = regexOf(only);
      return [facts.roman, facts.symbol, facts.key, facts.custom].some(
        (text) => text !== '' && pattern.test(text),
      );
    }
    const text = only.kind === 'string' && alt.literals.length === 1 ? only.text : alt.raw;
    let test = this.chordTests.get(text);
    if (test === undefined) {
      test = chordLiteral(text);
      this.chordTests.set(text, test);
    }
    if (test === null) {
      if (only.kind === 'string') return facts.custom === only.text;
      this.evaluation.notes.add(
        `'${text}' is not a chord: write a Roman numeral (V7, ii65, V/V) or a chord symbol (G7, F#m)`,
      );
      return false;
    }
    return test(facts);
  }

  termFits(term: Term, unit: CorpusUnit, kind: LaneKind): boolean {
    const fits = term.alts.some((alt) => this.altFits(alt, unit, kind));
    return term.not ? !fits : fits;
  }

  unitFits(node: Unit, unit: CorpusUnit, kind: LaneKind = unit.kind): boolean {
    if (node.term && !this.termFits(node.term, unit, kind)) return false;
    return node.conds.every((cond) => this.condHolds(cond, unit, kind));
  }

  stepTest = (step: Step, unit: CorpusUnit, lane: Lane): boolean =>
    step.item.type === 'unit' && this.unitFits(step.item, unit, lane.kind);

  /** A condition on one unit (brackets, or WHERE's $1): false when unanswerable, even under NOT. */
  condHolds(cond: Cond, unit: CorpusUnit, kind: LaneKind): boolean {
    const result = this.condValue(cond, unit, kind);
    if (result === null) return false;
    return cond.not ? !result : result;
  }

  private condValue(cond: Cond, unit: CorpusUnit, kind: LaneKind): boolean | null {
    switch (cond.type) {
      case 'downbeat': {
        const map = this.view.timeMap;
        if (!map) {
          this.evaluation.couldNotAnswer('time map', this.view.file.id);
          return null;
        }
        return map.bars.some((bar) => Math.abs(bar.start - unit.start) <= BEAT_SNAP);
      }
      case 'children': {
        const children =
          unit.kind === 'hierarchy' ? (this.view.children.get(unit.id as number) ?? []) : [];
        const lane: Lane = {
          key: 'children',
          timeline: this.view.timelines.get(unit.timeline) ?? null,
          span: true,
          level: null,
          kind: 'hierarchy',
          entries: children.map((child) => ({ unit: child, start: child.start, end: child.end })),
        };
        return (
          matchesInLane(this.view, lane, lane.entries, cond.seq, {
            order: null,
            within: null,
            test: this.stepTest,
            evaluation: this.evaluation,
          }).length > 0
        );
      }
      case 'relation':
        return this.relationHolds(cond.relation, unit);
      case 'compare':
        return this.compareOn(cond.field, cond.op, cond.value, [unit], kind, []);
    }
  }

  relationHolds(relation: Relation, unit: CorpusUnit): boolean {
    const found = relationMatches(this, unit, { ...relation, not: false }, 1).length > 0;
    return relation.not ? !found : found;
  }

  /** Values of a field over some units (a step's, or $0's). */
  fieldValues(field: FieldRef, units: CorpusUnit[]): FieldValues {
    const scope = scopeOf(field);
    if (scope === 'file') return fileFieldValues(this.view, field.name, this.evaluation);
    // One unit (a bracket's condition, tested unit after unit): its values as they come.
    if (units.length === 1) return this.ownValues(scope, field, units[0]!);
    const values: (number | string)[] = [];
    for (const unit of units) {
      const own = this.ownValues(scope, field, unit);
      if (own === 'unanswerable') return own;
      values.push(...own);
    }
    return values;
  }

  private ownValues(scope: ReturnType<typeof scopeOf>, field: FieldRef, unit: CorpusUnit) {
    return scope === 'tl'
      ? timelineFieldValues(this.view, unit, field.name)
      : unitFieldValues(this.view, unit, field.name, this.evaluation);
  }

  /**
   * A comparison of `field` over `units` (null: unanswerable). `steps` gives the units of each
   * step ($1... in WHERE) for a value that is another step's field.
   */
  compareOn(
    field: FieldRef,
    op: Operator,
    value: Value,
    units: CorpusUnit[],
    kind: LaneKind,
    steps: CorpusUnit[][],
  ): boolean | null {
    if (
      scopeOf(field) === 'unit' &&
      (field.name === 'label' || field.name === 'parent') &&
      (op === '=' || op === '!=') &&
      value.kind !== 'any' &&
      value.kind !== 'field' &&
      value.kind !== 'number' &&
      value.kind !== 'range'
    ) {
      const literal: Literal =
        value.kind === 'word'
          ? { kind: 'word', text: value.text, folded: value.folded, span: value.span }
          : value.kind === 'string'
            ? { kind: 'string', text: value.text, span: value.span }
            : { kind: 'regex', source: value.source, flags: value.flags, span: value.span };
      const alt: Alt = {
        literals: [literal],
        raw: value.kind === 'word' || value.kind === 'string' ? value.text : '',
        span: value.span,
      };
      const fits = (candidate: CorpusUnit) => {
        if (field.name === 'label')
          return this.altFits(
            alt,
            candidate,
            candidate.kind === 'chord' || candidate.kind === 'key' ? candidate.kind : kind,
          );
        const parent =
          candidate.parent === null ? undefined : this.view.units.get(candidate.parent);
        return parent !== undefined && this.altFits(alt, parent, parent.kind);
      };
      return op === '=' ? units.some(fits) : !units.some(fits);
    }
    const values = this.fieldValues(field, units);
    if (values === 'unanswerable') return null;
    if (value.kind === 'field') return this.compareFields(field, values, op, value, units, steps);
    // Only a number is converted (a share of the media's length); the rest compare as they are.
    const convert =
      value.kind === 'number' || value.kind === 'range' ? this.amountConverter() : sameAmount;
    if (
      field.name === 'duration' &&
      (value.kind === 'number' || value.kind === 'range') &&
      (value.unit === 'bars' || value.unit === 'beats')
    ) {
      const measure = value.unit;
      const lengths: number[] = [];
      for (const unit of units) {
        const length = distance(this.view, unit.start, unit.end, measure, this.evaluation);
        if (length === null) return null;
        lengths.push(length);
      }
      return compareValues(field, lengths, op, value, convert);
    }
    return compareValues(field, values, op, value, convert);
  }

  /** Amounts in seconds: a percentage of the media's length, else as written. */
  private amountConverter(): (amount: number, unit: string | null) => number | null {
    const media = this.view.file.mediaLength;
    return (amount, unit) => {
      if (unit !== '%') return amount;
      if (media === null) {
        this.evaluation.couldNotAnswer('media length', this.view.file.id);
        return null;
      }
      return (amount * media) / 100;
    };
  }

  private compareFields(
    field: FieldRef,
    values: (number | string)[],
    op: Operator,
    value: Extract<Value, { kind: 'field' }>,
    units: CorpusUnit[],
    steps: CorpusUnit[][],
  ): boolean | null {
    const otherUnits =
      value.field.step === 0
        ? steps.flat()
        : value.field.step !== null
          ? (steps[value.field.step - 1] ?? [])
          : units;
    const others = this.fieldValues(value.field, otherUnits);
    if (others === 'unanswerable') return null;
    if (values.length === 0 || others.length === 0) return false;
    const offset = value.offset;
    const shift = (stored: number | string): number | null => {
      if (!offset) return Number(stored);
      if (offset.unit === 's' || offset.unit === 'ms')
        return Number(stored) + offset.sign * offset.value;
      if (offset.unit === '%') {
        const media = this.view.file.mediaLength;
        if (media === null) {
          this.evaluation.couldNotAnswer('media length', this.view.file.id);
          return null;
        }
        return Number(stored) + (offset.sign * offset.value * media) / 100;
      }
      return null;
    };
    const measure =
      offset && (offset.unit === 'bars' || offset.unit === 'beats') ? offset.unit : null;
    const textual = typeof values[0] === 'string' || typeof others[0] === 'string';
    for (const a of values) {
      for (const b of others) {
        let left: number | string = a;
        let right: number | string | null = b;
        if (measure) {
          const x = mapPosition(this.view, Number(a), measure);
          const y = mapPosition(this.view, Number(b), measure);
          if (x === null || y === null) {
            if (!this.view.timeMap) this.evaluation.couldNotAnswer('time map', this.view.file.id);
            return null;
          }
          left = x;
          right = Math.round((y + offset!.sign * offset!.value) * 1e6) / 1e6;
        } else if (offset) right = shift(b);
        if (right === null) return null;
        const holds =
          textual && !offset
            ? compareValues(
                field,
                [left],
                op,
                {
                  kind: 'word',
                  text: String(right),
                  folded: fold(String(right)),
                  span: value.span,
                },
                (n) => n,
              )
            : compareValues(
                field,
                [Number(left)],
                op,
                { kind: 'number', value: Number(right), unit: null, span: value.span },
                (n) => n,
              );
        if (op === '!=' && holds === false) return false;
        if (op !== '!=' && holds) return true;
      }
    }
    return op === '!=';
  }
}
