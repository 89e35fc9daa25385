import { describe, expect, it } from 'vitest';
import { parseTql } from '../../src/shared/tql/tql-parser';
import { rowShapeOf } from '../../server/tql/tql-rows';

/**
 * Which queries the database answers with rows (server/tql/tql-rows.ts): two plain steps in a
 * marker lane; anything more goes to the evaluator. tql-generated.test.ts checks the rows.
 */
describe('TQL shapes answered from SQL', () => {
  it('reads two plain steps in a marker lane: words folded, alternatives, any label', () => {
    expect(rowShapeOf(parseTql('HC THEN PAC IN cadences'))).toEqual({
      type: 'marker pair',
      role: 'cadences',
      first: ['hc'],
      second: ['pac'],
    });
    expect(rowShapeOf(parseTql('HC OR PAC.1 THEN * IN Markers'))).toEqual({
      type: 'marker pair',
      role: null,
      first: ['hc', 'pac.1'],
      second: null,
    });
    expect(rowShapeOf(parseTql('* THEN IAC IN cadence'))?.role).toBe('cadences');
  });

  it('reads a marker DURING, STARTS or ENDS a labelled unit of the form', () => {
    expect(rowShapeOf(parseTql('PAC IN cadences DURING exposition IN form'))).toEqual({
      type: 'marker relation',
      role: 'cadences',
      left: ['pac'],
      word: 'during',
      target: ['exposition'],
    });
    expect(rowShapeOf(parseTql('* IN markers ENDS coda OR * IN Form'))).toEqual({
      type: 'marker relation',
      role: null,
      left: null,
      word: 'ends',
      target: null,
    });
  });

  it.each([
    'HC THEN PAC',
    'HC THEN PAC IN form',
    'HC THEN PAC IN "Cadences"',
    'HC THEN PAC THEN IAC IN cadences',
    'HC THEN PAC+ IN cadences',
    '@HC THEN PAC IN cadences',
    'HC[downbeat] THEN PAC IN cadences',
    'NOT HC THEN PAC IN cadences',
    'HC/PAC THEN PAC IN cadences',
    '/H/ THEN PAC IN cadences',
    '"HC" THEN PAC IN cadences',
    'HC THEN PAC IN cadences WHERE file.composer ~ /Mozart/',
    'HC THEN PAC IN cadences WITHIN 2 s',
    'STARTS WITH HC THEN PAC IN cadences',
    '(HC) THEN PAC IN cadences',
    'PAC DURING exposition IN form',
    'PAC IN cadences DURING exposition',
    'PAC IN cadences DURING exposition IN "Form"',
    'PAC IN cadences DURING exposition IN form WITHIN 1 s',
    'PAC IN cadences NOT DURING exposition IN form',
    'PAC IN cadences OVERLAPS exposition IN form',
    'PAC IN cadences CONTAINS exposition THEN coda IN form',
    'PAC IN cadences DURING exposition[level = 2] IN form',
    'PAC[downbeat] IN cadences DURING exposition IN form',
    'exposition IN form DURING PAC IN cadences',
  ])('leaves %s to the evaluator', (text) => {
    expect(rowShapeOf(parseTql(text))).toBeNull();
  });
});
