import { describe, expect, it } from 'vitest';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { peaksOfMedia } from './media-peaks';
import { decodePeaks } from '../../src/shared/waveform/peaks';

const audio = (name: string) =>
  fileURLToPath(new URL(`../../tests/fixtures/audio/${name}`, import.meta.url));

describe('peaks of a stored recording', () => {
  it.each([
    ['tone.wav', 'audio/wav', 22050],
    ['tone.mp3', 'audio/mpeg', 22050],
    ['tone.flac', 'audio/flac', 22050],
    ['tone.ogg', 'audio/ogg', 22050],
    ['tone.opus', 'audio/ogg', 48000],
  ])(
    'reads %s: a second of silence, then a second at half of full scale',
    async (name, type, rate) => {
      const result = await peaksOfMedia(audio(name), type);
      if (!result.ok) throw new Error(result.note);
      const peaks = decodePeaks(result.peaks)!;
      expect(peaks.sampleRate).toBe(rate);
      const finest = peaks.levels[0]!;
      const at = (seconds: number) => Math.floor((seconds * rate) / finest.samplesPerPeak);
      // Lossy encoders add a little delay and noise: the edges are left out.
      const seconds = (finest.pairs.length / 2) * (finest.samplesPerPeak / rate);
      expect(seconds).toBeGreaterThan(1.95);
      expect(seconds).toBeLessThan(2.2);
      const silence = finest.pairs.subarray(2 * at(0.1), 2 * at(0.8));
      expect(Math.max(...Array.from(silence, Math.abs))).toBeLessThanOrEqual(2);
      const tone = finest.pairs.subarray(2 * at(1.2), 2 * at(1.9));
      for (let peak = 0; peak < tone.length / 2; peak++) {
        expect(tone[2 * peak + 1]).toBeGreaterThanOrEqual(55);
        expect(tone[2 * peak + 1]).toBeLessThanOrEqual(72);
        expect(tone[2 * peak]).toBeLessThanOrEqual(-55);
      }
    },
  );

  it('says which recordings it cannot draw, rather than failing', async () => {
    const video = await peaksOfMedia(audio('tone.mp3'), 'video/mp4');
    expect(video).toEqual({
      ok: false,
      note: 'The waveform cannot be drawn from video/mp4 recordings; it is drawn from MP3, WAV, Ogg (Vorbis or Opus) and FLAC.',
    });
    const folder = mkdtempSync(path.join(tmpdir(), 'tilia-peaks-'));
    const noise = path.join(folder, 'noise.mp3');
    writeFileSync(noise, Buffer.alloc(4096, 0x5a));
    const broken = await peaksOfMedia(noise, 'audio/mpeg');
    expect(broken.ok).toBe(false);
  });
});
