import { describe, expect, it } from 'vitest';
import { TimelineHeightError } from './timeline-heights';
import { prepareFile } from './viewer-document';
import { viewerFixture } from './viewer-fixture.test-support';

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
    expect(file.header.skipped).toEqual([{ name: 'Score', kind: 'SCORE_TIMELINE' }]);
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
});
