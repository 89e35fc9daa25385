/**
 * What a fuzzing client sends: values of every JSON type and the ones that broke servers before
 * (NUL, lone surrogates, numbers past 32 and 53 bits, deep nesting, prototype keys), and ways to
 * put each of them at every key of a real document.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function nested(depth: number): Json {
  let value: Json = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { deeper: value };
  return value;
}

/** Hostile values for any field. */
export const HOSTILE_VALUES: readonly Json[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff x',
  '\u202egpj.tla',
  'x'.repeat(100_000),
  '1e309',
  '-0',
  'NaN',
  '../../etc/passwd',
  "'; DROP TABLE files; --",
  '%s%n%x',
  [],
  [null],
  {},
  { __proto__: { polluted: true } } as unknown as Json,
  JSON.parse('{"__proto__": {"polluted": true}}') as Json,
  { constructor: { prototype: { polluted: true } } },
  nested(64),
];

/** Hostile keys, for objects whose keys are data (metadata, timelines, components). */
export const HOSTILE_KEYS: readonly string[] = [
  '\u0000',
  '\ud800',
  '',
  '__proto__',
  'x'.repeat(2_000),
];

/** Every path to a value inside `value` (objects and arrays), up to `maxDepth` steps. */
export function pathsOf(
  value: Json,
  maxDepth: number,
  prefix: (string | number)[] = [],
): (string | number)[][] {
  if (prefix.length >= maxDepth || value === null || typeof value !== 'object') return [];
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => {
    const here = [...prefix, key];
    return [here, ...pathsOf(child, maxDepth, here)];
  });
}

/** A deep copy of `value` with the value at `path` replaced. */
export function replaced(value: Json, path: (string | number)[], replacement: Json): Json {
  const copy = structuredClone(value) as Json;
  let target = copy as Record<string | number, Json>;
  for (const step of path.slice(0, -1)) target = target[step] as Record<string | number, Json>;
  target[path[path.length - 1]!] = replacement;
  return copy;
}

/** A deep copy of `value` with the key at `path` renamed (the value kept). */
export function renamed(value: Json, path: (string | number)[], key: string): Json {
  const copy = structuredClone(value) as Json;
  let target = copy as Record<string | number, Json>;
  for (const step of path.slice(0, -1)) target = target[step] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (Array.isArray(target) || typeof last === 'number') return copy;
  const kept = target[last]!;
  delete target[last];
  target[key] = kept;
  return copy;
}

/** A small deterministic random source, so a failing run can be told and run again. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}
