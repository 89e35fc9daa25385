import { describe, expect, it } from 'vitest';
import { beyondJson } from '../viewer-json/tla-fixture.test-support';
import { rowCells, timelineTables } from './timeline-tables';
import {
  currentRow,
  enclosingUnits,
  rowSpoken,
  timelineTrack,
  trackRowCount,
  trackTransferables,
} from './timeline-tracks';

describe('timeline tracks', () => {
  const tables = timelineTables(beyondJson());
  const tracks = tables.map(timelineTrack);
  const byKind = (kind: string) => tracks.find((t) => t.kind === kind)!;

  it('keeps the timeline, name, kind, columns and rows of each table, in the same order', () => {
    expect(tracks.map((t) => [t.index, t.name, t.kind, t.columns, trackRowCount(t)])).toEqual(
      tables.map((t) => [t.index, t.name, t.kind, t.columns, t.rows.length]),
    );
    tables.forEach((table, n) => {
      expect(Array.from(tracks[n]!.starts)).toEqual(table.rows.map((row) => row.start));
    });
  });

  it('says labels, pages, and measures with beats', () => {
    const markers = byKind('MARKER');
    expect(markers.labels).toEqual(['HC', 'PAC']);
    expect(rowSpoken(byKind('PDF'), 0)).toBe('page 1');
    const beats = byKind('BEAT');
    expect(beats.labels).toEqual([]);
    expect(rowSpoken(beats, 0)).toBe('measure 0, beat 1');
    expect(rowSpoken(beats, 3)).toBe('measure 1, beat 3');
    const harmony = byKind('HARMONY');
    expect(Array.from(harmony.levels)).toEqual([1, 0, 0, 0, 1, 0]);
    expect(harmony.labels).toEqual(['E:', 'I', 'V65', 'Tonic!', 'a:', 'Am']);
  });

  it('finds the row under the playhead: the last point at or before it', () => {
    const markers = byKind('MARKER');
    expect(currentRow(markers, 0)).toBe(-1);
    expect(currentRow(markers, 19.5)).toBe(0);
    expect(currentRow(markers, 38.99)).toBe(0);
    expect(currentRow(markers, 500)).toBe(1);
  });

  it('finds the innermost hierarchy unit, and every unit around the time', () => {
    const form = byKind('HIERARCHY');
    const table = tables.find((t) => t.kind === 'HIERARCHY')!;
    expect(rowCells(table, table.rows[currentRow(form, 25)]!)[3]).toBe('S, "second"');
    expect(form.levels[currentRow(form, 50)]).toBe(2);
    expect(currentRow(form, 60)).toBe(-1);
    expect(enclosingUnits(form, 5).map((row) => rowSpoken(form, row))).toEqual(['Exposition', 'P']);
  });

  it('hands over typed arrays with buffers of their own, so they can be transferred', () => {
    const buffers = tracks.flatMap(trackTransferables);
    expect(new Set(buffers).size).toBe(buffers.length);
  });
});
