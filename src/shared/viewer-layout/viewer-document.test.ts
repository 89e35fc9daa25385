import { describe, expect, it } from 'vitest';
import { TimelineHeightError } from './timeline-heights';
import { prepareFile } from './viewer-document';
import { scoreTimeline, viewerFixture } from './viewer-fixture.test-support';

describe('prepareFile', () => {
  it('stacks drawn timelines by display_position and skips unknown kinds', () => {
    const file = prepareFile(viewerFixture());
    expect(file.header.timelines.map((t) => [t.kind, t.name, t.height])).toEqual([
      ['BEAT', 'Measures', 30],
      ['HARMONY', 'Harmony', 60],
      ['MARKER', 'Cadences', 30],
      ['HIERARCHY', 'Form', 60],
      ['PDF', 'Pages', 30],
      ['AUDIOWAVE', 'Wave', 40],
      ['SLIDER', '', 30],
    ]);
    expect(file.header.timelines.map((t) => t.y)).toEqual([0, 35.5, 101, 136.5, 202, 237.5, 283]);
    expect(file.header.skipped).toEqual([{ name: 'Lcma', kind: 'LCMA_TIMELINE' }]);
    expect(file.header.timelines[4]?.pdfUrl).toBe('/media/score.pdf');
  });

  it('takes the drawn span from the media start and end', () => {
    const file = prepareFile(viewerFixture());
    expect([file.header.start, file.header.end]).toEqual([0, 100]);
    const json = viewerFixture();
    json.concrete_work = { ...json.concrete_work, length: 0, end: 0 };
    expect(prepareFile(json).header.end).toBe(100);
  });

  it('refuses a hierarchy timeline without height or level_height', () => {
    const json = viewerFixture([{ kind: 'HIERARCHY_TIMELINE', height: null, components: [] }]);
    expect(() => prepareFile(json)).toThrow(TimelineHeightError);
  });

  it('prepares beats into measures and markers sorted by time', () => {
    const file = prepareFile(viewerFixture());
    expect(file.timelines[0]?.measures?.measureStart.length).toBe(25);
    expect(Array.from(file.timelines[2]?.points?.indices ?? [])).toEqual([1, 0]);
    expect(file.timelines[2]?.colors?.[0]).toBe(0x00ff00);
  });

  it('draws a Score timeline with its staves, and says what an odd one loses', () => {
    const json = viewerFixture([
      scoreTimeline([
        { id: 1, kind: 'STAFF', index: 0, line_count: 5 },
        { id: 2, kind: 'CLEF', staff_index: 0, time: 0, line_number: -1, step: 4, octave: 4 },
        { id: 3, kind: 'NOTE', start: 1, end: 110, step: 0, octave: 5, staff_index: 0 },
        { id: 4, kind: 'NOTE', start: 2, end: 3, step: 0, octave: 5, staff_index: 1 },
      ]),
    ]);
    json.concrete_work = { ...json.concrete_work, length: 0, end: 0 };
    const file = prepareFile(json);
    const score = file.header.timelines.find((t) => t.kind === 'SCORE');
    // One staff: as tall as a staff may be, not the desktop's 160 for two.
    expect(score).toMatchObject({ name: 'Score', height: 120, componentCount: 4 });
    // Without a media length, the drawn span reaches the last note's end.
    expect(file.header.end).toBe(110);
    expect(file.header.problems).toEqual([
      "Score timeline 'Score': a note on a staff that does not exist was skipped",
    ]);
  });
});

describe('hidden timelines, components not shown and the file details', () => {
  const json = () => {
    const file = viewerFixture([
      {
        id: 80,
        name: 'Score (hidden)',
        kind: 'MARKER_TIMELINE',
        display_position: 0,
        is_visible: false,
        height: 30,
        components: [],
      },
      {
        id: 81,
        name: 'Beats',
        kind: 'BEAT_TIMELINE',
        display_position: 1,
        is_visible: true,
        height: 35,
        beat_pattern: '[4]',
        not_shown: { BEAT_UNIT: 12 },
        components: [],
      },
    ]);
    return {
      ...file,
      file_name: 'op2-1.tla',
      metadata: { title: 'Untitled', 'analysed by': 'Ana' },
    };
  };

  it('leaves out what the file hides, lists it, and draws it when asked', () => {
    const hiding = prepareFile(json()).header;
    expect(hiding.hidden).toEqual([{ name: 'Score (hidden)', kind: 'MARKER' }]);
    expect(hiding.showsHidden).toBe(false);
    expect(hiding.timelines.map((t) => t.name)).not.toContain('Score (hidden)');
    const showing = prepareFile(json(), { showHidden: true }).header;
    expect(showing.showsHidden).toBe(true);
    expect(showing.timelines.map((t) => t.name)).toContain('Score (hidden)');
    expect(showing.timelines).toHaveLength(hiding.timelines.length + 1);
  });

  it('draws the recording’s waveform in a first row of its own when asked, where the file has none', () => {
    const own = json();
    const waveless = {
      ...own,
      timelines: own.timelines.filter((t) => !t.kind.startsWith('AUDIOWAVE')),
    };
    expect(waveless.timelines.length).toBe(own.timelines.length - 1);
    const plain = prepareFile(waveless).header;
    expect(plain.waveformRow).toBeUndefined();
    const waving = prepareFile(waveless, { waveform: true, showHidden: true }).header;
    expect(waving.waveformRow).toBe(true);
    expect(waving.timelines[0]).toMatchObject({ name: 'Waveform', kind: 'AUDIOWAVE', index: 0 });
    expect(waving.timelines.slice(1).map((t) => t.name)).toEqual(
      prepareFile(waveless, { showHidden: true }).header.timelines.map((t) => t.name),
    );
    // A file with an Audiowave timeline of its own draws the waveform there.
    const ownHeader = prepareFile(own, { waveform: true }).header;
    expect(ownHeader.waveformRow).toBeUndefined();
    expect(ownHeader.timelines).toHaveLength(prepareFile(own).header.timelines.length);
  });

  it('counts what it does not draw and keeps the file name and every metadata field', () => {
    const header = prepareFile(json()).header;
    expect(header.notShown).toEqual([{ timeline: 'Beats', kind: 'BEAT_UNIT', count: 12 }]);
    expect(header.fileName).toBe('op2-1.tla');
    expect(header.metadata).toEqual({ title: 'Untitled', 'analysed by': 'Ana' });
  });
});
