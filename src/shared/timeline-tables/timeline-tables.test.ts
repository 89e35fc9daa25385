import { describe, expect, it } from 'vitest';
import { beyondJson } from '../viewer-json/tla-fixture.test-support';
import { fileTimeMap } from '../time-map/beat-timeline-fields';
import { repeatedBars } from './repeated-bars.test-support';
import { rowCells, tableRowWindow, timelineTables } from './timeline-tables';

describe('timelineTables', () => {
  const tables = timelineTables(beyondJson());
  const byKind = (kind: string) => tables.find((t) => t.kind === kind)!;

  it('makes one table per shown timeline, in display order, with kind-specific columns', () => {
    expect(tables.map((t) => [t.kind, t.name])).toEqual([
      ['HIERARCHY', 'Form'],
      ['MARKER', 'Cadences'],
      ['BEAT', 'Measures'],
      ['HARMONY', 'Harmony'],
      ['PDF', 'Score'],
    ]);
    expect(byKind('HIERARCHY').columns).toEqual([
      'Start',
      'End',
      'Level',
      'Label',
      'Formal type',
      'Formal function',
      'Comments',
    ]);
    const markers = byKind('MARKER');
    expect(rowCells(markers, markers.rows[0]!)).toEqual(['0:00:19.50', 'HC', 'half, "open"']);
  });

  it('orders hierarchy units by start, the larger unit first', () => {
    const form = byKind('HIERARCHY');
    expect(form.rows.map((r) => rowCells(form, r)[3])).toEqual([
      'Exposition',
      'P',
      'S, "second"',
      '',
    ]);
  });

  it('numbers measures as the beat timeline draws them (stored sizes, pattern, pickup 0)', () => {
    // beats_in_measure [1] then the pattern [3]: measures 0 (1 beat), 1 (3), 2 (3), 3 (1).
    const numbers = byKind('BEAT').rows.map((r) => `${r.measure}.${r.beat}`);
    expect(numbers.join(' ')).toBe('0.1 1.1 1.2 1.3 2.1 2.2 2.3 3.1');
  });

  it('labels harmonies and keys as the timeline does', () => {
    const harmony = byKind('HARMONY');
    expect(harmony.rows.map((r) => rowCells(harmony, r).slice(1, 3).join(' '))).toEqual([
      'Key E:',
      'Harmony I',
      'Harmony V65',
      'Harmony Tonic!',
      'Key a:',
      'Harmony Am',
    ]);
  });

  it('gives the cells of a window of rows, cut short at the end', () => {
    const form = byKind('HIERARCHY');
    expect(tableRowWindow(form, 1, 2).map((cells) => cells[3])).toEqual(['P', 'S, "second"']);
    expect(tableRowWindow(form, 3, 100)).toEqual([rowCells(form, form.rows[3]!)]);
    expect(tableRowWindow(form, 4, 100)).toEqual([]);
    expect(tableRowWindow(form, -5, 1)).toEqual([rowCells(form, form.rows[0]!)]);
  });

  it('gives every kind but beats a Bar and a Beat column where the file has bars', () => {
    const json = repeatedBars(beyondJson());
    const withBars = timelineTables(json, fileTimeMap(json.timelines, null));
    const markers = withBars.find((t) => t.kind === 'MARKER')!;
    expect(markers.columns).toEqual(['Time', 'Label', 'Comments', 'Bar', 'Beat']);
    // Bars printed 1 and 2 are each played twice: the cell says which time.
    expect(markers.rows.map((row) => rowCells(markers, row).slice(3))).toEqual([
      ['2 (1st time)', '2'],
      ['1 (2nd time)', '1.5'],
    ]);
    const beats = withBars.find((t) => t.kind === 'BEAT')!;
    expect(beats.columns).toEqual(['Time', 'Measure', 'Beat']);
    // Without bars, the tables keep their own columns.
    const without = timelineTables(json).find((t) => t.kind === 'MARKER')!;
    expect(without.columns).toEqual(['Time', 'Label', 'Comments']);
  });
});
