import { describe, expect, it } from 'vitest';
import { timelineTables } from '../../shared/timeline-tables/timeline-tables';
import { timelineTrack } from '../../shared/timeline-tables/timeline-tracks';
import { beyondJson } from '../../shared/viewer-json/tla-fixture.test-support';
import { nowPlayingTimelines } from '../viewer-page-text';
import { NOTHING, nowPlayingText, UNLABELLED } from './now-playing';

describe('now playing', () => {
  const tracks = timelineTables(beyondJson()).map(timelineTrack);
  const strip = nowPlayingTimelines(tracks);
  const at = (time: number) => strip.map((track) => nowPlayingText(track, time));

  it('shows sections, cadences, measures and chords, not PDF pages', () => {
    expect(strip.map((t) => t.kind)).toEqual(['HIERARCHY', 'MARKER', 'BEAT', 'HARMONY']);
  });

  it('names the enclosing sections outermost first, the last cadence, the beat and the chord in its key', () => {
    expect(at(2)).toEqual(['Exposition › P', NOTHING, 'measure 1, beat 2', 'E: I']);
    expect(at(12)).toEqual(['Exposition › P', NOTHING, 'measure 3, beat 1', 'E: V65']);
    expect(at(25)).toEqual(['Exposition › S, "second"', 'HC', 'measure 3, beat 1', 'E: Tonic!']);
    expect(at(35)).toEqual(['Exposition › S, "second"', 'HC', 'measure 3, beat 1', 'a: Am']);
  });

  it('says a section has no label, and nothing before the first component', () => {
    expect(nowPlayingText(strip[0]!, 45)).toBe(UNLABELLED);
    expect(nowPlayingText(strip[0]!, 10_000)).toBe(NOTHING);
    expect(nowPlayingText(strip[1]!, 0)).toBe(NOTHING);
  });
});

describe('now playing, a Score timeline', () => {
  const note = (id: number, start: number, end: number, step: number, octave: number) => ({
    id,
    kind: 'NOTE' as const,
    start,
    end,
    step,
    octave,
    accidental: step === 3 ? 1 : 0,
    staff_index: octave < 4 ? 1 : 0,
  });
  const json = beyondJson();
  json.timelines = [
    {
      id: 1,
      name: 'Score',
      kind: 'SCORE_TIMELINE',
      display_position: 0,
      is_visible: true,
      height: 160,
      components: [
        { id: 9, kind: 'STAFF', index: 0, line_count: 5 },
        note(10, 0, 4, 0, 3),
        note(11, 0, 4, 4, 3),
        note(12, 0, 1, 0, 5),
        note(13, 1, 2, 3, 5),
        note(14, 3.5, 3.5, 4, 5),
      ],
    },
  ];
  const [track] = nowPlayingTimelines(timelineTables(json).map(timelineTrack));

  it('says the notes sounding under the playhead, lowest first', () => {
    expect(track?.kind).toBe('SCORE');
    expect(nowPlayingText(track!, 0.5)).toBe('C3 G3 C5');
    expect(nowPlayingText(track!, 1.5)).toBe('C3 G3 F♯5');
    expect(nowPlayingText(track!, 2.5)).toBe('C3 G3');
    expect(nowPlayingText(track!, 4.5)).toBe(NOTHING);
  });
});
