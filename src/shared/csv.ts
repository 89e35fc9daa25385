/** CSV text (RFC 4180), shared by the viewer's timeline export and the server's search export. */

/** Quotes a field holding a comma, quote or line break, doubling the quotes inside. */
export function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Characters a spreadsheet skips before it looks for a formula's first character. */
const SKIPPED_BEFORE_FORMULA = /^[\s\u200b-\u200d\u2060\ufeff;,|]*/u;

/** What starts a formula once full-width forms are folded (＝ ＋ － ＠ become = + - @). */
const FORMULA_START = /^[=+\-@]/;

/**
 * Text a spreadsheet would run as a formula gets a leading apostrophe, as OWASP's advice on CSV
 * injection has it: exports hold other people's labels, and opening one must not run them. That
 * is text beginning with =, +, - or @, with a tab, a carriage return or a line feed, and the same
 * characters behind leading white space, zero-width characters or separators (' =1', ';=1',
 * '\u200b=1'), or in their full-width forms ('＝1'). Numbers are written as numbers and never
 * need it. The viewer's CSV and the server's search export both use this.
 */
export function inertText(text: string | null | undefined): string {
  const value = text ?? '';
  if (/^[\t\r\n]/.test(value)) return `'${value}`;
  const rest = value.slice(SKIPPED_BEFORE_FORMULA.exec(value)?.[0].length ?? 0);
  return FORMULA_START.test(rest.slice(0, 2).normalize('NFKC')) ? `'${value}` : value;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvLine(values: (string | number | boolean | null)[]): string {
  return values.map(csvField).join(',') + '\r\n';
}

/** Reads CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into records. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
