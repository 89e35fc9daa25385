import { describe, expect, it } from 'vitest';
import { timelineTables } from '../../shared/timeline-tables/timeline-tables';
import { timelineTrack } from '../../shared/timeline-tables/timeline-tracks';
import { beyondJson } from '../../shared/viewer-json/tla-fixture.test-support';
import { NOTHING, nowPlayingText, nowPlayingTimelines } from './now-playing';

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

  it('says nothing for a section without a label, and nothing before the first component', () => {
    expect(nowPlayingText(strip[0]!, 45)).toBe(NOTHING);
    expect(nowPlayingText(strip[1]!, 0)).toBe(NOTHING);
  });
});
