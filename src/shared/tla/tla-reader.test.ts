import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTla } from './tla-reader';
import type { TlaDocument, TlaTimeline } from './tla-model';

function fixture(name: string): Uint8Array {
  return readFileSync(new URL(`../../../tests/fixtures/tla/${name}`, import.meta.url));
}

function readFixture(name: string): TlaDocument {
  return readTla(fixture(name), name);
}

function only<K extends TlaTimeline['kind']>(
  doc: TlaDocument,
  kind: K,
): Extract<TlaTimeline, { kind: K }> {
  const found = doc.timelines.filter((t) => t.kind === kind);
  expect(found).toHaveLength(1);
  return found[0] as Extract<TlaTimeline, { kind: K }>;
}

describe('readTla on real desktop files', () => {
  it('reads custom metadata keys and converts display_position (v0.0.1)', () => {
    const bytes = fixture('custom-metadata-v0.0.1.tla');
    expect(bytes[bytes.length - 1]).toBe('}'.charCodeAt(0)); // no final newline
    const doc = readTla(bytes, 'custom-metadata-v0.0.1.tla');
    expect(doc.format).toBe('tla');
    expect(doc.version).toBe('0.0.1');
    expect(doc.mediaPath).toBe('');
    expect(Object.keys(doc.mediaMetadata)).toEqual(['test_field1', 'test_field2', 'test_field3']);
    expect(doc.mediaMetadata).toEqual({ test_field1: 'a', test_field2: 'b', test_field3: 'c' });
    expect(doc.mediaLength).toBeNull();
    expect(doc.timelines).toEqual([
      {
        sourceId: '0',
        kind: 'SLIDER_TIMELINE',
        kindName: 'SLIDER_TIMELINE',
        name: '',
        ordinal: 1, // display_position 0
        isVisible: true,
        height: 25,
        components: [],
        otherComponents: [],
      },
    ]);
  });

  it('reads a 4-space hierarchy file with pre_start/post_end and old parent/children (v0.1.1)', () => {
    const doc = readFixture('hierarchy-v0.1.1.tla');
    expect(doc.version).toBe('0.1.1');
    expect(doc.mediaMetadata.time_signature).toBe('');
    expect(doc.mediaMetadata.audio_length).toBe('');
    expect(doc.mediaLength).toBeNull();
    const hierarchy = only(doc, 'HIERARCHY_TIMELINE');
    expect(hierarchy).toMatchObject({ sourceId: '0', name: 'test', height: 220, ordinal: 1 });
    expect(hierarchy.components).toEqual([
      {
        kind: 'HIERARCHY',
        start: 0.1,
        end: 0.2,
        preStart: 0,
        postEnd: 0.3,
        level: 2,
        label: 'Unit 1',
        color: '#ffabaf',
        formalType: '',
        formalFunction: '',
        comments: '',
      },
      {
        kind: 'HIERARCHY',
        start: 0.2,
        end: 0.4,
        preStart: 0.1,
        postEnd: 0.5,
        level: 3,
        label: 'Unit 2',
        color: '#dcdcde',
        formalType: '',
        formalFunction: '',
        comments: '',
      },
    ]);
  });

  it('reads 1000 beats (v0.5.15)', () => {
    const doc = readFixture('many-beats-v0.5.15.tla');
    expect(doc.version).toBe('0.5.15.0');
    expect(doc.mediaLength).toBe(1000);
    expect(doc.timelines).toHaveLength(1);
    const beats = only(doc, 'BEAT_TIMELINE');
    expect(beats).toMatchObject({
      beatPattern: [4],
      measureNumbers: [],
      beatsInMeasure: [],
      measuresToForceDisplay: [],
      height: 35,
      ordinal: 1,
    });
    expect(beats.components).toHaveLength(1000);
    expect(beats.components.map((b) => b.time)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(beats.components[999]).toEqual({ kind: 'BEAT', time: 999 });
  });

  it('reads 9 harmonies and 1 mode in the desktop order (v0.6.4)', () => {
    const doc = readFixture('harmony-v0.6.4.tla');
    expect(doc.mediaLength).toBe(100);
    const harmony = only(doc, 'HARMONY_TIMELINE');
    expect(harmony).toMatchObject({
      kindName: 'HARMONY_TIMELINE',
      levelCount: 1,
      levelHeight: 35,
      visibleLevelCount: 2,
      height: 70, // not in the file: visible_level_count x level_height
    });
    const kinds = harmony.components.map((c) => c.kind);
    expect(kinds.filter((k) => k === 'HARMONY')).toHaveLength(9);
    expect(kinds.filter((k) => k === 'MODE')).toHaveLength(1);
    // (level, time) order: the level-2 mode after every level-1 harmony, as the file stores it.
    expect(kinds[9]).toBe('MODE');
    expect(harmony.components.map((c) => c.time)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 0]);
    expect(harmony.components[3]).toEqual({
      kind: 'HARMONY',
      time: 30,
      step: 4,
      accidental: 0,
      quality: 'dominant-seventh',
      inversion: 1,
      appliedTo: 0,
      level: 1,
      displayMode: 'roman',
      customText: '',
      customTextFontType: 'analytic',
      comments: '',
    });
    expect(harmony.components[8]).toMatchObject({ quality: 'dominant-ninth', inversion: 3 });
    expect(harmony.components[9]).toEqual({
      kind: 'MODE',
      time: 0,
      step: 0,
      accidental: 0,
      type: 'major',
      level: 2,
      comments: '',
    });
  });

  it('reads short kind names and a YouTube media path (v0.6.4)', () => {
    const doc = readFixture('youtube-marker-v0.6.4.tla');
    expect(doc.mediaPath).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(doc.mediaLength).toBe(214);
    expect(doc.mediaMetadata.title).toBe('repro - YouTube video loads');
    expect(doc.timelines).toEqual([
      {
        sourceId: '0',
        kind: 'SLIDER_TIMELINE',
        kindName: 'Slider',
        name: '',
        ordinal: 1,
        isVisible: true,
        height: 40,
        components: [],
        otherComponents: [],
      },
      {
        sourceId: '1',
        kind: 'MARKER_TIMELINE',
        kindName: 'Marker',
        name: 'Cues',
        ordinal: 2,
        isVisible: true,
        height: 30,
        components: [],
        otherComponents: [],
      },
    ]);
  });

  it('gives the same document for bytes and for the decoded string', () => {
    for (const name of ['harmony-v0.6.4.tla', 'custom-metadata-v0.0.1.tla']) {
      const bytes = fixture(name);
      expect(readTla(new TextDecoder().decode(bytes), name)).toEqual(readTla(bytes, name));
    }
  });

  it('reads a file without timelines, as the desktop app opens it (a new 0.x file, an export)', () => {
    const saved = readTla('{"media_metadata": {"title": "Empty"}, "timelines": {}}', 'empty.tla');
    expect(saved).toMatchObject({ format: 'tla', timelines: [] });
    expect(saved.mediaMetadata).toEqual({ title: 'Empty' });
    const exported = readTla('{"timelines": [], "media_path": ""}', 'empty.json');
    expect(exported).toMatchObject({ format: 'export', timelines: [] });
  });
});
