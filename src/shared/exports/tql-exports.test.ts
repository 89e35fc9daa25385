import { describe, expect, it } from 'vitest';
import { jamsFaults } from './jams-checks.test-support';
import { tqlJams, tqlWebAnnotations, type TqlRow, type TqlUnit } from './tql-exports';

const unit = (
  file: number,
  component: number | string,
  label: string,
  start: number,
  end: number,
  target = true,
): TqlUnit => ({
  file,
  timeline: { id: file * 10, name: 'Phrases' },
  component,
  kind: 'HIERARCHY',
  label,
  start,
  end,
  target,
});
const row = (file: number, title: string, steps: TqlUnit[][]): TqlRow => ({
  file: { id: file, title },
  start: Math.min(...steps.flat().map((u) => u.start)),
  end: Math.max(...steps.flat().map((u) => u.end)),
  steps,
});
const options = { query: 'phrase @cadence', siteUrl: 'https://tilia.example.org' };

describe('exports of query results', () => {
  const oneFile = [
    row(150, 'K. 331 I', [[unit(150, 1, 'a', 0, 8, false)], [unit(150, 2, 'PAC', 8, 8)]]),
    row(150, 'K. 331 I', [[unit(150, 3, 'b', 8, 16, false)], [unit(150, 4, 'HC', 16, 16)]]),
  ];

  it('gives one tag_open annotation per step, every value valid', () => {
    const jams = tqlJams(oneFile, options);
    expect(jamsFaults(jams)).toEqual([]);
    expect(jams.file_metadata.title).toBe('K. 331 I');
    expect(jams.file_metadata.duration).toBe(16);
    expect(
      jams.annotations.map((a) => [a.namespace, a.sandbox.step, a.data.map((d) => d.value)]),
    ).toEqual([
      ['tag_open', 1, ['a', 'b']],
      ['tag_open', 2, ['PAC', 'HC']],
    ]);
    expect(jams.sandbox).toEqual({ tql: { query: 'phrase @cadence', rows: 2 } });
  });

  it('keeps the files of results from several files apart', () => {
    const rows = [
      ...oneFile,
      row(151, 'K. 331 II', [[unit(151, 9, 'c', 0, 4, false)], [unit(151, 10, 'IAC', 4, 4)]]),
    ];
    const jams = tqlJams(rows, options);
    expect(jamsFaults(jams)).toEqual([]);
    expect(jams.file_metadata.title).toBe('TiLiA query results');
    expect(jams.annotations.map((a) => [a.sandbox.file, a.sandbox.step])).toEqual([
      [{ id: 150, title: 'K. 331 I' }, 1],
      [{ id: 150, title: 'K. 331 I' }, 2],
      [{ id: 151, title: 'K. 331 II' }, 1],
      [{ id: 151, title: 'K. 331 II' }, 2],
    ]);
  });

  it('annotates each result unit once, on its file in the viewer, with a link to that moment', () => {
    const rows = [...oneFile, oneFile[0]!];
    const collection = tqlWebAnnotations(rows, options);
    expect(collection['@context']).toBe('http://www.w3.org/ns/anno.jsonld');
    expect(collection.type).toBe('AnnotationCollection');
    expect(collection.total).toBe(2);
    const [pac] = collection.first.items;
    expect(pac?.body).toEqual([
      { type: 'TextualBody', value: 'PAC', format: 'text/plain', purpose: 'describing' },
    ]);
    expect(pac?.target.selector.value).toBe('t=8');
    expect(pac?.target.source.id).toBe('https://tilia.example.org/viewer/150');
    expect(pac?.via).toBe('https://tilia.example.org/viewer/150?t=8&c=2');
  });

  it('makes an empty but valid document of no results', () => {
    expect(jamsFaults(tqlJams([], options))).toEqual([]);
    expect(tqlWebAnnotations([], options).total).toBe(0);
  });
});
