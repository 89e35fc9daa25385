// PostgreSQL text and jsonb cannot hold NUL characters or lone UTF-16 surrogates (which the
// desktop app can write when it cuts a label inside an emoji). The original bytes are kept
// unchanged in files.tla; the searchable copies and the viewer JSON get U+FFFD in their place,
// in keys as in values. The server stores these forms and the local viewer shows the same.

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;

export function storableText(text: string): string {
  return text.toWellFormed().replace(NUL, '\uFFFD');
}

/**
 * A deep copy whose strings, keys included, are all storable. Object.fromEntries defines each
 * key as an own property, so a key such as "__proto__" stays a key and never a prototype.
 */
export function storableJson<T>(value: T): T {
  return storableValue(value) as T;
}

function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [storableText(key), storableValue(field)]),
    );
  }
  return value;
}

/** JSON text whose strings, keys included, are all storable. */
export function storableJsonText(value: unknown): string {
  return JSON.stringify(storableValue(value));
}
