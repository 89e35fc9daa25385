/**
 * Query results for people: a unit as `label@m:ss.cc`, a unit's viewer link at its moment with
 * it selected, and the rows as CSV (cells neutralised: labels are other people's text).
 */
import { csvLine, inertText } from '../csv';
import type { TqlRow, TqlUnit } from '../exports/tql-exports';

/** `m:ss.cc` (TQL.md section 12). */
export function queryTime(seconds: number): string {
  const hundredths = Math.round(Math.max(0, seconds) * 100);
  const minutes = Math.floor(hundredths / 6000);
  const rest = (hundredths % 6000) / 100;
  return `${minutes}:${rest.toFixed(2).padStart(5, '0')}`;
}

export function unitText(unit: TqlUnit): string {
  return `${unit.label}@${queryTime(unit.start)}`;
}

/** /viewer/{id}/?t=<start>&c=<component>; a bar (no component of its own) opens at its time. */
export function unitViewerHref(unit: TqlUnit): string {
  const params = new URLSearchParams({ t: String(Math.round(unit.start * 100) / 100) });
  if (typeof unit.component === 'number') params.set('c', String(unit.component));
  return `/viewer/${unit.file}/?${params.toString()}`;
}

/** The rows as CSV: file, title, start, end, then one column per step. */
export function rowsCsv(rows: TqlRow[]): string {
  const steps = Math.max(0, ...rows.map((row) => row.steps.length));
  const header = [
    'file',
    'title',
    'start',
    'end',
    ...Array.from({ length: steps }, (_, i) => `$${i + 1}`),
  ];
  return (
    csvLine(header) +
    rows
      .map((row) =>
        csvLine([
          row.file.id,
          inertText(row.file.title),
          row.start,
          row.end,
          ...Array.from({ length: steps }, (_, i) =>
            inertText((row.steps[i] ?? []).map(unitText).join(', ')),
          ),
        ]),
      )
      .join('')
  );
}

/** A code point span of `text` as UTF-16 indices (error offsets count code points). */
export function utf16Span(text: string, start: number, end: number): [number, number] {
  const points = Array.from(text);
  const before = points.slice(0, start).join('').length;
  const inside = points.slice(start, end).join('').length;
  return [before, before + Math.max(inside, 0)];
}
