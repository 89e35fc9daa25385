import { describe, expect, it } from 'vitest';
import { audiowaveBars, audiowaveView } from './audiowave-bars';

describe('audiowave bars', () => {
  it('draws bars 2 px wide with amplitude as a fraction of the height', () => {
    const wave = audiowaveBars([
      { start: 0, end: 1, amplitude: 0.5 },
      { start: 1, end: 2, amplitude: 1.5 },
    ]);
    const columns = audiowaveView(wave, { pps: 10, offset: 0, viewport: 100 }, 40);
    expect(columns).toEqual([
      { x: 0, height: 20, index: 0 },
      { x: 10, height: 40, index: 1 },
    ]);
  });

  it('keeps the loudest bar of each 2 px column', () => {
    const bars = Array.from({ length: 100 }, (_, i) => ({
      start: i,
      end: i + 1,
      amplitude: (i % 10) / 10,
    }));
    const columns = audiowaveView(audiowaveBars(bars), { pps: 0.1, offset: 0, viewport: 10 }, 40);
    expect(columns.map((c) => c.x)).toEqual([0, 2, 4, 6, 8]);
    for (const column of columns) expect(column.height).toBeCloseTo(36);
  });

  it('sorts bars by start and culls to the viewport', () => {
    const wave = audiowaveBars([
      { start: 5, end: 6, amplitude: 0.1 },
      { start: 0, end: 1, amplitude: 0.2 },
    ]);
    expect(Array.from(wave.indices)).toEqual([1, 0]);
    expect(
      audiowaveView(wave, { pps: 10, offset: 40, viewport: 20 }, 40).map((c) => c.index),
    ).toEqual([0]);
  });
});
