/**
 * The fields a condition may name (TQL.md section 9), and the checks the parser makes on them:
 * a known name, `$n` in range, a bare unit field only where one step gives it.
 */
import { TqlError, type Cond, type FieldRef, type Query, type Seq } from './tql-ast';

export const NUMERIC_FIELDS = new Set([
  'start',
  'end',
  'time',
  'duration',
  'level',
  'depth',
  'inversion',
  'applied_to',
  'bar',
  'end_bar',
  'beat',
  'pass',
  'bar.count',
  'bar.beat_count',
]);

export const TIMELINE_FIELDS = new Set(['name', 'kind', 'role', 'author', 'id', 'ordinal']);

/** Fields only chords and keys have. */
export const HARMONY_FIELDS = new Set([
  'root',
  'quality',
  'inversion',
  'applied_to',
  'roman',
  'symbol',
  'key',
  'tonic',
  'mode',
]);

/** Fields that need the time map. */
export const POSITION_FIELDS = new Set([
  'bar',
  'end_bar',
  'beat',
  'pass',
  'bar.count',
  'bar.label',
  'bar.beat_count',
]);

/** Every field a unit has: its own, its place along the time map, a chord's or key's. */
export const UNIT_FIELDS = new Set([
  'label',
  'color',
  'comments',
  'start',
  'end',
  'time',
  'duration',
  'level',
  'depth',
  'parent',
  'row',
  ...POSITION_FIELDS,
  ...HARMONY_FIELDS,
]);

const HINTS: Record<string, string> = { analyst: 'author', annotator: 'author', name: 'tl.name' };

/** The scope a field resolves to once the parser has seen it. */
export function scopeOf(field: FieldRef): 'unit' | 'tl' | 'file' {
  if (field.scope) return field.scope;
  if (UNIT_FIELDS.has(field.name)) return 'unit';
  if (TIMELINE_FIELDS.has(field.name)) return field.name === 'id' ? 'file' : 'tl';
  return 'file';
}

function checkField(field: FieldRef, query: Query, inWhere: boolean): void {
  const fail = (
    code: 'tql_syntax' | 'tql_unknown_name' | 'tql_ambiguous_field',
    message: string,
  ): never => {
    throw new TqlError(code, message, field.span.start, field.span.end);
  };
  if (field.step !== null) {
    if (field.step > query.stepCount) {
      fail(
        'tql_syntax',
        `$${field.step} names no step: this query has ${query.stepCount} step${query.stepCount === 1 ? '' : 's'}.`,
      );
    }
    if (!UNIT_FIELDS.has(field.name)) {
      const hint = HINTS[field.name];
      fail(
        'tql_unknown_name',
        `'${field.name}' is no unit field${hint ? ` (did you mean ${hint}?)` : ''}.`,
      );
    }
    return;
  }
  if (field.scope === 'tl' && !TIMELINE_FIELDS.has(field.name)) {
    fail(
      'tql_unknown_name',
      `'${field.name}' is no timeline field: name, kind, role, author, id or ordinal.`,
    );
  }
  if (field.scope === null) {
    if (field.name === 'id')
      fail(
        'tql_ambiguous_field',
        "'id' is a timeline's and a file's field: write tl.id or file.id.",
      );
    if (HINTS[field.name] && field.name !== 'name')
      fail('tql_unknown_name', `'${field.name}' is no field (did you mean ${HINTS[field.name]}?).`);
    if (UNIT_FIELDS.has(field.name) && inWhere) {
      const pattern = query.pattern;
      if (pattern === null) return;
      if (pattern.type === 'sequence' && pattern.seq.length > 1) {
        fail(
          'tql_syntax',
          `In a sequence of several steps, say whose ${field.name} it is: $1.${field.name}, or put it in brackets.`,
        );
      }
    }
  }
}

function walkConds(conds: Cond[], query: Query, inWhere: boolean): void {
  for (const cond of conds) {
    if (cond.type === 'compare') {
      checkField(cond.field, query, inWhere);
      if (cond.value.kind === 'field') checkField(cond.value.field, query, inWhere);
    } else if (cond.type === 'children') walkSeq(cond.seq, query);
    else if (cond.type === 'relation') walkSeq(cond.relation.target, query);
  }
}

function walkSeq(seq: Seq, query: Query): void {
  for (const step of seq) {
    if (step.item.type === 'group') step.item.alternatives.forEach((alt) => walkSeq(alt, query));
    else walkConds(step.item.conds, query, false);
  }
}

export function checkFields(query: Query): void {
  const pattern = query.pattern;
  if (pattern?.type === 'sequence') walkSeq(pattern.seq, query);
  if (pattern?.type === 'relation') {
    walkConds(pattern.left.conds, query, false);
    walkSeq(pattern.relation.target, query);
  }
  walkConds(query.where, query, true);
}
