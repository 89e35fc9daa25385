import { describe, expect, it } from 'vitest';
import { csvField, csvLine, parseCsv } from './csv';

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
});
