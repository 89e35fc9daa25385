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
  ])('leaves %s to the evaluator', (text) => {
    expect(rowShapeOf(parseTql(text))).toBeNull();
  });
});
