import { describe, expect, it } from 'vitest';
import { parseTql } from '../../src/shared/tql/tql-parser';
import { timelineWords } from '../../server/tql/tql-needs';

/**
 * Which timelines' units a query loads (server/tql/tql-needs.ts timelineWords): for a sequence
 * whose brackets read only their unit's text, those holding a unit of each step's words; the
 * rows are checked against the evaluator over whole files in tql-generated.test.ts.
 */
describe('TQL timelines a sequence loads', () => {
  it.each([
    ['[color = "#e07a5f"] THEN coda', [['coda']]],
    ['HC THEN PAC', [['hc'], ['pac']]],
    [
      'verse OR chorus THEN bridge? THEN coda[label = "Coda"] IN form',
      [['verse', 'chorus'], ['coda']],
    ],
  ])('%s loads the timelines holding %j', (text, groups) => {
    expect(timelineWords(parseTql(text))).toEqual(groups);
  });

  it.each([
    '* THEN [color = red]',
    'HC[downbeat] THEN PAC IN cadences',
    'coda[start >= 50%] THEN PAC',
    'coda[DURING exposition IN form] THEN PAC',
    'HC THEN PAC WHERE file.composer ~ /Mozart/',
    'PAC IN cadences DURING exposition IN form',
    'coda[level = 2] THEN PAC',
  ])('%s loads every timeline', (text) => {
    expect(timelineWords(parseTql(text))).toBeNull();
  });
});
