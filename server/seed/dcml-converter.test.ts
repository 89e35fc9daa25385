import { describe, expect, it } from 'vitest';
import { readTla } from '../../src/shared/tla/tla-reader';
import { harmonyPitchClasses } from '../../src/shared/harmony/harmony-pitches';
import type { KeyFields } from '../../src/shared/harmony/pitch-spelling';
import { buildExampleAnalyses } from './dcml-converter';
import { absoluteLocalKey, parseGlobalKey, tpcPitchClass } from './dcml-keys';
import { EXAMPLE_TIMELINE_KINDS } from './example-timelines.test-support';
import { cell, parseIntList, readDcmlTable, type TsvRow } from './dcml-tables';
import { placeRows, playedBars } from './played-bars';
import { playbackOrder } from './playback-order';
import { componentHash, componentsHash, timelineHash, timelinesHash } from './tla-document-builder';
import { PyFloat, type PyObject, type PyValue } from './tla-python-json';

/** SOURCE.md's table: measure rows, last mn, chords, local-key runs, cadences, length (quarters). */
const SOURCE_TABLE: Record<string, [number, number, number, number, number, number]> = {
  'K284-1': [127, 127, 327, 6, 12, 508],
  'K284-2': [92, 92, 227, 6, 13, 276],
  'K284-3': [287, 260, 732, 33, 53, 1001],
  'K309-1': [155, 155, 303, 7, 21, 620],
  'K309-2': [79, 79, 251, 5, 16, 237],
  'K309-3': [253, 252, 395, 5, 27, 504],
  'K310-1': [133, 133, 290, 6, 18, 532],
  'K310-2': [88, 86, 250, 4, 17, 259],
  'K310-3': [253, 252, 423, 6, 34, 506],
  'K311-1': [112, 112, 316, 6, 21, 448],
  'K311-2': [94, 93, 238, 3, 23, 188],
  'K311-3': [272, 269, 486, 9, 34, 827.75],
  'K330-1': [150, 150, 286, 3, 29, 300],
  'K330-2': [70, 64, 179, 9, 11, 192],
  'K330-3': [171, 171, 361, 3, 35, 342],
  'K331-1': [137, 134, 382, 3, 41, 438],
  'K331-2': [101, 100, 160, 8, 20, 303],
  'K331-3': [137, 127, 128, 13, 27, 256],
};
/** Movements that open with a pickup bar numbered 0 (SOURCE.md). */
const PICKUPS = ['K284-3', 'K309-3', 'K310-2', 'K311-3', 'K330-2', 'K331-3'];

type Json = Record<string, unknown>;
const FLOAT_FIELDS = new Set(['time', 'start', 'end', 'pre_start', 'post_end', 'amplitude']);

const analyses = buildExampleAnalyses();

function timelinesOf(text: string): Json[] {
  return Object.values((JSON.parse(text) as { timelines: Record<string, Json> }).timelines);
}

function componentsOf(timeline: Json): Json[] {
  return Object.values(timeline.components as Record<string, Json>);
}

function timelineOfKind(text: string, kind: string): Json {
  const found = timelinesOf(text).find((t) => t.kind === kind);
  if (!found) throw new Error(`no ${kind}`);
  return found;
}

/** The DCML chord at a time: its pitch classes and bass, from the table alone. */
function dcmlPitches(row: TsvRow): { pitchClasses: number[]; bass: number } {
  const local = absoluteLocalKey(parseGlobalKey(cell(row, 'globalkey')), cell(row, 'localkey'));
  const members = [
    ...parseIntList(cell(row, 'chord_tones')),
    ...parseIntList(cell(row, 'added_tones')),
  ].map((offset) => tpcPitchClass(local.tpc + offset));
  return {
    pitchClasses: [...new Set(members)].sort((a, b) => a - b),
    bass: tpcPitchClass(local.tpc + (parseIntList(cell(row, 'bass_note'))[0] ?? 0)),
  };
}

/** DCML's harmony rows at every playing of their bar, in the recording's seconds. */
function placedHarmonies(a: (typeof analyses)[number]): { row: TsvRow; time: number }[] {
  const { manifest, positions } = a.recording;
  const bars = playedBars(readDcmlTable(`${a.key}.measures.tsv`), positions, manifest.seconds);
  return placeRows(readDcmlTable(`${a.key}.harmonies.tsv`), bars);
}

function isChord(row: TsvRow): boolean {
  const chord = cell(row, 'chord');
  return chord !== '' && chord !== '@none';
}

/** Re-checks every HARMONY component against the DCML row at its time. */
function countExact(a: (typeof analyses)[number]): number {
  const piece = a.key;
  const text = a.tlaText;
  const rowsByTime = new Map<number, TsvRow>();
  for (const { row, time } of placedHarmonies(a)) if (isChord(row)) rowsByTime.set(time, row);
  const components = componentsOf(timelineOfKind(text, 'HARMONY_TIMELINE'));
  const modes = components.filter((c) => c.kind === 'MODE');
  let exact = 0;
  for (const c of components) {
    if (c.kind !== 'HARMONY' || c.display_mode === 'custom') continue;
    const time = c.time as number;
    const mode = modes.filter((m) => (m.time as number) <= time).pop();
    const key = mode ? (mode as unknown as KeyFields) : null;
    const pitches = harmonyPitchClasses(
      {
        step: c.step as number,
        accidental: c.accidental as number,
        quality: c.quality as string,
        inversion: c.inversion as number,
        appliedTo: c.applied_to as number,
      },
      key,
    );
    const row = rowsByTime.get(time);
    if (row && pitches) {
      expect(pitches, `${piece} at ${time}: ${cell(row, 'chord')}`).toEqual(dcmlPitches(row));
      exact += 1;
    }
  }
  return exact;
}

/** JSON drops Python's float-ness; these fields are always written as floats. */
function asPython(fields: Json): PyObject {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [
      k,
      FLOAT_FIELDS.has(k) && typeof v === 'number' ? new PyFloat(v) : (v as PyValue),
    ]),
  );
}

describe('buildExampleAnalyses', () => {
  it('builds the 18 movements with their ids and titles', () => {
    expect(analyses.map((a) => `${a.key}=${a.id}`)).toEqual([
      'K284-1=135',
      'K284-2=136',
      'K284-3=137',
      'K309-1=138',
      'K309-2=139',
      'K309-3=140',
      'K310-1=141',
      'K310-2=154',
      'K310-3=143',
      'K311-1=144',
      'K311-2=145',
      'K311-3=146',
      'K330-1=147',
      'K330-2=155',
      'K330-3=153',
      'K331-1=150',
      'K331-2=151',
      'K331-3=152',
    ]);
    const title = (key: string) => analyses.find((a) => a.key === key)?.title;
    expect(title('K284-1')).toBe('Piano Sonata No. 6 in D major, K. 284: I. Allegro');
    expect(title('K310-1')).toBe('Piano Sonata No. 8 in A minor, K. 310: I. Allegro maestoso');
    expect(title('K310-2')).toBe(
      'Piano Sonata No. 8 in A minor, K. 310: II. Andante cantabile con espressione',
    );
    expect(title('K310-3')).toBe('Piano Sonata No. 8 in A minor, K. 310: III. Presto');
    expect(title('K311-1')).toBe('Piano Sonata No. 9 in D major, K. 311: I. Allegro con spirito');
    expect(title('K311-2')).toBe(
      'Piano Sonata No. 9 in D major, K. 311: II. Andante con espressione',
    );
    expect(title('K311-3')).toBe(
      'Piano Sonata No. 9 in D major, K. 311: III. Rondeau \u2013 Allegro',
    );
    for (const a of analyses) expect(a.composer).toBe('Wolfgang Amadeus Mozart');
  });

  it('writes DCML chords as exact TiLiA harmonies for at least 90% of each movement', () => {
    const table = analyses.map((a) => {
      const checked = countExact(a);
      expect(checked).toBe(a.stats.exact);
      // Every chord row at every playing of its bar.
      expect(a.stats.chords).toBe(placedHarmonies(a).filter(({ row }) => isChord(row)).length);
      expect(a.stats.chords).toBeGreaterThanOrEqual(SOURCE_TABLE[a.key]?.[2] ?? Infinity);
      expect(a.stats.exact / a.stats.chords).toBeGreaterThanOrEqual(0.9);
      return {
        movement: a.key,
        chords: a.stats.chords,
        exact: a.stats.exact,
        custom: a.stats.custom,
        share: `${((100 * a.stats.exact) / a.stats.chords).toFixed(1)}%`,
        notes: a.stats.notes,
      };
    });
    console.log('Exact DCML chords per movement');
    console.table(table);
    const reasons: Record<string, number> = {};
    for (const a of analyses) {
      for (const [reason, n] of Object.entries(a.stats.customReasons)) {
        reasons[reason] = (reasons[reason] ?? 0) + n;
      }
    }
    console.log('DCML labels written as custom text, by reason');
    console.table(reasons);
  });

  it('shows custom chords with DCML label and the reason', () => {
    const components = componentsOf(timelineOfKind(analyses[0]?.tlaText ?? '', 'HARMONY_TIMELINE'));
    const custom = components.filter((c) => c.display_mode === 'custom');
    expect(custom.length).toBeGreaterThan(0);
    for (const c of custom) expect(c.comments).toMatch(/^DCML chord '.+': .+/);
  });

  it('numbers the bars as played, repeats unfolded, and keeps the recording as media', () => {
    for (const a of analyses) {
      const [rows, lastMn] = SOURCE_TABLE[a.key] ?? [];
      const measures = readDcmlTable(`${a.key}.measures.tsv`);
      const mnOf = new Map(measures.map((row) => [cell(row, 'mc'), Number(cell(row, 'mn'))]));
      const played = playbackOrder(measures);
      const beat = timelineOfKind(a.tlaText, 'BEAT_TIMELINE');
      const numbers = beat.measure_numbers as number[];
      const beats = beat.beats_in_measure as number[];
      expect(measures).toHaveLength(rows ?? -1);
      expect(numbers).toEqual(played.map((mc) => mnOf.get(String(mc))));
      expect(beats).toHaveLength(played.length);
      expect(Math.max(...numbers)).toBe(lastMn);
      expect(numbers[0]).toBe(PICKUPS.includes(a.key) ? 0 : 1);
      expect(componentsOf(beat)).toHaveLength(beats.reduce((s, n) => s + n, 0));
      const cadenceTimes = new Set(
        placedHarmonies(a)
          .filter(({ row }) => cell(row, 'cadence') !== '')
          .map(({ time }) => time),
      );
      expect(componentsOf(timelineOfKind(a.tlaText, 'MARKER_TIMELINE'))).toHaveLength(
        cadenceTimes.size,
      );
      const file = JSON.parse(a.tlaText) as { media_metadata: Json; media_path: string };
      expect(file.media_metadata['media length']).toBe(a.recording.manifest.seconds);
      expect(file.media_path).toBe(`${a.key}.mp3`);
    }
    // K284-1's exposition and development-recapitulation are both repeated: 2 x 127 bars.
    const k284 = timelineOfKind(analyses[0]?.tlaText ?? '', 'BEAT_TIMELINE');
    expect(new Set(k284.beats_in_measure as number[])).toEqual(new Set([4]));
    expect(componentsOf(k284)).toHaveLength(2 * 127 * 4);
    const alla = timelineOfKind(analyses[17]?.tlaText ?? '', 'BEAT_TIMELINE');
    expect(alla.beat_pattern).toEqual([2]);
    expect((alla.beats_in_measure as number[])[0]).toBe(1);
  });

  it('keeps one component per time and everything inside the media length', () => {
    for (const a of analyses) {
      const length = (JSON.parse(a.tlaText) as { media_metadata: Json }).media_metadata[
        'media length'
      ] as number;
      for (const timeline of timelinesOf(a.tlaText)) {
        const seen = new Set<string>();
        for (const c of componentsOf(timeline)) {
          // Notes may double in unison (two voices); score signs are one per staff at a time.
          if (c.kind === 'NOTE') continue;
          const where = [c.staff_index, c.step, c.octave, c.index].map(String).join(' ');
          const position = `${String(c.kind)} ${String(c.time ?? `${String(c.start)}-${String(c.end)}`)} ${where}`;
          expect(seen.has(position), `${a.key} ${position}`).toBe(false);
          seen.add(position);
          for (const field of ['time', 'start', 'end'] as const) {
            const value = c[field];
            if (typeof value === 'number') {
              expect(value).toBeGreaterThanOrEqual(0);
              expect(value).toBeLessThanOrEqual(length);
            }
          }
        }
      }
    }
  });

  it('writes self-consistent hashes, Python-style JSON and ASCII only', () => {
    for (const a of analyses) {
      expect(a.tlaText).toMatch(
        new RegExp(
          `^\\{\\n {2}"file_path": "${a.key}\\.tla",\\n {2}"media_path": "${a.key}\\.mp3",`,
        ),
      );
      expect(a.tlaText.endsWith('}')).toBe(true);
      expect(/[^\n\x20-\x7e]/.test(a.tlaText)).toBe(false);
      const file = JSON.parse(a.tlaText) as Json;
      expect(Object.keys(file)).toEqual([
        'file_path',
        'media_path',
        'media_metadata',
        'timelines',
        'timelines_hash',
        'app_name',
        'version',
      ]);
      const timelineHashes: string[] = [];
      for (const timeline of timelinesOf(a.tlaText)) {
        const { kind, hash, components, components_hash: stored, ...attributes } = timeline;
        expect(Object.keys(timeline)[0]).toBe('kind');
        expect(timelineHash(kind as string, attributes as PyObject)).toBe(hash);
        timelineHashes.push(hash as string);
        // Stored order is the desktop's ORDERING_ATTRS order: (level, time/start) or time.
        // (Score components are created in stored order, so their ids ascend through it.)
        const list = Object.values(components as Record<string, Json>);
        if (kind !== 'SCORE_TIMELINE') {
          list.sort(
            (x, y) =>
              ((x.level as number) ?? 0) - ((y.level as number) ?? 0) ||
              ((x.time ?? x.start) as number) - ((y.time ?? y.start) as number),
          );
        }
        const hashes = list.map((c) => {
          const { kind: _kind, hash: componentHashValue, ...fields } = c;
          expect(componentHash(asPython(fields))).toBe(componentHashValue);
          return componentHashValue as string;
        });
        expect(componentsHash(hashes)).toBe(stored);
      }
      expect(timelinesHash(timelineHashes)).toBe(file.timelines_hash);
    }
  });

  it('escapes non-ASCII as Python does and writes whole times as floats', () => {
    const k311 = analyses.find((a) => a.key === 'K311-3')?.tlaText ?? '';
    expect(k311).toContain('Rondeau \\u2013 Allegro');
    expect(k311).toMatch(/"time": 0\.0,/);
  });

  it('gives files the tla reader accepts', () => {
    for (const a of analyses) {
      const document = readTla(new TextEncoder().encode(a.tlaText), `${a.key}.tla`);
      expect(document.timelines.map((t) => t.kind)).toEqual(EXAMPLE_TIMELINE_KINDS);
      expect(document.mediaPath).toBe(`${a.key}.mp3`);
      expect(document.mediaMetadata.title).toBe(a.title);
    }
  });
});
