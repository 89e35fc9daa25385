import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cell, parseIntList, readDcmlTable } from '../../server/seed/dcml-tables';
import { barText, correctedScore, firstStaffBars } from './mscx-repeats';

/** A score body as MuseScore 3 writes it: the Part's staff definitions, then the staves' bars. */
function score(bars: string[]): string {
  const body = bars
    .map((inner) => `      <Measure>\n        ${inner}\n        </Measure>`)
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<museScore version="3.02">',
    '  <Score>',
    '    <Part>',
    '      <Staff id="1">',
    '        </Staff>',
    '      </Part>',
    '    <Staff id="1">',
    body,
    '      </Staff>',
    '    <Staff id="2">',
    '      <Measure>',
    '        </Measure>',
    '      </Staff>',
    '    </Score>',
    '  </museScore>',
  ].join('\n');
}

function successors(pairs: [number, number[]][]): Map<number, number[]> {
  return new Map(pairs);
}

/** Bars 1 2 :|3 4 :|: bar 2 goes back to 1 or on to 3, bar 4 back to 3 or on (-1). */
const repeatsToBarsOneAndThree = successors([
  [1, [2]],
  [2, [1, 3]],
  [3, [4]],
  [4, [3, -1]],
]);

/** The score repeatsToBarsOneAndThree plays, with `barThree` in the bar the second repeat goes to. */
function twoRepeatsScore(barThree: string): string {
  return score(['<voice/>', '<endRepeat>2</endRepeat>', barThree, '<endRepeat>2</endRepeat>']);
}

describe('correctedScore', () => {
  it('adds the start-repeat an end-repeat implies, and lowers the version', () => {
    // Bars: 1 2 :|3 4 :| — the second repeat goes back to bar 3, which has no mark.
    const { mscx, changes } = correctedScore(twoRepeatsScore('<voice/>'), repeatsToBarsOneAndThree);
    expect(mscx).toContain('<museScore version="3.01">');
    const bars = firstStaffBars(mscx);
    expect(bars).toHaveLength(4);
    expect(bars.map((bar) => barText(mscx, bar).includes('<startRepeat/>'))).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(changes).toEqual(['start-repeat at mc 3, where the end-repeat of mc 4 goes back to']);
  });

  it('leaves an explicit start-repeat and a repeat to the first bar alone', () => {
    const { mscx, changes } = correctedScore(
      twoRepeatsScore('<startRepeat/>'),
      repeatsToBarsOneAndThree,
    );
    expect(changes).toEqual([]);
    expect(mscx.match(/<startRepeat\/>/g)).toHaveLength(1);
  });

  it('turns a section break under a da capo into a line break', () => {
    const original = score([
      '<voice/>',
      '<LayoutBreak><subtype>section</subtype></LayoutBreak>',
      '<voice/>',
      '<Jump><jumpTo>start</jumpTo><playUntil>fine</playUntil></Jump>',
    ]);
    const { mscx, changes } = correctedScore(
      original,
      successors([
        [1, [2]],
        [2, [3, -1]],
        [3, [4]],
        [4, [1]],
      ]),
    );
    expect(mscx).not.toContain('<subtype>section</subtype>');
    expect(mscx).toContain('<subtype>line</subtype>');
    expect(changes).toEqual([
      'line break instead of the section break at mc 2, which the jump of mc 4 crosses',
    ]);
  });

  it('corrects exactly the three movements MuseScore 3.2.3 plays out of order', () => {
    const corrected: Record<string, number> = {};
    for (const piece of ['K284-1', 'K284-3', 'K309-1', 'K330-1', 'K331-1', 'K331-2']) {
      const mscx = readFileSync(
        new URL(`../../server/seed/dcml-mozart/MS3/${piece}.mscx`, import.meta.url),
        'utf8',
      );
      const rows = readDcmlTable(`${piece}.measures.tsv`);
      const next = new Map(rows.map((row) => [Number(cell(row, 'mc')), parseIntList(row.next)]));
      expect(firstStaffBars(mscx)).toHaveLength(rows.length);
      corrected[piece] = correctedScore(mscx, next).changes.length;
    }
    // K284-3: ten implied start-repeats; K330-1: one; K331-2: two and the da capo's section break.
    expect(corrected).toEqual({
      'K284-1': 0,
      'K284-3': 10,
      'K309-1': 0,
      'K330-1': 1,
      'K331-1': 0,
      'K331-2': 3,
    });
  });
});
