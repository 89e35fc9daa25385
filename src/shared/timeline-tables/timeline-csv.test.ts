import { describe, expect, it } from 'vitest';
import { parseCsv } from '../csv';
import { beyondJson } from '../viewer-json/tla-fixture.test-support';
import { CSV_COLUMNS, csvFileName, timelineCsv } from './timeline-csv';
import { timelineTables } from './timeline-tables';

const tables = timelineTables(beyondJson());
const csvOf = (kind: string) => parseCsv(timelineCsv(tables.find((t) => t.kind === kind)!));

describe('timeline CSV export (the desktop app import columns, SPEC.md section 3)', () => {
  it('writes markers as time, comments, label', () => {
    expect(csvOf('MARKER')).toEqual([
      ['time', 'comments', 'label'],
      ['19.5', 'half, "open"', 'HC'],
      ['39', '', 'PAC'],
    ]);
  });

  it('writes hierarchy units with their extensions and level', () => {
    const [header, ...rows] = csvOf('HIERARCHY');
    expect(header).toEqual([...CSV_COLUMNS.HIERARCHY]);
    expect(rows[2]).toEqual(['20', '40', '1', '19.5', '40', 'S, "second"', '', '', '']);
  });

  it('writes beats with the first beat of each measure and its number', () => {
    const [header, ...rows] = csvOf('BEAT');
    expect(header).toEqual(['time', 'is_first_in_measure', 'measure']);
    expect(rows.slice(0, 5)).toEqual([
      ['0', 'true', '0'],
      ['1', 'true', '1'],
      ['2', 'false', ''],
      ['3', 'false', ''],
      ['4', 'true', '2'],
    ]);
  });

  it('writes harmonies and keys with their symbols; a custom text keeps the chord symbol', () => {
    const [header, ...rows] = csvOf('HARMONY');
    expect(header).toEqual([
      'time',
      'harmony_or_key',
      'symbol',
      'display_mode',
      'custom_text',
      'custom_text_font_type',
    ]);
    expect(rows).toEqual([
      ['0', 'key', 'E', '', '', ''],
      ['0', 'harmony', 'I', 'roman', '', 'analytic'],
      ['10', 'harmony', 'V65', 'roman', '', 'analytic'],
      ['20', 'harmony', 'E', 'custom', 'Tonic!', 'analytic'],
      ['30', 'key', 'a', '', '', ''],
      ['30', 'harmony', 'Am', 'chord', '', 'analytic'],
    ]);
  });

  it('writes PDF markers as time, page_number', () => {
    expect(csvOf('PDF')).toEqual([
      ['time', 'page_number'],
      ['0', '1'],
    ]);
  });

  it('makes text that a spreadsheet would run as a formula inert, and leaves numbers alone', () => {
    const json = beyondJson();
    const markers = json.timelines.find((t) => t.kind === 'MARKER_TIMELINE')!;
    const [first, second] = markers.components as { label: string; comments: string }[];
    first!.label = '=HYPERLINK("http://evil.test","click")';
    first!.comments = '@SUM(A1)';
    second!.label = '-1+1';
    const table = timelineTables(json).find((t) => t.kind === 'MARKER')!;
    expect(parseCsv(timelineCsv(table)).slice(1)).toEqual([
      ['19.5', "'@SUM(A1)", `'=HYPERLINK("http://evil.test","click")`],
      ['39', '', "'-1+1"],
    ]);
  });

  it('names the file after the work and the timeline, without unsafe characters', () => {
    expect(csvFileName('K. 284: I', 'Form/Sections', 'HIERARCHY')).toBe(
      'K. 284 I - Form Sections.csv',
    );
    expect(csvFileName('', '', 'MARKER')).toBe('- marker.csv');
  });
});
