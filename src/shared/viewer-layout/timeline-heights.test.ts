import { describe, expect, it } from 'vitest';
import {
  TIMELINE_HEIGHT_ERROR,
  TimelineHeightError,
  stackTimelines,
  timelineHeight,
} from './timeline-heights';

describe('timelineHeight', () => {
  it('gives the SPEC.md section 9 heights', () => {
    expect(timelineHeight('MARKER', {})).toBe(30);
    expect(timelineHeight('BEAT', {})).toBe(30);
    expect(timelineHeight('HARMONY', { level_height: 35 })).toBe(60);
    expect(timelineHeight('AUDIOWAVE', { height: 80 })).toBe(40);
    expect(timelineHeight('PDF', { height: 30 })).toBe(30);
    expect(timelineHeight('SLIDER', { height: 40 })).toBe(30);
  });

  it('grows a hierarchy by 30 per level beyond the first', () => {
    expect(timelineHeight('HIERARCHY', { height: 120 }, 1)).toBe(30);
    expect(timelineHeight('HIERARCHY', { height: 120 }, 2)).toBe(60);
    expect(timelineHeight('HIERARCHY', { level_height: 20 }, 5)).toBe(150);
  });

  it("fails a hierarchy without height or level_height with the SPEC's message", () => {
    expect(() => timelineHeight('HIERARCHY', { height: null }, 2)).toThrow(TimelineHeightError);
    expect(() => timelineHeight('HIERARCHY', {}, 1)).toThrow("Can't determine timeline height.");
    expect(TIMELINE_HEIGHT_ERROR).toBe("Can't determine timeline height.");
  });
});

describe('stackTimelines', () => {
  it('stacks in order and adds 5.5 below each timeline', () => {
    const { rows, total } = stackTimelines([30, 60, 40]);
    expect(rows).toEqual([
      { y: 0, height: 30 },
      { y: 35.5, height: 60 },
      { y: 101, height: 40 },
    ]);
    expect(total).toBe(146.5);
  });
});
