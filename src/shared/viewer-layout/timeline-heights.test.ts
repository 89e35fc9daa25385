import { describe, expect, it } from 'vitest';
import {
  TIMELINE_HEIGHT_ERROR,
  TimelineHeightError,
  fitTimelineHeights,
  stackTimelines,
  timelineHeight,
  timelineSizing,
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

describe('timelineSizing', () => {
  it('takes the least height as today, the wish from the file, the most per kind', () => {
    expect(timelineSizing('HIERARCHY', { height: 120 }, { levels: 2 })).toEqual({
      min: 60,
      preferred: 120,
      max: 120,
    });
    expect(timelineSizing('MARKER', { height: 30 })).toEqual({ min: 30, preferred: 30, max: 45 });
    expect(timelineSizing('AUDIOWAVE', { height: 80 }).preferred).toBe(80);
    expect(timelineSizing('SCORE', { height: 160 }, { staves: 2 })).toEqual({
      min: 160,
      preferred: 160,
      max: 240,
    });
    expect(timelineSizing('SLIDER', { height: 40 })).toEqual({ min: 30, preferred: 40, max: 30 });
  });

  it("falls back on the desktop's defaults where the file gives no usable height", () => {
    expect(timelineSizing('HARMONY', { level_height: 35 }).preferred).toBe(70);
    expect(timelineSizing('BEAT', { height: null }).preferred).toBe(35);
    expect(timelineSizing('AUDIOWAVE', { height: -5 }).preferred).toBe(80);
    expect(timelineSizing('HIERARCHY', { level_height: 20 }).preferred).toBe(120);
  });
});

describe('fitTimelineHeights', () => {
  // K. 284 I as the desktop saves it: audiowave, beats, score, phrases, harmony, cadences, PDF.
  const sizings = [
    timelineSizing('AUDIOWAVE', { height: 80 }),
    timelineSizing('BEAT', { height: 35 }),
    timelineSizing('SCORE', { height: 160 }, { staves: 2 }),
    timelineSizing('HIERARCHY', { height: 120 }, { levels: 1 }),
    timelineSizing('HARMONY', { height: 70 }),
    timelineSizing('MARKER', { height: 30 }),
    timelineSizing('PDF', { height: 30 }),
  ];
  const least = [40, 30, 160, 30, 60, 30, 30];
  const stacked = (heights: number[]) => stackTimelines(heights).total;

  it('gives the least heights when the window has no room to spare, or less', () => {
    expect(fitTimelineHeights(sizings, 0)).toEqual(least);
    expect(fitTimelineHeights(sizings, stacked(least))).toEqual(least);
    expect(fitTimelineHeights(sizings, Number.NaN)).toEqual(least);
  });

  it('grows every row with the window, and never past its most', () => {
    const short = fitTimelineHeights(sizings, 500);
    const tall = fitTimelineHeights(sizings, 600);
    const huge = fitTimelineHeights(sizings, 5000);
    expect(stacked(short)).toBeLessThanOrEqual(500);
    expect(stacked(short)).toBeGreaterThan(500 - sizings.length);
    expect(stacked(tall)).toBeLessThanOrEqual(600);
    tall.forEach((height, i) => {
      expect(height).toBeGreaterThanOrEqual(short[i] ?? 0);
      expect(height).toBeGreaterThanOrEqual(least[i] ?? 0);
      expect(height).toBeLessThanOrEqual(sizings[i]?.max ?? 0);
    });
    expect(huge).toEqual(sizings.map((s) => s.max));
    expect(stacked(huge)).toBeLessThan(5000);
  });

  it("keeps the file's ratios between rows that are neither at their least nor their most", () => {
    const heights = fitTimelineHeights(sizings, 580);
    // The hierarchy has reached its most (60 for one level); the others share one scale.
    expect(heights[3]).toBe(60);
    const scales = [0, 1, 2, 4].map((i) => (heights[i] ?? 0) / (sizings[i]?.preferred ?? 1));
    for (const scale of scales) expect(scale).toBeCloseTo(scales[0] ?? 0, 1);
    expect(scales[0]).toBeGreaterThan(1);
  });

  it('holds a row at its least height while the scale has not reached it', () => {
    // A five-level hierarchy wishes for 120 but needs 150: it waits while the others grow.
    const rows = [
      timelineSizing('HIERARCHY', { height: 120 }, { levels: 5 }),
      timelineSizing('BEAT', {}),
    ];
    const heights = fitTimelineHeights(rows, 200);
    expect(heights[0]).toBe(150);
    expect(heights[1]).toBeGreaterThan(30);
  });
});
