import { describe, expect, it } from 'vitest';
import { jsonErrorPosition, positionAtOffset } from './json-position';

describe('positionAtOffset', () => {
  it('counts LF, CRLF and lone CR as one line break each', () => {
    expect(positionAtOffset('ab', 0)).toEqual({ line: 1, column: 1 });
    expect(positionAtOffset('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(positionAtOffset('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 });
    expect(positionAtOffset('ab\rcd\n\ne', 7)).toEqual({ line: 4, column: 1 });
  });
});

describe('jsonErrorPosition', () => {
  const text = '{\n  "a": 1,\n  }';

  it('reads V8 "at position N"', () => {
    const error = new SyntaxError('Expected double-quoted property name in JSON at position 14');
    expect(jsonErrorPosition(error, text)).toEqual({ line: 3, column: 3 });
  });

  it('reads the line and column Firefox gives', () => {
    const error = new SyntaxError(
      'JSON.parse: expected property name at line 3 column 3 of the JSON data',
    );
    expect(jsonErrorPosition(error, text)).toEqual({ line: 3, column: 3 });
  });

  it('places "unexpected end" at the end of the text', () => {
    expect(jsonErrorPosition(new SyntaxError('Unexpected end of JSON input'), text)).toEqual({
      line: 3,
      column: 4,
    });
  });

  it('gives null when the engine names no place', () => {
    expect(
      jsonErrorPosition(new SyntaxError('JSON Parse error: Unexpected identifier "x"'), text),
    ).toBeNull();
    expect(jsonErrorPosition('not an error', text)).toBeNull();
  });

  it('agrees with the real JSON.parse of this runtime', () => {
    let caught: unknown;
    try {
      JSON.parse(text);
    } catch (error) {
      caught = error;
    }
    expect(jsonErrorPosition(caught, text)).toEqual({ line: 3, column: 3 });
  });
});
