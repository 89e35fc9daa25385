import { describe, expect, it } from 'vitest';
import { RULER_LABEL_SPACING, rulerInterval, rulerLabel, rulerTicks } from './time-ruler';
import { timeToX, type TimeScale } from './time-scale';

const scale = (over: Partial<TimeScale> = {}): TimeScale => ({
  start: 0,
  end: 600,
  width: 1200,
  zoom: 1,
  scrollLeft: 0,
  ...over,
});

describe('the time ruler', () => {
  it('chooses the shortest round interval that leaves room for every label', () => {
    // 2 px a second at fit: a minute is 120 px, thirty seconds only 60.
    expect(rulerInterval(scale())).toBe(60);
    // 200 px a second: a tenth is 20 px, half a second 100.
    expect(rulerInterval(scale({ zoom: 100 }))).toBe(0.5);
    // A three-hour file on a phone: an hour is 120 px.
    expect(rulerInterval(scale({ end: 10_800, width: 360 }))).toBe(3600);
  });

  it('puts each tick at its time, a label apart, within the media and the view', () => {
    const zoomed = scale({ zoom: 4, scrollLeft: 1000 });
    const ticks = rulerTicks(zoomed, 1200);
    expect(ticks.length).toBeGreaterThan(3);
    for (const tick of ticks) {
      expect(tick.x).toBeCloseTo(timeToX(zoomed, tick.time), 6);
      expect(tick.x).toBeGreaterThanOrEqual(-1e-6);
      expect(tick.x).toBeLessThanOrEqual(1200 + 1e-6);
    }
    for (let i = 1; i < ticks.length; i++) {
      expect(ticks[i]!.x - ticks[i - 1]!.x).toBeGreaterThanOrEqual(RULER_LABEL_SPACING);
    }
    const whole = rulerTicks(scale(), 1200);
    expect(whole[0]!.time).toBe(0);
    expect(whole.at(-1)!.time).toBe(600);
    expect(whole.map((tick) => tick.label)).toEqual([
      '0:00',
      '1:00',
      '2:00',
      '3:00',
      '4:00',
      '5:00',
      '6:00',
      '7:00',
      '8:00',
      '9:00',
      '10:00',
    ]);
  });

  it('starts at the first round time after a media start that is not round', () => {
    const ticks = rulerTicks(scale({ start: 95, end: 695 }), 1200);
    expect(ticks[0]!.time).toBe(120);
  });

  it('labels as m:ss, h:mm:ss from an hour, and with tenths under a second', () => {
    expect(rulerLabel(0, 60)).toBe('0:00');
    expect(rulerLabel(754, 1)).toBe('12:34');
    expect(rulerLabel(3725, 5)).toBe('1:02:05');
    expect(rulerLabel(61.3, 0.1)).toBe('1:01.3');
    expect(rulerLabel(0.2 + 0.1, 0.1)).toBe('0:00.3');
  });

  it("ends a label at its tick where it would cross the viewport's right edge", () => {
    // A phone: a 10-minute file on a 250 px axis in a 282 px data area; 10:00 is 32 px from it.
    const ticks = rulerTicks(scale({ end: 600, width: 250 }), 282);
    expect(ticks.at(-1)).toMatchObject({ label: '10:00', end: true });
    expect(ticks.slice(0, -1).every((tick) => !tick.end)).toBe(true);
    // A 3-hour file on 268 px: ended at its tick, 3:00:00 would reach back over 2:00:00, so
    // the tick goes unlabelled.
    const crowded = rulerTicks(scale({ end: 10_800, width: 268 }), 282);
    expect(crowded.at(-1)).toMatchObject({ time: 10_800, label: '', end: true });
    expect(crowded.at(-2)?.label).toBe('2:00:00');
  });
});
