import { describe, expect, it } from 'vitest';
import { parseCsv } from '../csv';
import { beyondJson } from '../viewer-json/tla-fixture.test-support';
import { CSV_COLUMNS, csvFileName, timelineCsv } from './timeline-csv';
import { fileTimeMap } from '../time-map/beat-timeline-fields';
import { repeatedBars } from './repeated-bars.test-support';
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
      'comments',
    ]);
    expect(rows).toEqual([
      ['0', 'key', 'E', '', '', '', ''],
      ['0', 'harmony', 'I', 'roman', '', 'analytic', ''],
      ['10', 'harmony', 'V65', 'roman', '', 'analytic', ''],
      ['20', 'harmony', 'E', 'custom', 'Tonic!', 'analytic', ''],
      ['30', 'key', 'a', '', '', '', ''],
      ['30', 'harmony', 'Am', 'chord', '', 'analytic', ''],
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

  it("keeps a harmony's comments (the DCML label of the examples), made inert like the rest", () => {
    const json = beyondJson();
    const harmony = json.timelines.find((t) => t.kind === 'HARMONY_TIMELINE')!;
    const chords = harmony.components as { kind: string; comments: string }[];
    chords.find((c) => c.kind === 'HARMONY')!.comments = 'I{';
    chords.filter((c) => c.kind === 'HARMONY')[1]!.comments = '=V65';
    const table = timelineTables(json).find((t) => t.kind === 'HARMONY')!;
    const comments = parseCsv(timelineCsv(table))
      .slice(1)
      .map((row) => row[6]);
    expect(comments).toEqual(['', 'I{', "'=V65", '', '', '']);
  });

  it('writes times to the millisecond', () => {
    const json = beyondJson();
    const markers = json.timelines.find((t) => t.kind === 'MARKER_TIMELINE')!;
    (markers.components[0] as { time: number }).time = 3.5999999999999996;
    (markers.components[1] as { time: number }).time = 1 / 3;
    const table = timelineTables(json).find((t) => t.kind === 'MARKER')!;
    expect(parseCsv(timelineCsv(table)).map((row) => row[0])).toEqual(['time', '0.333', '3.6']);
  });

  it('adds the bar, its pass through a repeat and the beat where the file has bars', () => {
    const json = repeatedBars(beyondJson());
    const tables = timelineTables(json, fileTimeMap(json.timelines, null));
    const markers = tables.find((t) => t.kind === 'MARKER')!;
    expect(parseCsv(timelineCsv(markers))).toEqual([
      ['time', 'comments', 'label', 'bar', 'pass', 'beat'],
      ['3', 'half, "open"', 'HC', '2', '1', '2'],
      ['4.5', '', 'PAC', '1', '2', '1.5'],
    ]);
    // Beats have their own measure column, as the desktop imports it.
    const beats = tables.find((t) => t.kind === 'BEAT')!;
    expect(parseCsv(timelineCsv(beats))[0]).toEqual(['time', 'is_first_in_measure', 'measure']);
    // A time off the bars (after the last beat's bar ends) has none.
    const form = tables.find((t) => t.kind === 'HIERARCHY')!;
    expect(parseCsv(timelineCsv(form)).at(-1)!.slice(-3)).toEqual(['', '', '']);
  });

  it('names the file after the work and the timeline, without unsafe characters', () => {
    expect(csvFileName('K. 284: I', 'Form/Sections', 'HIERARCHY')).toBe(
      'K. 284 I - Form Sections.csv',
    );
    expect(csvFileName('', '', 'MARKER')).toBe('- marker.csv');
  });
});
