/**
 * The read-only TQL 0.1.0 parser (TQL.md section 3): a query's text into its tree, or a TqlError
 * at the culprit. Shared, so the query page underlines an error before sending anything.
 */
import {
  TqlError,
  type Alt,
  type Amount,
  type Cond,
  type FieldRef,
  type Group,
  type Lane,
  type Literal,
  type Operator,
  type Order,
  type Pattern,
  type Quantifier,
  type Query,
  type Relation,
  type RelationWord,
  type Seq,
  type Span,
  type Step,
  type Term,
  type Unit,
} from './tql-ast';
import { fold } from './tql-fold';
import { keywordOf, RESERVED, tokenize, type Token } from './tql-lexer';
import { checkFields } from './tql-fields';
import { parseValue } from './tql-values';

/** Longer queries are refused: nobody types them, and they would only cost. */
export const MAX_QUERY_CHARS = 4000;
const MAX_DEPTH = 32;

const OPERATORS = new Set(['=', '!=', '~', '<', '>', '<=', '>=']);
const RELATION_STARTS = new Set([
  'DURING',
  'CONTAINS',
  'STARTS',
  'ENDS',
  'CONSISTS',
  'SAME',
  'OVERLAPS',
  'BEFORE',
  'AFTER',
]);
const SEQUENCE_RELATIONS = new Set<RelationWord>([
  'contains',
  'starts with',
  'ends with',
  'consists of',
]);

export const UNIT_WORDS: Record<string, Amount['unit']> = {
  s: 's',
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
  ms: 'ms',
  beat: 'beats',
  beats: 'beats',
  bar: 'bars',
  bars: 'bars',
  measure: 'bars',
  measures: 'bars',
};

interface StepContext {
  /** `@` allowed (the top-level sequence). */
  marks: boolean;
}

export class Parser {
  private at = 0;
  private depth = 0;
  readonly tokens: Token[];

  constructor(readonly text: string) {
    if (Array.from(text).length > MAX_QUERY_CHARS) {
      throw new TqlError(
        'tql_syntax',
        `A query has at most ${MAX_QUERY_CHARS} characters.`,
        MAX_QUERY_CHARS,
        Array.from(text).length,
      );
    }
    this.tokens = tokenize(text);
  }

  peek(offset = 0): Token {
    return this.tokens[Math.min(this.at + offset, this.tokens.length - 1)]!;
  }

  next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.at++;
    return token;
  }

  fail(message: string, token: Token | Span = this.peek()): never {
    throw new TqlError('tql_syntax', message, token.start, Math.max(token.end, token.start + 1));
  }

  isKeyword(word: string, offset = 0): boolean {
    return keywordOf(this.peek(offset)) === word;
  }

  isPunct(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === 'punct' && token.text === text;
  }

  expectPunct(text: string, message: string): Token {
    if (!this.isPunct(text)) this.fail(message);
    return this.next();
  }

  private describe(token: Token): string {
    if (token.type === 'end') return 'the end of the query';
    const text =
      this.text.slice(0, 0) + Array.from(this.text).slice(token.start, token.end).join('');
    return `'${text}'`;
  }

  parseQuery(): Query {
    let pattern: Pattern | null = null;
    if (!this.isKeyword('WHERE')) pattern = this.parsePattern();
    let where: Cond[] = [];
    if (this.isKeyword('WHERE')) {
      this.next();
      where = this.parseConds({ brackets: false });
    }
    const token = this.peek();
    if (token.type !== 'end') {
      if (this.isKeyword('IN') && pattern?.type === 'sequence' && pattern.within) {
        this.fail('IN comes before WITHIN: write the lane first (… IN form WITHIN 2 bars).');
      }
      if (this.isKeyword('OR'))
        this.fail('Conditions join with AND only; OR joins literals or groups.');
      this.fail(
        `Unexpected ${this.describe(token)}: expected THEN, IN, WHERE or the end of the query.`,
      );
    }
    const stepCount =
      pattern === null
        ? 0
        : pattern.type === 'sequence'
          ? pattern.seq.length
          : 1 + (pattern.relation.not ? 0 : pattern.relation.target.length);
    const query: Query = { pattern, where, stepCount };
    checkFields(query);
    return query;
  }

  private orderAhead(): Order | null {
    if (this.isKeyword('STARTS') && this.isKeyword('WITH', 1)) return 'starts';
    if (this.isKeyword('ENDS') && this.isKeyword('WITH', 1)) return 'ends';
    if (this.isKeyword('CONSISTS') && this.isKeyword('OF', 1)) return 'consists';
    return null;
  }

  private parsePattern(): Pattern {
    const order = this.orderAhead();
    if (order) {
      this.next();
      this.next();
    } else {
      const keyword = keywordOf(this.peek());
      if (keyword && RELATION_STARTS.has(keyword)) {
        this.fail(
          `A query cannot start with ${keyword}: write the unit it relates first (ST IN form ${keyword} …).`,
        );
      }
    }
    const seq = this.parseSeq({ marks: true });
    const lane = this.parseLane();
    const relationAhead =
      (this.isKeyword('NOT') && RELATION_STARTS.has(keywordOf(this.peek(1)) ?? '')) ||
      RELATION_STARTS.has(keywordOf(this.peek()) ?? '');
    if (relationAhead) {
      if (order)
        this.fail('A whole-lane order (STARTS WITH, ENDS WITH, CONSISTS OF) takes no relation.');
      const first = seq[0]!;
      if (seq.length > 1 || first.item.type !== 'unit' || first.quant || first.marked) {
        this.fail(
          "A relation's left side is one unit, without a group, a quantifier or @: relate each unit (verse DURING ST IN form).",
          seq.length > 1 ? seq[1]!.span : first.span,
        );
      }
      const relation = this.parseRelation();
      return { type: 'relation', left: first.item, lane, relation };
    }
    const within = this.parseWithin();
    if (within && !canJoin(seq)) {
      this.fail(
        'WITHIN needs a sequence that joins units: two steps, or a repeating step (verse THEN chorus WITHIN 2 bars).',
        within.span,
      );
    }
    return { type: 'sequence', order, seq, lane, within };
  }

  private parseLane(): Lane | null {
    if (!this.isKeyword('IN')) return null;
    this.next();
    const token = this.peek();
    if (token.type === 'string') {
      this.next();
      return { name: token.text, quoted: true, span: token };
    }
    if (token.type === 'word' && token.text === '*')
      this.fail(
        'IN * names no lane: leave IN out for the default lanes, or quote a name pattern ("Form (*)").',
      );
    if (token.type !== 'word' || RESERVED.has(keywordOf(token) ?? ''))
      this.fail('IN needs a lane: a role, a kind or a timeline name (IN form, IN "Form (A)").');
    this.next();
    return { name: token.text, quoted: false, span: token };
  }

  parseWithin(): Amount | null {
    if (!this.isKeyword('WITHIN')) return null;
    const keyword = this.next();
    const amount = this.parseAmount(keyword);
    if (this.isKeyword('WITHIN')) this.fail('One WITHIN only.');
    return amount;
  }

  private parseAmount(after: Token): Amount {
    const token = this.peek();
    if (token.type !== 'word')
      this.fail(
        'WITHIN needs an amount with its unit: WITHIN 2 bars, WITHIN 0.5 s.',
        token.type === 'end' ? token : after,
      );
    const glued = /^(\d+(?:\.\d*)?|\.\d+)([a-zA-Z]+)?$/.exec(token.text);
    if (!glued)
      this.fail('WITHIN needs an amount with its unit: WITHIN 2 bars, WITHIN 0.5 s.', token);
    this.next();
    let unitText = glued[2];
    let end = token.end;
    if (unitText === undefined) {
      const unitToken = this.peek();
      if (unitToken.type === 'word' && UNIT_WORDS[unitToken.text.toLowerCase()]) {
        unitText = unitToken.text;
        end = unitToken.end;
        this.next();
      }
    }
    const unit = unitText === undefined ? undefined : UNIT_WORDS[unitText.toLowerCase()];
    if (!unit)
      this.fail('WITHIN needs a unit: s, ms, beats or bars (WITHIN 2 bars).', {
        start: token.start,
        end,
      });
    return { value: Number(glued[1]), unit, span: { start: token.start, end } };
  }

  parseSeq(context: StepContext): Seq {
    if (++this.depth > MAX_DEPTH) this.fail('This query nests too deeply.');
    const steps: Step[] = [this.parseStep(context)];
    while (this.isKeyword('THEN')) {
      this.next();
      steps.push(this.parseStep(context));
    }
    this.depth--;
    const first = steps[0]!;
    const last = steps[steps.length - 1]!;
    if (steps.length > 1 && bareWord(first) === 'START') {
      this.fail(
        'START is not an anchor in TQL v0.1.0: write STARTS WITH before the sequence (STARTS WITH intro THEN verse IN form).',
        first.span,
      );
    }
    if (steps.length > 1 && bareWord(last) === 'END') {
      this.fail(
        'END is not an anchor in TQL v0.1.0: write ENDS WITH before the sequence (ENDS WITH verse THEN bridge IN form).',
        last.span,
      );
    }
    return steps;
  }

  private parseStep(context: StepContext): Step {
    const start = this.peek().start;
    let marked = false;
    if (this.isPunct('@')) {
      if (!context.marks)
        this.fail('@ marks steps of the top-level sequence only; here units only test.');
      this.next();
      marked = true;
      if (this.isPunct('@')) this.fail('One @ per step.');
    }
    let item: Unit | Group;
    let quant: Quantifier | null = null;
    if (this.isPunct('(')) {
      item = this.parseGroup(context);
    } else {
      const parsed = this.parseUnit();
      item = parsed.unit;
      quant = parsed.quant;
    }
    const token = this.peek();
    if (token.type === 'quant') {
      if (quant) this.fail('One quantifier per step.', token);
      this.next();
      quant = checkQuant(this, token);
    }
    if (this.peek().type === 'quant') this.fail('One quantifier per step.');
    return { marked, item, quant, span: { start, end: this.tokens[this.at - 1]!.end } };
  }

  private parseGroup(context: StepContext): Group {
    const start = this.peek().start;
    const alternatives: Seq[] = [];
    for (;;) {
      this.expectPunct('(', 'OR joins groups here: (verse THEN chorus) OR (verse THEN bridge).');
      alternatives.push(this.parseSeq(context));
      this.expectPunct(')', 'This group needs a closing ).');
      if (!this.isKeyword('OR')) break;
      this.next();
    }
    return { type: 'group', alternatives, span: { start, end: this.tokens[this.at - 1]!.end } };
  }

  parseUnit(): { unit: Unit; quant: Quantifier | null } {
    const start = this.peek().start;
    let term: Term | null = null;
    let quant: Quantifier | null = null;
    if (!this.isPunct('[')) {
      const parsed = this.parseTerm();
      term = parsed.term;
      quant = parsed.quant;
    }
    let conds: Cond[] = [];
    if (this.isPunct('[')) {
      if (quant) this.fail('The quantifier goes after the brackets: verse[…]+.');
      this.next();
      conds = this.parseConds({ brackets: true });
      this.expectPunct(']', 'These brackets need a closing ].');
    }
    return {
      unit: { type: 'unit', term, conds, span: { start, end: this.tokens[this.at - 1]!.end } },
      quant,
    };
  }

  private parseTerm(): { term: Term; quant: Quantifier | null } {
    const start = this.peek().start;
    let not = false;
    if (this.isKeyword('NOT')) {
      this.next();
      not = true;
      if (this.isPunct('('))
        this.fail('NOT does not apply to a group: negate a unit (NOT verse) or a condition.');
    }
    const alts: Alt[] = [];
    let quant: Quantifier | null = null;
    for (;;) {
      const parsed = this.parseAlt();
      alts.push(parsed.alt);
      quant = parsed.quant;
      if (quant || !this.isKeyword('OR')) break;
      if (this.peek(1).type === 'punct' && this.isPunct('(', 1)) {
        this.fail('OR joins literals or groups, not a literal and a group.', this.peek(1));
      }
      this.next();
    }
    return { term: { not, alts, span: { start, end: this.tokens[this.at - 1]!.end } }, quant };
  }

  private parseAlt(): { alt: Alt; quant: Quantifier | null } {
    const start = this.peek().start;
    const literals: Literal[] = [];
    let quant: Quantifier | null = null;
    for (;;) {
      const parsed = this.parseLiteral();
      literals.push(parsed.literal);
      quant = parsed.quant;
      if (quant || !this.isPunct('/')) break;
      this.next();
    }
    const end = this.tokens[this.at - 1]!.end;
    const raw = Array.from(this.text)
      .slice(start, end)
      .join('')
      .replace(/[+?*]$/, '');
    return { alt: { literals, raw: raw.normalize('NFC'), span: { start, end } }, quant };
  }

  private parseLiteral(): { literal: Literal; quant: Quantifier | null } {
    const token = this.peek();
    if (token.type === 'string') {
      this.next();
      return { literal: { kind: 'string', text: token.text, span: token }, quant: null };
    }
    if (token.type === 'regex') {
      this.next();
      return {
        literal: { kind: 'regex', source: token.source, flags: token.flags, span: token },
        quant: null,
      };
    }
    if (token.type !== 'word' || RESERVED.has(keywordOf(token) ?? '')) {
      if (token.type === 'end')
        this.fail('The query ends where a unit is expected (a label, "text", /regex/ or *).');
      this.fail(
        `Expected a unit (a label, "text", /regex/ or *) but found ${this.describe(token)}; a label spelled like a keyword must be quoted.`,
      );
    }
    this.next();
    let text = token.text;
    let quant: Quantifier | null = null;
    const last = text[text.length - 1];
    if (text.length > 1 && (last === '+' || last === '?' || last === '*')) {
      text = text.slice(0, -1);
      const before = text[text.length - 1];
      if (text !== '*' && (before === '+' || before === '?' || before === '*')) {
        this.fail('One quantifier per step: verse+, not verse++.', {
          start: token.end - 2,
          end: token.end,
        });
      }
      quant =
        last === '+'
          ? { min: 1, max: Infinity }
          : last === '?'
            ? { min: 0, max: 1 }
            : { min: 0, max: Infinity };
    }
    const span = { start: token.start, end: token.end - (quant ? 1 : 0) };
    if (text === '*') return { literal: { kind: 'any', span }, quant };
    return { literal: { kind: 'word', text, folded: fold(text), span }, quant };
  }

  parseRelation(): Relation {
    const start = this.peek().start;
    let not = false;
    if (this.isKeyword('NOT')) {
      this.next();
      not = true;
    }
    const word = this.parseRelationWord();
    const target = this.parseSeq({ marks: false });
    if (!SEQUENCE_RELATIONS.has(word)) {
      const first = target[0]!;
      if (target.length > 1 || first.item.type !== 'unit' || first.quant) {
        this.fail(
          `${word.toUpperCase()} takes one unit on its right; CONTAINS, STARTS WITH, ENDS WITH and CONSISTS OF take a sequence.`,
          target.length > 1 ? target[1]!.span : first.span,
        );
      }
    }
    const lane = this.parseLane();
    const within = this.parseWithin();
    if (this.isKeyword('IN') && within)
      this.fail('IN comes before WITHIN: write the lane first (… IN form WITHIN 2 bars).');
    return { not, word, target, lane, within, span: { start, end: this.tokens[this.at - 1]!.end } };
  }

  private parseRelationWord(): RelationWord {
    const keyword = keywordOf(this.peek());
    const token = this.next();
    const following = keywordOf(this.peek());
    const take = <T>(value: T): T => {
      this.next();
      return value;
    };
    switch (keyword) {
      case 'DURING':
        return 'during';
      case 'CONTAINS':
        return 'contains';
      case 'OVERLAPS':
        return 'overlaps';
      case 'BEFORE':
        return 'before';
      case 'AFTER':
        return 'after';
      case 'STARTS':
        if (following === 'WITH') return take('starts with');
        if (following === 'BEFORE') return take('starts before');
        if (following === 'AFTER') return take('starts after');
        return 'starts';
      case 'ENDS':
        if (following === 'WITH') return take('ends with');
        if (following === 'BEFORE' || following === 'AFTER') {
          this.fail(
            `ENDS ${following} is not a relation: compare ends in WHERE ($1.end < $2.end).`,
            { start: token.start, end: this.peek().end },
          );
        }
        return 'ends';
      case 'CONSISTS':
        if (following !== 'OF') this.fail('CONSISTS needs OF: CONSISTS OF a THEN b.');
        return take('consists of');
      case 'SAME':
        if (following === 'START') return take('same start');
        if (following === 'END') return take('same end');
        return 'same';
      default:
        return this.fail(
          'Expected a relation: DURING, CONTAINS, STARTS, ENDS, SAME, OVERLAPS, BEFORE or AFTER.',
          token,
        );
    }
  }

  parseConds(context: { brackets: boolean }): Cond[] {
    if (++this.depth > MAX_DEPTH) this.fail('This query nests too deeply.');
    const conds: Cond[] = [this.parseCond(context)];
    for (;;) {
      if (this.isKeyword('OR'))
        this.fail('Conditions join with AND only; OR joins literals or groups.');
      if (!this.isKeyword('AND')) break;
      this.next();
      conds.push(this.parseCond(context));
    }
    this.depth--;
    return conds;
  }

  private parseCond(context: { brackets: boolean }): Cond {
    const start = this.peek().start;
    let not = false;
    if (this.isKeyword('NOT') && !RELATION_STARTS.has(keywordOf(this.peek(1)) ?? '')) {
      this.next();
      not = true;
    }
    const span = (): Span => ({ start, end: this.tokens[this.at - 1]!.end });
    const token = this.peek();
    if (this.isPunct('$')) {
      if (context.brackets)
        this.fail('$n is not allowed inside brackets: compare in WHERE ($1.label = x).');
      const field = this.parseField();
      return this.parseComparison(not, field, start);
    }
    if (
      token.type === 'word' &&
      !RESERVED.has(keywordOf(token) ?? '') &&
      this.peek(1).type === 'punct' &&
      OPERATORS.has((this.peek(1) as { text: string }).text)
    ) {
      const field = this.parseField();
      return this.parseComparison(not, field, start);
    }
    if (token.type === 'word' && token.text.toLowerCase() === 'downbeat') {
      const after = this.peek(1);
      if (
        after.type === 'end' ||
        keywordOf(after) === 'AND' ||
        keywordOf(after) === 'OR' ||
        (after.type === 'punct' && after.text === ']')
      ) {
        this.next();
        return { type: 'downbeat', not, span: span() };
      }
    }
    if (
      (this.isKeyword('NOT') && RELATION_STARTS.has(keywordOf(this.peek(1)) ?? '')) ||
      RELATION_STARTS.has(keywordOf(token) ?? '')
    ) {
      const relation = this.parseRelation();
      return { type: 'relation', not, relation, span: span() };
    }
    const seq = this.parseSeq({ marks: false });
    if (this.isKeyword('IN')) {
      this.fail('A children sequence takes no IN: use a relation ([CONTAINS PAC IN cadences]).');
    }
    return { type: 'children', not, seq, span: span() };
  }

  parseField(): FieldRef {
    const start = this.peek().start;
    let step: number | null = null;
    if (this.isPunct('$')) {
      const dollar = this.next();
      const token = this.peek();
      if (token.type !== 'word' || token.start !== dollar.end)
        this.fail('$ needs a step number and a field: $1.label.', dollar);
      this.next();
      const parts = /^(-?\d+)(?:\.(.*))?$/.exec(token.text);
      if (!parts)
        this.fail('$ needs a step number and a field: $1.label.', { start, end: token.end });
      if (parts[1]!.startsWith('-')) {
        const form = `$${parts[1]}`;
        throw new TqlError(
          'tql_not_in_0_1_0',
          `${form} is not part of TQL v0.1.0`,
          start,
          start + Array.from(form).length,
        );
      }
      step = Number(parts[1]);
      const rest = parts[2];
      if (rest === undefined || rest === '')
        this.fail('$n needs a field: $1.label.', { start, end: token.end });
      const firstPart = rest.split('.')[0]!.toLowerCase();
      if (firstPart === 'first' || firstPart === 'last') {
        const form = `$${parts[1]}.${rest.split('.')[0]}`;
        throw new TqlError(
          'tql_not_in_0_1_0',
          `${form} is not part of TQL v0.1.0`,
          start,
          start + Array.from(form).length,
        );
      }
      return { step, scope: 'unit', name: rest.toLowerCase(), span: { start, end: token.end } };
    }
    const token = this.next();
    const text = (token as { text: string }).text;
    const lower = text.toLowerCase();
    if (lower.startsWith('file.'))
      return { step: null, scope: 'file', name: fieldName(text.slice(5)), span: token };
    if (lower.startsWith('tl.'))
      return { step: null, scope: 'tl', name: lower.slice(3), span: token };
    return { step: null, scope: null, name: lower, span: token };
  }

  private parseComparison(not: boolean, field: FieldRef, start: number): Cond {
    const opToken = this.next() as Extract<Token, { type: 'punct' }>;
    if (opToken.type !== 'punct' || !OPERATORS.has(opToken.text))
      this.fail('Expected an operator: = != ~ < > <= >=.', opToken);
    const op = opToken.text as Operator;
    const value = parseValue(this, field, op);
    return {
      type: 'compare',
      not,
      field,
      op,
      value,
      span: { start, end: this.tokens[this.at - 1]!.end },
    };
  }
}

/** A metadata field's name as TQL reads it: lower case, runs of white space as `_`. */
export function fieldName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '_');
}

function bareWord(step: Step): string | null {
  if (step.item.type !== 'unit' || step.quant || step.marked) return null;
  const term = step.item.term;
  if (!term || term.not || term.alts.length !== 1 || step.item.conds.length > 0) return null;
  const literals = term.alts[0]!.literals;
  return literals.length === 1 && literals[0]!.kind === 'word' ? literals[0]!.text : null;
}

function canJoin(seq: Seq): boolean {
  return (
    seq.length > 1 ||
    seq.some(
      (step) =>
        (step.quant !== null && step.quant.max > 1) ||
        (step.item.type === 'group' && step.item.alternatives.some(canJoin)),
    )
  );
}

function checkQuant(parser: Parser, token: Extract<Token, { type: 'quant' }>): Quantifier {
  if (token.max < 1)
    parser.fail('A quantifier must allow at least one unit: {1}, {2,}, {1,3}.', token);
  if (token.min > token.max) parser.fail("A quantifier's minimum is above its maximum.", token);
  return { min: token.min, max: token.max };
}

/** Reads a query, or throws a TqlError with the culprit's code point offsets. */
export function parseTql(text: string): Query {
  return new Parser(text).parseQuery();
}
