/**
 * Values written the way the desktop app (Python) writes them: `json.dump(obj, f, indent=2)` with
 * ensure_ascii, and `str(value)` for the md5 hashes (TLA-FORMAT.md §1, §6). JavaScript has one
 * number type, so Python floats are wrapped: `new PyFloat(1)` writes `1.0`, a bare number `1`.
 */

export class PyFloat {
  constructor(readonly value: number) {}
}

/**
 * A dict whose keys must keep their order even when they look like integers (component ids):
 * JavaScript objects would list such keys in ascending numeric order.
 */
export class PyDict {
  constructor(readonly entries: [string, PyValue][]) {}
}

export type PyValue = string | number | boolean | null | PyFloat | PyDict | PyValue[] | PyObject;
/** Insertion order is file order, as for Python dicts; for integer-like keys use PyDict. */
export type PyObject = { [key: string]: PyValue };

function entriesOf(value: PyDict | PyObject): [string, PyValue][] {
  return value instanceof PyDict ? value.entries : Object.entries(value);
}

/** Python's repr of a float: shortest round trip, and '.0' on whole numbers. */
function floatRepr(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as JSON`);
  // JavaScript also prints the shortest round-trip digits; the formats differ only in exponent
  // notation, which Python uses from 1e16 and below 1e-4; timelines never reach those.
  if (value !== 0 && (Math.abs(value) >= 1e16 || Math.abs(value) < 1e-4)) {
    throw new Error(`${value} would need Python's exponent format`);
  }
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

function intRepr(value: number): string {
  if (!Number.isSafeInteger(value))
    throw new Error(`${value} is not an int; wrap floats in PyFloat`);
  return String(value);
}

function stringRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t');
  return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
}

function pyRepr(value: PyValue): string {
  return typeof value === 'string' ? stringRepr(value) : pyStr(value);
}

/** Python's `str(value)`: '0', '0.0', 'True', 'None', '[4, 3]', strings as they are. */
export function pyStr(value: PyValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return intRepr(value);
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  return `{${entriesOf(value)
    .map(([k, v]) => `${stringRepr(k)}: ${pyRepr(v)}`)
    .join(', ')}}`;
}

const PLAIN_ASCII = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;

/** JSON string with every non-ASCII UTF-16 unit as \uXXXX, as ensure_ascii does. */
function jsonString(value: string): string {
  // Most strings (keys, kinds, labels) need no escape at all.
  if (PLAIN_ASCII.test(value)) return `"${value}"`;
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

function dumpValue(value: PyValue, indent: string): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return intRepr(value);
  if (typeof value === 'string') return jsonString(value);
  if (value instanceof PyFloat) return floatRepr(value.value);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + dumpValue(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = entriesOf(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([k, v]) => `${inner}${jsonString(k)}: ${dumpValue(v, inner)}`);
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/** `json.dump(value, f, indent=2)`: no final newline. */
export function pythonJsonDump(value: PyValue): string {
  return dumpValue(value, '');
}
