import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTla } from '../../../src/shared/tla/tla-reader';
import { ComponentCounter } from './component-counter';

const fixtures = new URL('../../../tests/fixtures/tla/', import.meta.url);

function counted(bytes: Uint8Array, chunk = bytes.length): number {
  const counter = new ComponentCounter();
  for (let start = 0; start < bytes.length; start += chunk) {
    counter.push(bytes.subarray(start, start + chunk));
  }
  return counter.count;
}

/** What the reader finds: every component entry of every timeline, shown or not. */
function entries(text: string): number {
  const root = JSON.parse(text) as {
    timelines: Record<string, { components?: object }> | object[];
  };
  return Object.values(root.timelines).reduce(
    (sum: number, timeline) =>
      sum + Object.keys((timeline as { components?: object }).components ?? {}).length,
    0,
  );
}

describe('ComponentCounter', () => {
  const names = readdirSync(fixtures).filter((name) => name.endsWith('.tla'));

  it.each(names)('counts every component entry of %s, in any chunking', (name) => {
    const bytes = readFileSync(new URL(name, fixtures));
    const text = new TextDecoder().decode(bytes);
    expect(() => readTla(bytes, name)).not.toThrow();
    const expected = entries(text);
    expect(counted(bytes)).toBe(expected);
    expect(counted(bytes, 1)).toBe(expected);
    expect(counted(bytes, 7)).toBe(expected);
  });

  it('counts a JSON export, whose timelines and components are lists', () => {
    const text = JSON.stringify({
      timelines: [
        { kind: 'MARKER_TIMELINE', components: [{ time: 1 }, { time: 2 }] },
        { kind: 'BEAT_TIMELINE', components: [{ time: 1 }, 5, 'x', null] },
      ],
      media_metadata: { components: [1, 2, 3] },
    });
    expect(counted(new TextEncoder().encode(text), 3)).toBe(6);
  });

  it('is not fooled by keys and brackets inside strings, or components elsewhere', () => {
    const text = JSON.stringify({
      media_metadata: { notes: 'timelines": { "components": [1,2,3] } \\" [' },
      components: [1, 2],
      timelines: {
        '0': {
          name: '{"components": [9, 9]}',
          components: { '1': { label: '}]"\\' }, '2': { label: 'é' } },
          extra: { components: [1, 2, 3] },
        },
      },
    });
    expect(counted(new TextEncoder().encode(text), 1)).toBe(2);
  });

  it('reads a long string full of escapes in one pass, however the file is cut', () => {
    // Four million escapes: looking for the closing quote afresh at each would take hours.
    const text = JSON.stringify({
      media_metadata: { notes: '\n'.repeat(4_000_000) },
      timelines: { '0': { components: { '1': { label: '"\\"' }, '2': {} } } },
    });
    const bytes = new TextEncoder().encode(text);
    expect(counted(bytes)).toBe(2);
    expect(counted(bytes, 65_536)).toBe(2);
  });
});
