/**
 * TQL's tokens (TQL.md section 3, lexical rules), over the query's code points so that every
 * offset counts characters as typed. An arrow (an action) is refused here, where it is seen.
 */
import { TqlError } from './tql-ast';

export type Token =
  | { type: 'word'; text: string; start: number; end: number }
  | { type: 'string'; text: string; start: number; end: number }
  | { type: 'regex'; source: string; flags: string; start: number; end: number }
  | { type: 'punct'; text: string; start: number; end: number }
  | { type: 'quant'; min: number; max: number; text: string; start: number; end: number }
  | { type: 'end'; start: number; end: number };

export const RESERVED = new Set([
  'THEN',
  'OR',
  'NOT',
  'AND',
  'IN',
  'WHERE',
  'WITHIN',
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

const WORD_STOPS = new Set([...'[](){}",=<>!~/$@']);
const SINGLE_PUNCT = new Set([...'[](),~/$@']);
const isSpace = (c: string | undefined) => c !== undefined && /\s/u.test(c);
const isAscii = (text: string) => /^[\x21-\x7e]*$/.test(text);

/** The upper-case keyword a word is, or null (a word with non-ASCII letters never is one). */
export function keywordOf(token: Token | undefined): string | null {
  if (token?.type !== 'word' || !isAscii(token.text)) return null;
  return token.text.toUpperCase();
}

/** A `/…/` regex compiled as ECMAScript, a leading `(?i)` read as the `i` flag. */
export function compileRegex(source: string, start: number, end: number): RegExp {
  const insensitive = source.startsWith('(?i)');
  try {
    return new RegExp(insensitive ? source.slice(4) : source, insensitive ? 'i' : '');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TqlError(
      'tql_syntax',
      `This regular expression does not compile: ${reason}`,
      start,
      end,
    );
  }
}

/** Whether a `/` at this point starts a regex: where an operand is expected. */
function operandExpected(tokens: Token[]): boolean {
  const last = tokens[tokens.length - 1];
  if (!last) return true;
  if (last.type === 'punct')
    return ['[', '(', ',', '=', '!=', '<', '>', '<=', '>=', '~', '@'].includes(last.text);
  const keyword = keywordOf(last);
  if (keyword === null) return false;
  if (RESERVED.has(keyword)) return true;
  const before = keywordOf(tokens[tokens.length - 2]);
  if (keyword === 'WITH') return before === 'STARTS' || before === 'ENDS';
  if (keyword === 'OF') return before === 'CONSISTS';
  if (keyword === 'START' || keyword === 'END') return before === 'SAME';
  return false;
}

export function tokenize(query: string): Token[] {
  const chars = Array.from(query);
  const tokens: Token[] = [];
  let at = 0;
  const fail = (message: string, start: number, end = start + 1): never => {
    throw new TqlError('tql_syntax', message, start, Math.max(end, start + 1));
  };
  while (at < chars.length) {
    const c = chars[at]!;
    if (isSpace(c)) {
      at++;
      continue;
    }
    if (c === '-' && chars[at + 1] === '-' && (at === 0 || isSpace(chars[at - 1]))) {
      while (at < chars.length && chars[at] !== '\n') at++;
      continue;
    }
    if (c === '-' && chars[at + 1] === '>') {
      throw new TqlError(
        'tql_action',
        'Actions (->) are not available: TiLiA Web only reads, it never changes a file.',
        at,
        at + 2,
      );
    }
    const start = at;
    const last = tokens[tokens.length - 1];
    const glued =
      last !== undefined &&
      last.end === at &&
      (last.type === 'string' ||
        last.type === 'regex' ||
        (last.type === 'punct' && (last.text === ')' || last.text === ']')));
    if (glued && (c === '+' || c === '?' || c === '*')) {
      const [min, max] = c === '+' ? [1, Infinity] : c === '?' ? [0, 1] : [0, Infinity];
      tokens.push({ type: 'quant', min, max, text: c, start, end: at + 1 });
      at++;
      continue;
    }
    if (c === '"') {
      let text = '';
      at++;
      for (;;) {
        const d = chars[at];
        if (d === undefined) fail('This string has no closing "', start, chars.length);
        if (d === '"') break;
        if (d === '\\' && (chars[at + 1] === '"' || chars[at + 1] === '\\')) {
          text += chars[at + 1];
          at += 2;
          continue;
        }
        text += d;
        at++;
      }
      at++;
      tokens.push({ type: 'string', text: text.normalize('NFC'), start, end: at });
      continue;
    }
    if (c === '/' && operandExpected(tokens)) {
      let source = '';
      at++;
      for (;;) {
        const d = chars[at];
        if (d === undefined) fail('This regular expression has no closing /', start, chars.length);
        if (d === '/') break;
        if (d === '\\' && chars[at + 1] === '/') {
          source += '/';
          at += 2;
          continue;
        }
        source += d;
        at++;
      }
      at++;
      source = source.normalize('NFC');
      const compiled = compileRegex(source, start, at);
      tokens.push({
        type: 'regex',
        source: compiled.source,
        flags: compiled.flags,
        start,
        end: at,
      });
      continue;
    }
    if (c === '{') {
      let end = at + 1;
      while (end < chars.length && chars[end] !== '}' && /[\d,\s]/.test(chars[end]!)) end++;
      const inside = chars.slice(at + 1, end).join('');
      const count = /^\s*(\d+)\s*(?:(,)\s*(\d+)?\s*)?$/.exec(inside);
      if (chars[end] !== '}' || !count)
        fail('{ must open a count: {2}, {2,} or {2,4}', start, end + 1);
      const min = Number(count![1]);
      const max =
        count![2] === undefined ? min : count![3] === undefined ? Infinity : Number(count![3]);
      at = end + 1;
      tokens.push({
        type: 'quant',
        min,
        max,
        text: chars.slice(start, at).join(''),
        start,
        end: at,
      });
      continue;
    }
    if (c === '!') {
      if (chars[at + 1] !== '=') fail('! appears only in != ("is not")', start);
      tokens.push({ type: 'punct', text: '!=', start, end: at + 2 });
      at += 2;
      continue;
    }
    if (c === '<' || c === '>') {
      const text = chars[at + 1] === '=' ? c + '=' : c;
      tokens.push({ type: 'punct', text, start, end: at + text.length });
      at += text.length;
      continue;
    }
    if (c === '=' || SINGLE_PUNCT.has(c)) {
      tokens.push({ type: 'punct', text: c, start, end: at + 1 });
      at++;
      continue;
    }
    if (c === '}') fail('} closes no count', start);
    let text = '';
    while (at < chars.length) {
      const d = chars[at]!;
      if (isSpace(d) || WORD_STOPS.has(d) || (d === '-' && chars[at + 1] === '>')) break;
      text += d;
      at++;
    }
    tokens.push({ type: 'word', text: text.normalize('NFC'), start, end: at });
  }
  tokens.push({ type: 'end', start: chars.length, end: chars.length + 1 });
  return tokens;
}
