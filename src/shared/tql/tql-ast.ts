/**
 * A read TQL 0.1.0 query (TQL.md section 3), as the parser gives it to the evaluator. Offsets are
 * in code points of the query as typed, so an error can be underlined where it is.
 */

export type TqlErrorCode =
  'tql_syntax' | 'tql_not_in_0_1_0' | 'tql_action' | 'tql_unknown_name' | 'tql_ambiguous_field';

/** A query that cannot be read: a 400 with its code, message and code point offsets. */
export class TqlError extends Error {
  override readonly name = 'TqlError';
  constructor(
    readonly code: TqlErrorCode,
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

export interface Span {
  start: number;
  end: number;
}

export type Literal =
  | { kind: 'word'; text: string; folded: string; span: Span }
  | { kind: 'string'; text: string; span: Span }
  | { kind: 'regex'; source: string; flags: string; span: Span }
  | { kind: 'any'; span: Span };

/** Literals joined by '/': all on one unit. `raw` is the whole text, for chords ('V/V'). */
export interface Alt {
  literals: Literal[];
  raw: string;
  span: Span;
}

export interface Term {
  not: boolean;
  alts: Alt[];
  span: Span;
}

export interface Unit {
  type: 'unit';
  term: Term | null;
  conds: Cond[];
  span: Span;
}

export interface Group {
  type: 'group';
  alternatives: Seq[];
  span: Span;
}

export interface Quantifier {
  min: number;
  max: number;
}

export interface Step {
  marked: boolean;
  item: Unit | Group;
  quant: Quantifier | null;
  span: Span;
}

export type Seq = Step[];

export type AmountUnit = 's' | 'ms' | 'beats' | 'bars';

export interface Amount {
  value: number;
  unit: AmountUnit;
  span: Span;
}

export interface Lane {
  name: string;
  quoted: boolean;
  span: Span;
}

export type Order = 'starts' | 'ends' | 'consists';

export type RelationWord =
  | 'during'
  | 'contains'
  | 'starts'
  | 'ends'
  | 'starts with'
  | 'ends with'
  | 'consists of'
  | 'same'
  | 'same start'
  | 'same end'
  | 'overlaps'
  | 'before'
  | 'after'
  | 'starts before'
  | 'starts after';

export interface Relation {
  not: boolean;
  word: RelationWord;
  target: Seq;
  lane: Lane | null;
  within: Amount | null;
  span: Span;
}

export interface FieldRef {
  /** $n, or null for a bare or scoped name. */
  step: number | null;
  scope: 'unit' | 'file' | 'tl' | null;
  name: string;
  span: Span;
}

export type Operator = '=' | '!=' | '~' | '<' | '>' | '<=' | '>=';

export type Value =
  | { kind: 'number'; value: number; unit: AmountUnit | '%' | null; span: Span }
  | { kind: 'range'; low: number; high: number; unit: AmountUnit | '%' | null; span: Span }
  | { kind: 'word'; text: string; folded: string; span: Span }
  | { kind: 'string'; text: string; span: Span }
  | { kind: 'regex'; source: string; flags: string; span: Span }
  | { kind: 'any'; span: Span }
  | {
      kind: 'field';
      field: FieldRef;
      offset: { sign: 1 | -1; value: number; unit: AmountUnit | '%' } | null;
      span: Span;
    };

export type Cond =
  | { type: 'compare'; not: boolean; field: FieldRef; op: Operator; value: Value; span: Span }
  | { type: 'downbeat'; not: boolean; span: Span }
  | { type: 'children'; not: boolean; seq: Seq; span: Span }
  | { type: 'relation'; not: boolean; relation: Relation; span: Span };

export type Pattern =
  | {
      type: 'sequence';
      order: Order | null;
      seq: Seq;
      lane: Lane | null;
      within: Amount | null;
    }
  | { type: 'relation'; left: Unit; lane: Lane | null; relation: Relation };

export interface Query {
  pattern: Pattern | null;
  where: Cond[];
  /** Number of top-level steps ($1...$n). */
  stepCount: number;
}
