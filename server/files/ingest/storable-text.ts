// PostgreSQL text and jsonb cannot hold NUL characters or lone UTF-16 surrogates (which the
// desktop app can write when it cuts a label inside an emoji). The original bytes are kept
// unchanged in files.tla; the searchable copies get U+FFFD in their place.

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;

export function storableText(text: string): string {
  return text.toWellFormed().replace(NUL, '\uFFFD');
}

function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? storableText(value) : value;
}

/** JSON text whose strings are all storable. */
export function storableJsonText(value: unknown): string {
  return JSON.stringify(value, replacer);
}

/** A deep copy whose strings are all storable. */
export function storableJson<T>(value: T): T {
  return JSON.parse(storableJsonText(value)) as T;
}
