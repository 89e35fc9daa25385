/**
 * The PCM WAV files MuseScore writes, read into one mono channel, and what the render keeps of
 * them: the length, the first onset, and the RMS bars of an audiowave timeline.
 */

export interface MonoAudio {
  sampleRate: number;
  /** The channels averaged, -1..1. */
  samples: Float32Array;
}

function chunkId(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

/** 16-bit or 32-bit-float PCM in a RIFF/WAVE container; other encodings are refused. */
export function readWav(bytes: Uint8Array): MonoAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (chunkId(bytes, 0) !== 'RIFF' || chunkId(bytes, 8) !== 'WAVE')
    throw new Error('not a WAV file');
  let format: { encoding: number; channels: number; sampleRate: number; bits: number } | null =
    null;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = chunkId(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        encoding: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data before its format');
      // MuseScore can leave the data size unset (0 or too large) when it streams; take what is there.
      const end = size === 0 || body + size > bytes.length ? bytes.length : body + size;
      return { sampleRate: format.sampleRate, samples: monoSamples(view, body, end, format) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file without data');
}

function monoSamples(
  view: DataView,
  start: number,
  end: number,
  format: { encoding: number; channels: number; bits: number },
): Float32Array {
  const int16 = format.encoding === 1 && format.bits === 16;
  const float32 = format.encoding === 3 && format.bits === 32;
  if (!int16 && !float32) {
    throw new Error(`WAV encoding ${format.encoding} with ${format.bits} bits is not supported`);
  }
  const width = format.bits / 8;
  const frames = Math.floor((end - start) / (width * format.channels));
  const samples = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    let sum = 0;
    for (let channel = 0; channel < format.channels; channel += 1) {
      const at = start + (frame * format.channels + channel) * width;
      sum += int16 ? view.getInt16(at, true) / 32768 : view.getFloat32(at, true);
    }
    samples[frame] = sum / format.channels;
  }
  return samples;
}

/**
 * The first sample louder than `fraction` of the loudest one in the opening `window` seconds:
 * where the first note starts, for a piano recording that opens on a note.
 */
export function firstOnsetSeconds(audio: MonoAudio, fraction = 0.01, window = 20): number {
  const { samples, sampleRate } = audio;
  const scan = Math.min(samples.length, Math.round(window * sampleRate));
  let peak = 0;
  for (let i = 0; i < scan; i += 1) peak = Math.max(peak, Math.abs(samples[i] ?? 0));
  if (peak === 0) throw new Error('silent opening');
  for (let i = 0; i < samples.length; i += 1) {
    if (Math.abs(samples[i] ?? 0) > peak * fraction) return i / sampleRate;
  }
  throw new Error('no onset');
}

/**
 * An audiowave timeline's bars: the RMS of each of `divisions` equal slices of the audio, scaled
 * so that the loudest is 1 (the desktop draws amplitude 0..1) and rounded to 3 decimals.
 */
export function rmsBars(audio: MonoAudio, divisions: number): number[] {
  const { samples } = audio;
  const rms: number[] = [];
  for (let d = 0; d < divisions; d += 1) {
    const from = Math.floor((d * samples.length) / divisions);
    const to = Math.max(from + 1, Math.floor(((d + 1) * samples.length) / divisions));
    let sum = 0;
    for (let i = from; i < to; i += 1) sum += (samples[i] ?? 0) ** 2;
    rms.push(Math.sqrt(sum / (to - from)));
  }
  const loudest = Math.max(...rms);
  return rms.map((value) => (loudest > 0 ? Math.round((1000 * value) / loudest) / 1000 : 0));
}
