import { describe, expect, it } from 'vitest';
import { readTla } from '../tla/tla-reader';
import { beyondTla } from '../viewer-json/tla-fixture.test-support';
import { isExportableTimeline, type ExportableTimeline } from './export-formats';
import { impliedEnds, timelineItems } from './timeline-items';

const timelines = () =>
  readTla(beyondTla(), 'fixture.tla').timelines.filter(
    isExportableTimeline,
  ) as ExportableTimeline[];
const named = (name: string) => timelines().find((t) => t.name === name)!;

describe('impliedEnds', () => {
  it('ends each time at the next later one and the last at the end of the recording', () => {
    expect(impliedEnds([10, 0, 30, 20], 60)).toEqual([20, 10, 60, 30]);
  });

  it('skips equal times and lets a time past the end end where it is', () => {
    expect(impliedEnds([0, 0, 5], 60)).toEqual([5, 5, 60]);
    expect(impliedEnds([70], 60)).toEqual([70]);
  });
});

describe('timelineItems', () => {
  it('keeps hierarchy units as spans with their levels and labels', () => {
    const items = timelineItems(named('Form'), 60);
    expect(items.map((i) => [i.start, i.end, i.level, i.label, i.point])).toEqual([
      [0, 20, 1, 'P', false],
      [20, 40, 1, 'S, "second"', false],
      [0, 40, 2, 'Exposition', false],
      [40, 60, 2, '', false],
    ]);
  });

  it('keeps markers as points with their comments', () => {
    const items = timelineItems(named('Cadences'), 60);
    expect(items.map((i) => [i.start, i.end, i.point, i.label, i.comments])).toEqual([
      [19.5, 19.5, true, 'HC', 'half, "open"'],
      [39, 39, true, 'PAC', ''],
    ]);
  });

  it('labels beats with their printed bar and beat, bars fitted as the desktop fits them', () => {
    // Pattern 3, numbers 0 1 2, one stored bar of one beat: the desktop fills that bar up to
    // the pattern's 3 beats before adding bars, so eight beats make bars 0, 1 and 2.
    const labels = timelineItems(named('Measures'), 60).map((i) => i.label);
    expect(labels).toEqual(['0.1', '0.2', '0.3', '1.1', '1.2', '1.3', '2.1', '2.2']);
  });

  it('holds chords until the next chord and keys until the next key, labelled as the viewer does', () => {
    const items = timelineItems(named('Harmony'), 60);
    const chords = items.filter((i) => i.kind === 'HARMONY');
    const keys = items.filter((i) => i.kind === 'MODE');
    expect(chords.map((i) => [i.start, i.end, i.label])).toEqual([
      [0, 10, 'I'],
      [10, 20, 'V65'],
      [20, 30, 'Tonic!'],
      [30, 60, 'Am'],
    ]);
    expect(keys.map((i) => [i.start, i.end, i.label, i.level])).toEqual([
      [0, 30, 'E:', 2],
      [30, 60, 'a:', 2],
    ]);
  });

  it("turns a PDF's page turns into spans named after the page", () => {
    expect(timelineItems(named('Score'), 60).map((i) => [i.start, i.end, i.label])).toEqual([
      [0, 60, 'page 1'],
    ]);
  });
});
