/**
 * A comparison's value (TQL.md sections 3 and 9): numbers, m:ss times, amounts with units,
 * percentages, ranges, words, strings, regexes, `*`, and distances from another step's field;
 * with the value errors of section 9 and the refused forms of section 3.
 */
import {
  TqlError,
  type AmountUnit,
  type FieldRef,
  type Operator,
  type Span,
  type Value,
} from './tql-ast';
import { NUMERIC_FIELDS } from './tql-fields';
import { fold } from './tql-fold';
import type { Parser } from './tql-parser';
import { UNIT_WORDS } from './tql-parser';

const NUMBER = String.raw`(?:\d+(?:\.\d*)?|\.\d+)`;
const AMOUNT = new RegExp(
  String.raw`^(${NUMBER}|\d+:[0-5]?\d(?:\.\d+)?|\d+:\d+:\d+(?:\.\d+)?)(%|[a-zA-Z]+)?$`,
);

interface Amount {
  value: number;
  unit: AmountUnit | '%' | null;
  hours: boolean;
}

function readAmount(text: string): Amount | null {
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const number = match[1]!;
  const unitText = match[2];
  let unit: Amount['unit'] = null;
  if (unitText === '%') unit = '%';
  else if (unitText !== undefined) {
    const known = UNIT_WORDS[unitText.toLowerCase()];
    if (!known) return null;
    unit = known;
  }
  const parts = number.split(':').map(Number);
  const value = parts.reduce((sum, part) => sum * 60 + part, 0);
  return { value, unit, hours: parts.length === 3 };
}

function refused(form: string, span: Span): never {
  throw new TqlError('tql_not_in_0_1_0', `${form} is not part of TQL v0.1.0`, span.start, span.end);
}

export function parseValue(parser: Parser, field: FieldRef, op: Operator): Value {
  const token = parser.peek();
  const fail = (message: string, span: Span = token): never => parser.fail(message, span);
  const text = (span: Span) => Array.from(parser.text).slice(span.start, span.end).join('');
  if (token.type === 'end') fail('A value is missing after the operator.');
  if (token.type === 'string') {
    parser.next();
    return { kind: 'string', text: token.text, span: token };
  }
  if (token.type === 'regex') {
    parser.next();
    return { kind: 'regex', source: token.source, flags: token.flags, span: token };
  }
  if (token.type === 'punct' && token.text === '$') return parseDistance(parser, field, op);
  if (token.type !== 'word') return fail(`Expected a value after ${op}.`);
  parser.next();
  if (token.text === '*') {
    if (op === '~')
      fail('~ searches a regular expression; * is no pattern (use = * for "has a value").');
    if (op !== '=' && op !== '!=') fail('* goes with = or != only.');
    return { kind: 'any', span: token };
  }
  // A unit written apart: 8 bars, 500 ms.
  let end = token.end;
  let separateUnit: AmountUnit | null = null;
  const unitToken = parser.peek();
  const wordValue = token.text;
  const looksNumeric = /^[\d.]/.test(wordValue) && /\d/.test(wordValue);
  if (
    looksNumeric &&
    unitToken.type === 'word' &&
    UNIT_WORDS[unitToken.text.toLowerCase()] &&
    !/[a-zA-Z%]$/.test(wordValue)
  ) {
    separateUnit = UNIT_WORDS[unitToken.text.toLowerCase()]!;
    end = unitToken.end;
    parser.next();
  }
  if (unitToken.type === 'word' && unitToken.text === '%' && looksNumeric) {
    fail('A percentage is written without a space: 50%.', unitToken);
  }
  const span = { start: token.start, end };
  const range = wordValue.split('..');
  if (range.length === 2 && looksNumeric) {
    const low = readAmount(range[0]!);
    const high = readAmount(range[1]!);
    if (!low || !high) return fail('A range is two amounts: 7..9 bars, 0%..10%, 1:00..1:30.', span);
    if (low.hours || high.hours) refused(text(span), span);
    if (op === '~') fail('~ searches a regular expression; a range is no pattern.', span);
    if (op !== '=' && op !== '!=') fail('A range goes with = or != only.', span);
    if ((low.unit === null) !== (high.unit === null) && (low.unit === '%' || high.unit === '%')) {
      fail('A percentage goes on both ends of a range: 0%..10%.', span);
    }
    if (low.unit !== null && high.unit !== null && low.unit !== high.unit) {
      fail('A range has one unit: 7..9 bars or 7bars..9bars.', span);
    }
    if (low.unit !== null && high.unit === null && separateUnit === null) {
      fail('A unit goes at the end of a range, or on both ends: 7..9 bars.', span);
    }
    const unit = separateUnit ?? high.unit ?? low.unit;
    if (low.value > high.value)
      fail('This range runs backwards: its low end is above its high end.', span);
    checkUnit(field, unit, span, text(span));
    return { kind: 'range', low: low.value, high: high.value, unit, span };
  }
  const amount = looksNumeric ? readAmount(wordValue) : null;
  if (amount) {
    if (amount.hours) refused(text(span), span);
    if (op === '~')
      fail('~ searches a regular expression; a number or a time is no pattern.', span);
    const unit = separateUnit ?? amount.unit;
    checkUnit(field, unit, span, text(span));
    return { kind: 'number', value: amount.value, unit, span };
  }
  if (op === '~') {
    try {
      new RegExp(wordValue);
    } catch {
      fail('This value does not compile as a regular expression.', span);
    }
  }
  if (
    field.step === null &&
    field.scope !== 'file' &&
    field.scope !== 'tl' &&
    NUMERIC_FIELDS.has(field.name)
  ) {
    fail(
      `${field.name} is a number: compare it with a number or a time (${field.name} > 10).`,
      span,
    );
  }
  return { kind: 'word', text: wordValue, folded: fold(wordValue), span };
}

function checkUnit(
  field: FieldRef,
  unit: AmountUnit | '%' | null,
  span: Span,
  typed: string,
): void {
  const fail = (message: string): never => {
    throw new TqlError('tql_syntax', message, span.start, span.end);
  };
  if (unit === null) return;
  if (unit === 'ms') refused(typed, span);
  if (unit === '%') {
    if (field.name === 'duration') refused(typed, span);
    if (!['start', 'end', 'time'].includes(field.name))
      fail('A percentage goes with start, end or time only.');
    return;
  }
  if (unit === 'bars' || unit === 'beats') {
    if (field.name !== 'duration')
      fail('Bars and beats go with duration only (duration = 8 bars).');
    return;
  }
  if (!['start', 'end', 'time', 'duration'].includes(field.name))
    fail('Seconds go with start, end, time or duration.');
}

function parseDistance(parser: Parser, field: FieldRef, op: Operator): Value {
  const start = parser.peek().start;
  // Read the other field through the parser's own field reading.
  const other = parser.parseField();
  if (op === '~')
    parser.fail('~ searches a regular expression; a field is no pattern.', other.span);
  let offset: Extract<Value, { kind: 'field' }>['offset'] = null;
  const token = parser.peek();
  if (token.type === 'word' && /^[+-]/.test(token.text)) {
    parser.next();
    const sign = token.text.startsWith('-') ? -1 : 1;
    let amountText = token.text.slice(1);
    let amountEnd = token.end;
    if (amountText === '') {
      const amountToken = parser.peek();
      if (amountToken.type !== 'word')
        parser.fail('A distance needs an amount: + 16 bars.', amountToken);
      amountText = amountToken.text;
      amountEnd = amountToken.end;
      parser.next();
    }
    const amount = /^[+-]/.test(amountText) ? null : readAmount(amountText);
    if (!amount || amount.hours)
      parser.fail('A distance is a positive amount: + 16 bars, - 2 s, + 10%.', {
        start: token.start,
        end: amountEnd,
      });
    let unit = amount.unit;
    const unitToken = parser.peek();
    if (unit === null && unitToken.type === 'word' && UNIT_WORDS[unitToken.text.toLowerCase()]) {
      unit = UNIT_WORDS[unitToken.text.toLowerCase()]!;
      parser.next();
    }
    const value = unit === 'ms' ? amount.value / 1000 : amount.value;
    offset = { sign, value, unit: unit === null || unit === 'ms' ? 's' : unit };
    const timeFields = ['start', 'end', 'time'];
    if (!timeFields.includes(field.name) || !timeFields.includes(other.name)) {
      parser.fail('A distance joins start, end or time: $1.start >= $2.start + 16 bars.', {
        start,
        end: parser.peek().start,
      });
    }
  }
  return {
    kind: 'field',
    field: other,
    offset,
    span: { start, end: parser.tokens[parser.tokens.indexOf(parser.peek()) - 1]!.end },
  };
}
