import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { beyondTla } from '../viewer-json/tla-fixture.test-support';
import { exportChunks } from './export-job';
import { jobFor, text } from './export-job.test-support';
import { jamsFaults } from './jams-checks.test-support';

interface Annotation {
  namespace: string;
  annotation_metadata: Record<string, unknown>;
  sandbox: Record<string, unknown>;
  data: { time: number; duration: number; value: unknown }[];
}

const jamsOf = (tla: string, timelineId: number | null = null) =>
  JSON.parse(text(exportChunks(jobFor(tla, 'jams', timelineId)))) as {
    file_metadata: Record<string, unknown>;
    annotations: Annotation[];
  };
const rangeTla = () =>
  readFileSync(new URL('../../../tests/fixtures/tla/range-v0.7.0.tla', import.meta.url), 'utf8');

describe('JAMS documents', () => {
  it('describes the recording and names TiLiA Web, the timeline and the author on each annotation', () => {
    const jams = jamsOf(beyondTla());
    expect(jams.file_metadata).toEqual({
      title: 'Fixture',
      artist: 'A Pianist',
      release: '',
      duration: 60,
      identifiers: { tilia_web: 'https://tilia.example.org/viewer/7' },
      jams_version: '0.3.4',
    });
    const [first] = jams.annotations;
    expect(first?.annotation_metadata).toMatchObject({
      annotation_tools: 'TiLiA Web',
      curator: { name: 'TiLiA Web', email: '' },
      annotator: { name: 'ana', timeline: 'Form' },
    });
  });

  it('maps every kind onto its namespace, every value of the shape the namespace requires', () => {
    const jams = jamsOf(beyondTla());
    expect(jamsFaults(jams)).toEqual([]);
    expect(jams.annotations.map((a) => [a.namespace, a.data.length])).toEqual([
      ['multi_segment', 4],
      ['tag_open', 2],
      ['beat_position', 8],
      ['chord_roman', 4],
      ['key_mode', 2],
      ['tag_open', 1],
    ]);
  });

  it('numbers hierarchy levels from 0 at the top, as JAMS does', () => {
    const [form] = jamsOf(beyondTla()).annotations;
    expect(form?.data.map((d) => [d.time, d.duration, d.value])).toEqual([
      [0, 20, { label: 'P', level: 1 }],
      [20, 20, { label: 'S, "second"', level: 1 }],
      [0, 40, { label: 'Exposition', level: 0 }],
      [40, 20, { label: '', level: 0 }],
    ]);
  });

  it('gives chords and keys the span until the next, in the key in force', () => {
    const jams = jamsOf(beyondTla());
    const chords = jams.annotations.find((a) => a.namespace === 'chord_roman')!;
    expect(chords.data.map((d) => [d.time, d.duration, d.value])).toEqual([
      [0, 10, { tonic: 'E', chord: 'I' }],
      [10, 10, { tonic: 'E', chord: 'V65' }],
      [20, 10, { tonic: 'E', chord: 'I' }],
      [30, 30, { tonic: 'A', chord: 'i' }],
    ]);
    expect(chords.sandbox.left_out).toBe(0);
    const keys = jams.annotations.find((a) => a.namespace === 'key_mode')!;
    expect(keys.data.map((d) => d.value)).toEqual(['E:major', 'A:minor']);
  });

  it('gives a range timeline one tag_open annotation per row, each range with its span', () => {
    const jams = jamsOf(rangeTla());
    expect(jamsFaults(jams)).toEqual([]);
    const rows = jams.annotations.filter((a) => a.sandbox.row !== undefined);
    expect(rows.map((a) => [a.namespace, a.sandbox.row])).toEqual([
      ['tag_open', 'Right hand'],
      ['tag_open', 'Left hand'],
    ]);
    const all = rows.flatMap((a) => a.data);
    expect(all.length).toBe(4);
    for (const d of all) expect(d.duration).toBeGreaterThan(0);
  });

  it('exports one timeline alone when asked, and names PDF page turns', () => {
    const jams = jamsOf(beyondTla(), 104);
    expect(jams.annotations.map((a) => a.namespace)).toEqual(['tag_open']);
    expect(jams.annotations[0]?.data).toEqual([
      { time: 0, duration: 60, value: 'page 1', confidence: null },
    ]);
  });
});
