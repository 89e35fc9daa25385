/**
 * Reading the DCML Mozart tables (dcml-mozart/SOURCE.md): tab-separated UTF-8 with a header row,
 * empty cells for null, and positions written as fractions ('1169/4').
 */
import { readFileSync } from 'node:fs';
import { serverFileUrl } from '../server-files';

export const DCML_DIR = serverFileUrl('seed/dcml-mozart/');

export type TsvRow = Readonly<Record<string, string>>;

function parseTsv(text: string): TsvRow[] {
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  const header = (lines.shift() ?? '').split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
  });
}

export function readDcmlTable(fileName: string): TsvRow[] {
  return parseTsv(readFileSync(new URL(fileName, DCML_DIR), 'utf8'));
}

/** '1169/4' → 292.25, '3' → 3, '6.0' → 6. Throws on anything else, so a bad cell is loud. */
export function parseFraction(text: string): number {
  const match = /^(-?\d+(?:\.\d+)?)(?:\/(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a number or fraction: '${text}'`);
  const value = Number(match[1]) / (match[2] === undefined ? 1 : Number(match[2]));
  if (!Number.isFinite(value)) throw new Error(`not a finite fraction: '${text}'`);
  return value;
}

/** '1, 5, 2' → [1, 5, 2]; '' → []. */
export function parseIntList(text: string | undefined): number[] {
  if (text === undefined || text.trim() === '') return [];
  return text.split(',').map((part) => {
    const value = Number(part.trim());
    if (!Number.isInteger(value)) throw new Error(`not an integer list: '${text}'`);
    return value;
  });
}

export function cell(row: TsvRow, column: string): string {
  return row[column] ?? '';
}
