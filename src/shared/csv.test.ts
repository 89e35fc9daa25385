import { describe, expect, it } from 'vitest';
import { csvField, csvLine, inertText, parseCsv } from './csv';

describe('csv', () => {
  it('quotes only fields that need it', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(1.25)).toBe('1.25');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('reads back what it writes, CRLF, LF, a BOM and an unterminated last line alike', () => {
    const records = [
      ['time', 'label'],
      ['1', 'a, "b"\r\nc'],
      ['2', ''],
    ];
    const text = records.map(csvLine).join('');
    expect(parseCsv(text)).toEqual(records);
    expect(parseCsv('\uFEFFx,y\n1,2')).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
  });

  it.each([
    '=HYPERLINK("http://x")',
    '+1',
    '-1+1',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    '\n=1',
    ' =1',
    '   -2',
    ';=1',
    ',+1',
    '|=1',
    '\u00a0=1',
    '\u3000=1',
    '\u200b=1',
    '\u2060@x',
    '\ufeff=1',
    '\u2028=1',
    '＝1',
    '＋1',
    '－1',
    '＠x',
    ' ＝1',
  ])('neutralises %j', (text) => {
    expect(inertText(text)).toBe(`'${text}`);
  });

  it.each(['PAC', 'V7', 'a=b', '1+1', '', ' plain', 'é=1', '（=1'])(
    'leaves %j as it is',
    (text) => {
      expect(inertText(text)).toBe(text);
    },
  );
});
