/**
 * Rows in PostgreSQL's COPY text format: columns separated by tabs, rows by newlines, NULL as
 * \N, and backslash, tab, newline and carriage return escaped with a backslash. Strings must be
 * storable already (no NUL, no lone surrogate: storable-text.ts); objects go in as JSON text.
 */

export type CopyValue = string | number | boolean | null | undefined | object;

const SPECIAL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(SPECIAL, (character) => ESCAPES[character]!);
}

/** Appends rows and gives them back as UTF-8 bytes, ready for Transaction.copyRows. */
export class CopyRows {
  private readonly lines: string[] = [];

  add(values: readonly CopyValue[]): void {
    this.lines.push(values.map(copyField).join('\t'));
  }

  get count(): number {
    return this.lines.length;
  }

  bytes(): Uint8Array {
    return new TextEncoder().encode(this.lines.length === 0 ? '' : this.lines.join('\n') + '\n');
  }
}
