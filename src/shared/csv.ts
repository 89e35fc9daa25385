/** CSV text (RFC 4180), shared by the viewer's timeline export and the server's search export. */

/** Quotes a field holding a comma, quote or line break, doubling the quotes inside. */
export function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Text a spreadsheet would run as a formula ('=HYPERLINK(...)', '+1', '-1+1', '@SUM') gets a
 * leading apostrophe, as OWASP's advice on CSV injection has it: exports hold other people's
 * labels, and opening one must not run them. Numbers are written as numbers and never need it.
 */
export function inertText(text: string | null | undefined): string {
  const value = text ?? '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
