import { describe, expect, it } from 'vitest';
import { decodePeaks, encodePeaks, levelFor, PeaksBuilder, waveColumns } from './peaks';

/** A second of silence, then a second of a 440 Hz sine at half of full scale, left and right. */
function toneChannels(sampleRate: number): [Float32Array, Float32Array] {
  const left = new Float32Array(sampleRate * 2);
  for (let i = sampleRate; i < left.length; i++) {
    left[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / sampleRate);
  }
  const right = left.map((sample) => -sample * 0.5);
  return [left, right];
}

function built(chunk: number): ReturnType<PeaksBuilder['finish']> {
  const [left, right] = toneChannels(8000);
  const builder = new PeaksBuilder(8000);
  for (let at = 0; at < left.length; at += chunk) {
    builder.push([left.subarray(at, at + chunk), right.subarray(at, at + chunk)]);
  }
  return builder.finish();
}

describe('waveform peaks', () => {
  it('gives the lowest and highest sample of any channel in every window of 256', () => {
    const peaks = built(16000);
    const finest = peaks.levels[0]!;
    expect(finest.samplesPerPeak).toBe(256);
    expect(finest.pairs.length / 2).toBe(Math.ceil(16000 / 256));
    // Silence: every peak 0. The tone: about -64 and 64 (half of 127).
    const silent = Array.from(finest.pairs.subarray(0, 2 * 31));
    expect(silent.every((value) => value === 0)).toBe(true);
    const loud = finest.pairs.subarray(2 * 32);
    for (let peak = 0; peak < loud.length / 2 - 1; peak++) {
      expect(loud[2 * peak]).toBeLessThanOrEqual(-62);
      expect(loud[2 * peak + 1]).toBeGreaterThanOrEqual(62);
    }
  });

  it('gives the same peaks whatever the size of the chunks it is fed', () => {
    const whole = built(16000);
    for (const chunk of [1, 100, 255, 257, 4096]) expect(built(chunk)).toEqual(whole);
  });

  it('joins four peaks of a level into one of the next, down to a single peak', () => {
    const peaks = built(16000);
    expect(peaks.levels.map((level) => level.samplesPerPeak)).toEqual([256, 1024, 4096, 16384]);
    const [fine, coarse] = [peaks.levels[0]!.pairs, peaks.levels[1]!.pairs];
    for (let peak = 0; peak < coarse.length / 2; peak++) {
      const group = Array.from({ length: 4 }, (_, j) => 4 * peak + j).filter(
        (j) => j < fine.length / 2,
      );
      expect(coarse[2 * peak]).toBe(Math.min(...group.map((j) => fine[2 * j]!)));
      expect(coarse[2 * peak + 1]).toBe(Math.max(...group.map((j) => fine[2 * j + 1]!)));
    }
    expect(peaks.levels.at(-1)!.pairs.length).toBe(2);
  });

  it('reads back what it writes, and nothing that is not peaks', () => {
    const peaks = built(1000);
    const bytes = encodePeaks(peaks);
    const read = decodePeaks(bytes)!;
    expect(read.sampleRate).toBe(8000);
    expect(read.levels.map((level) => [level.samplesPerPeak, Array.from(level.pairs)])).toEqual(
      peaks.levels.map((level) => [level.samplesPerPeak, Array.from(level.pairs)]),
    );
    expect(decodePeaks(new TextEncoder().encode('{"not": "peaks"}'))).toBeNull();
    expect(decodePeaks(bytes.subarray(0, bytes.length - 1))).toBeNull();
  });

  it('draws from the finest level whose peaks are at least a pixel apart', () => {
    const peaks = built(16000);
    // 8000 samples a second: at 100 px/s, 80 samples a pixel, so the finest level (256).
    expect(levelFor(peaks, 100).samplesPerPeak).toBe(256);
    // At 4 px/s, 2000 samples a pixel: 4096 is the finest at least that coarse.
    expect(levelFor(peaks, 4).samplesPerPeak).toBe(4096);
    expect(levelFor(peaks, 0.01).samplesPerPeak).toBe(16384);
  });
});

describe('the waveform of a view', () => {
  it('gives each column the lowest and highest peak under it, from the fitting level', () => {
    const peaks = built(16000);
    // 1000 px/s, 2 px columns: a column is 16 samples, under a finest peak (256 samples).
    const near = waveColumns(peaks, { pps: 1000, offset: 1100, viewport: 400 }, 2);
    expect(near.length).toBe(200);
    expect(near.every((column) => column.low <= -62 && column.high >= 62)).toBe(true);
    // Across the edge of the tone: silent columns, then loud ones.
    const edge = waveColumns(peaks, { pps: 100, offset: 50, viewport: 100 }, 2);
    expect(edge[0]).toEqual({ x: 0, low: 0, high: 0 });
    expect(edge.at(-1)!.high).toBeGreaterThanOrEqual(62);
    // Past the recording's end: nothing.
    expect(waveColumns(peaks, { pps: 100, offset: 300, viewport: 100 }, 2)).toEqual([]);
  });
});
