import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { beyondTla } from '../viewer-json/tla-fixture.test-support';
import { exportChunks } from './export-job';
import { jobFor, joined, text } from './export-job.test-support';
import { readSvLayer } from './sv-layer.test-support';

describe('exportChunks', () => {
  it('zips one label track per exportable timeline, named after the timelines', () => {
    const zip = unzipSync(joined(exportChunks(jobFor(beyondTla(), 'audacity'))));
    expect(Object.keys(zip)).toEqual([
      'Form.txt',
      'Cadences.txt',
      'Measures.txt',
      'Harmony.txt',
      'Score.txt',
    ]);
    expect(strFromU8(zip['Cadences.txt']!)).toBe(
      '19.500000\t19.500000\tHC\n39.000000\t39.000000\tPAC\n',
    );
  });

  it('zips one Sonic Visualiser layer per timeline, each well-formed with a point per component', () => {
    const zip = unzipSync(joined(exportChunks(jobFor(beyondTla(), 'sv'))));
    const counts = Object.entries(zip).map(([name, bytes]) => {
      const layer = readSvLayer(strFromU8(bytes));
      return [name, layer.layer.type, layer.points.length];
    });
    expect(counts).toEqual([
      ['Form.svl', 'regions', 4],
      ['Cadences.svl', 'timeinstants', 2],
      ['Measures.svl', 'timeinstants', 8],
      ['Harmony.svl', 'regions', 6],
      ['Score.svl', 'regions', 1],
    ]);
  });

  it('gives one timeline as a file of its own, not a zip', () => {
    expect(text(exportChunks(jobFor(beyondTla(), 'audacity', 101)))).toBe(
      '19.500000\t19.500000\tHC\n39.000000\t39.000000\tPAC\n',
    );
    expect(readSvLayer(text(exportChunks(jobFor(beyondTla(), 'sv', 100)))).points.length).toBe(4);
  });

  it('keeps the names in a zip apart when timelines share one, and safe for any file system', () => {
    const tla = JSON.parse(beyondTla()) as { timelines: Record<string, { name: string }> };
    tla.timelines['1']!.name = 'Form/analysis';
    tla.timelines['2']!.name = 'form_analysis';
    tla.timelines['3']!.name = '';
    const zip = unzipSync(joined(exportChunks(jobFor(JSON.stringify(tla), 'audacity'))));
    expect(Object.keys(zip).slice(0, 3)).toEqual([
      'Form_analysis.txt',
      'form_analysis (2).txt',
      'Timeline.txt',
    ]);
  });
});
