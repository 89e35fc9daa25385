import { describe, expect, it } from 'vitest';
import { firstOnsetSeconds, readWav, rmsBars } from './wav-audio';

/** A 16-bit PCM WAV of `channels` interleaved channels. */
function wav(channels: number, sampleRate: number, samples: number[]): Uint8Array {
  const data = new DataView(new ArrayBuffer(44 + samples.length * 2));
  const text = (offset: number, value: string) =>
    [...value].forEach((c, i) => data.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  data.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  data.setUint32(16, 16, true);
  data.setUint16(20, 1, true);
  data.setUint16(22, channels, true);
  data.setUint32(24, sampleRate, true);
  data.setUint32(28, sampleRate * channels * 2, true);
  data.setUint16(32, channels * 2, true);
  data.setUint16(34, 16, true);
  text(36, 'data');
  data.setUint32(40, samples.length * 2, true);
  samples.forEach((value, i) => data.setInt16(44 + i * 2, value, true));
  return new Uint8Array(data.buffer);
}

describe('readWav', () => {
  it('averages the channels of 16-bit PCM', () => {
    const audio = readWav(wav(2, 8000, [16384, 0, -16384, -16384, 32767, 32767]));
    expect(audio.sampleRate).toBe(8000);
    expect([...audio.samples]).toEqual([0.25, -0.5, 32767 / 32768]);
  });

  it('refuses what is not a WAV file', () => {
    expect(() => readWav(new Uint8Array(64))).toThrow('not a WAV file');
  });
});

describe('firstOnsetSeconds and rmsBars', () => {
  it('finds the first sound and scales bars to the loudest', () => {
    const samples = [0, 0, 0, 0, 8000, -8000, 16000, -16000, 0, 0];
    const audio = readWav(wav(1, 10, samples));
    expect(firstOnsetSeconds(audio)).toBe(0.4);
    const bars = rmsBars(audio, 5);
    expect(bars).toHaveLength(5);
    expect(bars[3]).toBe(1);
    expect(bars[2]).toBe(0.5);
    expect(bars[0]).toBe(0);
  });
});
