import { describe, expect, it } from 'vitest';
import { PyDict, PyFloat, pyStr, pythonJsonDump } from './tla-python-json';

describe('pyStr', () => {
  it("formats values as Python's str()", () => {
    expect(pyStr(0)).toBe('0');
    expect(pyStr(new PyFloat(0))).toBe('0.0');
    expect(pyStr(new PyFloat(1.5))).toBe('1.5');
    expect(pyStr(null)).toBe('None');
    expect(pyStr(true)).toBe('True');
    expect(pyStr([4, 3])).toBe('[4, 3]');
    expect(pyStr([])).toBe('[]');
    expect(pyStr('a b')).toBe('a b');
  });
});

describe('pythonJsonDump', () => {
  it('writes json.dump(indent=2) text with ASCII escapes and ordered integer keys', () => {
    const text = pythonJsonDump({
      title: 'Rondeau \u2013 Allegro',
      list: [1, new PyFloat(2)],
      empty: {},
      ids: new PyDict([
        ['2', { time: new PyFloat(0) }],
        ['1', null],
      ]),
    });
    expect(text).toBe(
      [
        '{',
        '  "title": "Rondeau \\u2013 Allegro",',
        '  "list": [',
        '    1,',
        '    2.0',
        '  ],',
        '  "empty": {},',
        '  "ids": {',
        '    "2": {',
        '      "time": 0.0',
        '    },',
        '    "1": null',
        '  }',
        '}',
      ].join('\n'),
    );
  });
});
