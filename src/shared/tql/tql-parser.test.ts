import { describe, expect, it } from 'vitest';
import { TqlError } from './tql-ast';
import { fold, labelCategories } from './tql-fold';
import { parseTql } from './tql-parser';

const errorOf = (text: string) => {
  try {
    parseTql(text);
  } catch (error) {
    if (error instanceof TqlError) return error;
    throw error;
  }
  throw new Error(`accepted: ${text}`);
};

describe('the TQL parser', () => {
  it('counts error offsets in code points, as typed', () => {
    // '𝄞' is two UTF-16 units but one code point.
    const error = errorOf('𝄞 THEN THEN x');
    expect([error.start, error.end]).toEqual([7, 11]);
  });

  it('reads keywords in any case, and a non-ASCII word never as one', () => {
    const query = parseTql('verse then chorus in form');
    expect(query.pattern?.type === 'sequence' && query.pattern.seq.length).toBe(2);
    expect(parseTql('thén').stepCount).toBe(1);
  });

  it('reads / as a regex where an operand is expected, and as a join elsewhere', () => {
    const regex = parseTql('/^pre/ IN form');
    const joined = parseTql('verse/chorus');
    const literalsOf = (query: ReturnType<typeof parseTql>) =>
      query.pattern?.type === 'sequence' && query.pattern.seq[0]!.item.type === 'unit'
        ? query.pattern.seq[0]!.item.term!.alts[0]!.literals.map((literal) => literal.kind)
        : [];
    expect(literalsOf(regex)).toEqual(['regex']);
    expect(literalsOf(joined)).toEqual(['word', 'word']);
  });

  it('keeps END as a label except as the last step in capitals', () => {
    expect(parseTql('end THEN coda').stepCount).toBe(2);
    expect(errorOf('verse THEN END').message).toContain('ENDS WITH');
  });

  it('refuses a comment-free arrow inside any query', () => {
    expect(errorOf('a THEN b -- a comment -> not an action\n -> SET').code).toBe('tql_action');
    expect(parseTql('a THEN b -- -> only a comment').stepCount).toBe(2);
  });

  it('folds with full case folding', () => {
    expect(fold('STRASSE')).toBe(fold('Straße'));
    expect(fold('ΚΟΣΜΟΣ')).toBe(fold('κοσμος'));
  });

  it('splits de Clercq labels into categories', () => {
    expect(labelCategories('Verse 2/Chorus', 'de Clercq')).toEqual(['verse', 'chorus']);
    expect(labelCategories('chorus??', 'de Clercq')).toEqual(['chorus']);
    expect(labelCategories('intro[over/chorus]', 'de Clercq')).toEqual(['intro']);
    expect(labelCategories('verse/Verse 2', 'de Clercq')).toEqual(['verse']);
    expect(labelCategories('Verse/Chorus', 'whole')).toEqual(['verse/chorus']);
  });
});
