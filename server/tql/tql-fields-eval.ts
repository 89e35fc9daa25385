/**
 * A unit's fields and comparisons (TQL.md section 9): values of unit, timeline and file fields,
 * positions along the time map, and how a value compares with them.
 */
import type { FieldRef, Operator, Value } from '../../src/shared/tql/tql-ast';
import { fold } from '../../src/shared/tql/tql-fold';
import { keyLiteral, type ChordFacts, type KeyFacts } from '../../src/shared/tql/tql-harmony';
import { NUMERIC_FIELDS, POSITION_FIELDS } from '../../src/shared/tql/tql-fields';
import { cssColor } from './tql-colors';
import type { CorpusUnit, FileView } from './tql-corpus';
import { mapPosition, type Evaluation } from './tql-context';

/** Values, or 'unanswerable' (no time map, no media length): false even under NOT. */
export type FieldValues = (number | string)[] | 'unanswerable';

/** A value as a field's values: none for a missing or empty one. */
function one(value: number | string | null | undefined): FieldValues {
  return value === null || value === undefined || value === '' ? [] : [value];
}

export function unitFieldValues(
  view: FileView,
  unit: CorpusUnit,
  name: string,
  evaluation: Evaluation,
): FieldValues {
  if (POSITION_FIELDS.has(name)) {
    const map = view.timeMap;
    if (!map) {
      evaluation.couldNotAnswer('time map', view.file.id);
      return 'unanswerable';
    }
    const position = map.position(unit.start);
    if (!position) return 'unanswerable';
    const { bar } = position;
    switch (name) {
      case 'bar':
        return [bar.number];
      case 'end_bar': {
        if (unit.end === unit.start) return [bar.number];
        const end = map.endBar(unit.end);
        return end ? [end.number] : 'unanswerable';
      }
      case 'beat':
        return [Math.round(position.beat * 1e6) / 1e6];
      case 'pass':
        return [bar.pass];
      case 'bar.count':
        return [bar.index + 1];
      case 'bar.label':
        return [String(bar.number)];
      default:
        return [bar.beatCount];
    }
  }
  const chord = unit.kind === 'chord' ? (unit.facts as ChordFacts) : null;
  const key = unit.kind === 'key' ? (unit.facts as KeyFacts) : null;
  switch (name) {
    case 'label':
      return one(unit.label);
    case 'color':
      return one(unit.color);
    case 'comments':
      return one(unit.comments);
    case 'start':
    case 'time':
      return [unit.start];
    case 'end':
      return [unit.end];
    case 'duration':
      return [unit.end - unit.start];
    case 'level':
      return unit.kind === 'hierarchy' ? one(unit.level) : [];
    case 'depth':
      return unit.kind === 'hierarchy' ? one(unit.depth) : [];
    case 'parent': {
      const parent = unit.parent === null ? undefined : view.units.get(unit.parent);
      return parent ? one(parent.label) : [];
    }
    case 'row':
      return one(unit.row);
    case 'root':
      return one(chord?.root);
    case 'quality':
      return one(chord?.quality);
    case 'inversion':
      return one(chord?.inversion);
    case 'applied_to':
      return one(chord?.applied_to);
    case 'roman':
      return one(chord?.roman);
    case 'symbol':
      return one(chord?.symbol);
    case 'key':
      return one(chord?.key ?? key?.key);
    case 'tonic':
      return one(key?.tonic);
    case 'mode':
      return one(key?.mode);
    default:
      return [];
  }
}

export function timelineFieldValues(view: FileView, unit: CorpusUnit, name: string): FieldValues {
  const timeline = view.timelines.get(unit.timeline);
  if (!timeline) return [];
  const value = (timeline as unknown as Record<string, string | number | null>)[name];
  return value === null || value === undefined || value === '' ? [] : [value];
}

export function fileFieldValues(view: FileView, name: string, evaluation: Evaluation): FieldValues {
  if (name === 'id') return [view.file.id];
  if (name === 'title') return [view.file.title];
  const value = view.file.fields[name];
  if (value === undefined) {
    evaluation.couldNotAnswer(name, view.file.id);
    return 'unanswerable';
  }
  return value === '' ? [] : [value];
}

const normalRoman = (text: string) => text.replace(/o/g, '°').replace(/%/g, 'ø');

/** Text equality for a field: music for key/roman/symbol, colours as #rrggbb, else folded or exact. */
function sameText(field: string, stored: string, wanted: string, exact: boolean): boolean {
  if (field === 'key' || field === 'tonic') {
    const a = keyLiteral(stored);
    const b = keyLiteral(wanted);
    if (a !== null && b !== null) return a === b;
  }
  if (field === 'roman') return normalRoman(stored) === normalRoman(wanted);
  if (field === 'symbol' || field === 'root') return stored === wanted;
  if (field === 'color') {
    const a = cssColor(stored);
    const b = cssColor(wanted);
    if (a !== null && b !== null) return a === b;
  }
  return exact ? stored === wanted : fold(stored) === fold(wanted);
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function numberCompare(a: number, op: Operator, b: number): boolean {
  const x = round(a);
  const y = round(b);
  switch (op) {
    case '=':
      return x === y;
    case '!=':
      return x !== y;
    case '<':
      return x < y;
    case '>':
      return x > y;
    case '<=':
      return x <= y;
    case '>=':
      return x >= y;
    default:
      return false;
  }
}

/**
 * Whether stored values satisfy `op value` (some value for = < > ~; none equal for !=), with a
 * number value already in the field's terms (seconds, bars along the map...). Null: unanswerable.
 */
export function compareValues(
  field: FieldRef,
  values: (number | string)[],
  op: Operator,
  value: Value,
  convert: (amount: number, unit: string | null) => number | null,
): boolean | null {
  if (value.kind === 'any') return op === '=' ? values.length > 0 : values.length === 0;
  if (values.length === 0) return false;
  const name = field.name;
  if (
    value.kind === 'regex' ||
    (op === '~' && (value.kind === 'word' || value.kind === 'string'))
  ) {
    const source = value.kind === 'regex' ? value.source : value.text;
    const flags = value.kind === 'regex' ? value.flags : '';
    const pattern = new RegExp(source, flags);
    const found = values.some((stored) => pattern.test(String(stored).normalize('NFC')));
    return op === '!=' ? !found : found;
  }
  if (value.kind === 'number' || value.kind === 'range') {
    const unit = value.unit;
    const numbers = values.map((stored) => (typeof stored === 'number' ? stored : Number(stored)));
    if (value.kind === 'range') {
      const low = convert(value.low, unit);
      const high = convert(value.high, unit);
      if (low === null || high === null) return null;
      const inRange = (n: number) => round(n) >= round(low) && round(n) <= round(high);
      return op === '!=' ? !numbers.some(inRange) : numbers.some(inRange);
    }
    const target = convert(value.value, unit);
    if (target === null) return null;
    if (NUMERIC_FIELDS.has(name) || numbers.every((n) => !Number.isNaN(n))) {
      if (op === '!=') return !numbers.some((n) => numberCompare(n, '=', target));
      return numbers.some((n) => !Number.isNaN(n) && numberCompare(n, op, target));
    }
    return textCompare(name, values, op, String(value.value), false);
  }
  if (value.kind === 'word' || value.kind === 'string') {
    const numeric = Number(value.text);
    if (
      value.kind === 'word' &&
      !Number.isNaN(numeric) &&
      values.every((stored) => typeof stored === 'number')
    ) {
      if (op === '!=') return !values.some((n) => numberCompare(n as number, '=', numeric));
      return values.some((n) => numberCompare(n as number, op, numeric));
    }
    return textCompare(name, values, op, value.text, value.kind === 'string');
  }
  return null;
}

function textCompare(
  name: string,
  values: (number | string)[],
  op: Operator,
  wanted: string,
  exact: boolean,
): boolean {
  if (op === '=') return values.some((stored) => sameText(name, String(stored), wanted, exact));
  if (op === '!=') return !values.some((stored) => sameText(name, String(stored), wanted, exact));
  const a = (text: string) => (exact ? text : fold(text));
  return values.some((stored) => {
    const x = a(String(stored));
    const y = a(wanted);
    return op === '<' ? x < y : op === '>' ? x > y : op === '<=' ? x <= y : x >= y;
  });
}

export { mapPosition };
