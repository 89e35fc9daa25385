import { open } from 'node:fs/promises';
import { PeaksBuilder } from '../../src/shared/waveform/peaks';

/**
 * A WAV file's samples into peaks, read chunk by chunk: RIFF chunks until 'fmt ' (PCM of 8, 16,
 * 24 or 32 bits, or 32-bit float) and 'data'. Null for a format it does not read (compressed
 * WAV, a broken header).
 */

interface Format {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  float: boolean;
}

const PCM = 1;
const IEEE_FLOAT = 3;
const EXTENSIBLE = 0xfffe;

function sampleAt(bytes: Buffer, at: number, format: Format): number {
  switch (format.bitsPerSample) {
    case 8:
      return (bytes.readUInt8(at) - 128) / 128;
    case 16:
      return bytes.readInt16LE(at) / 32768;
    case 24:
      return bytes.readIntLE(at, 3) / 8388608;
    case 32:
      return format.float ? bytes.readFloatLE(at) : bytes.readInt32LE(at) / 2147483648;
    default:
      return 0;
  }
}

export async function wavSamples(path: string, chunkBytes: number): Promise<PeaksBuilder | null> {
  const file = await open(path, 'r');
  try {
    const size = (await file.stat()).size;
    const head = Buffer.alloc(12);
    await file.read(head, 0, 12, 0);
    if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') {
      return null;
    }
    let at = 12;
    let format: Format | null = null;
    while (at + 8 <= size) {
      const chunkHead = Buffer.alloc(8);
      await file.read(chunkHead, 0, 8, at);
      const id = chunkHead.toString('latin1', 0, 4);
      const length = chunkHead.readUInt32LE(4);
      if (id === 'fmt ') {
        const body = Buffer.alloc(Math.min(length, 40));
        await file.read(body, 0, body.length, at + 8);
        const code = body.readUInt16LE(0);
        const bits = body.readUInt16LE(14);
        const realCode = code === EXTENSIBLE && body.length >= 26 ? body.readUInt16LE(24) : code;
        if (realCode !== PCM && realCode !== IEEE_FLOAT) return null;
        if (![8, 16, 24, 32].includes(bits)) return null;
        format = {
          channels: body.readUInt16LE(2),
          sampleRate: body.readUInt32LE(4),
          bitsPerSample: bits,
          float: realCode === IEEE_FLOAT,
        };
      } else if (id === 'data' && format && format.channels > 0 && format.sampleRate > 0) {
        // Awaited here: the file closes when this function returns.
        return await readData(file, at + 8, Math.min(length, size - at - 8), format, chunkBytes);
      }
      at += 8 + length + (length % 2);
    }
    return null;
  } finally {
    await file.close();
  }
}

async function readData(
  file: Awaited<ReturnType<typeof open>>,
  start: number,
  length: number,
  format: Format,
  chunkBytes: number,
): Promise<PeaksBuilder> {
  const builder = new PeaksBuilder(format.sampleRate);
  const frameBytes = (format.bitsPerSample / 8) * format.channels;
  const framesPerChunk = Math.max(1, Math.floor(chunkBytes / frameBytes));
  const buffer = Buffer.alloc(framesPerChunk * frameBytes);
  for (let done = 0; done + frameBytes <= length;) {
    const want = Math.min(buffer.length, Math.floor((length - done) / frameBytes) * frameBytes);
    const { bytesRead } = await file.read(buffer, 0, want, start + done);
    const frames = Math.floor(bytesRead / frameBytes);
    if (frames === 0) break;
    const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
    for (let frame = 0; frame < frames; frame++) {
      for (let channel = 0; channel < format.channels; channel++) {
        const offset = frame * frameBytes + (channel * format.bitsPerSample) / 8;
        channels[channel]![frame] = sampleAt(buffer, offset, format);
      }
    }
    builder.push(channels);
    done += frames * frameBytes;
  }
  return builder;
}
