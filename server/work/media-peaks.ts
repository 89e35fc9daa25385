import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { MPEGDecoder } from 'mpg123-decoder';
import { OggOpusDecoder } from 'ogg-opus-decoder';
import { encodePeaks, PeaksBuilder } from '../../src/shared/waveform/peaks';
import { wavSamples } from './wav-samples';

/**
 * A stored recording's waveform peaks, from the media itself: decoded chunk by chunk by
 * WebAssembly decoders from npm (wasm-audio-decoders: mpg123, libFLAC, libvorbis, libopus), so a
 * fresh machine needs no system program, and a three-hour recording is never whole in memory.
 */

export type PeaksResult = { ok: true; peaks: Uint8Array } | { ok: false; note: string };

/** Bytes read and decoded at a time. */
const CHUNK_BYTES = 256 * 1024;

const DECODED = 'MP3, WAV, Ogg (Vorbis or Opus) and FLAC';

interface Decoded {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
}

interface ChunkDecoder {
  ready: Promise<void>;
  decode(bytes: Uint8Array): Decoded | Promise<Decoded>;
  flush?(): Promise<Decoded>;
  free(): void;
}

/** Whether an Ogg stream holds Opus (its first page's packet starts 'OpusHead'). */
async function isOpus(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(64);
    await file.read(head, 0, 64, 0);
    return head.includes('OpusHead');
  } finally {
    await file.close();
  }
}

async function decoderFor(path: string, mimeType: string): Promise<ChunkDecoder | null> {
  switch (mimeType) {
    case 'audio/mpeg':
      return new MPEGDecoder();
    case 'audio/flac':
      return new FLACDecoder();
    case 'audio/ogg':
      return (await isOpus(path)) ? new OggOpusDecoder() : new OggVorbisDecoder();
    default:
      return null;
  }
}

function feed(builder: { current: PeaksBuilder | null }, decoded: Decoded): void {
  if (decoded.samplesDecoded === 0) return;
  builder.current ??= new PeaksBuilder(decoded.sampleRate);
  builder.current.push(
    decoded.channelData.map((channel) => channel.subarray(0, decoded.samplesDecoded)),
  );
}

export async function peaksOfMedia(path: string, mimeType: string): Promise<PeaksResult> {
  if (mimeType === 'audio/wav') {
    const builder = await wavSamples(path, CHUNK_BYTES);
    return builder
      ? { ok: true, peaks: encodePeaks(builder.finish()) }
      : undecodable('this WAV file (its samples are compressed or of an unusual size)');
  }
  const decoder = await decoderFor(path, mimeType);
  if (!decoder) return undecodable(`${mimeType} recordings`);
  const builder: { current: PeaksBuilder | null } = { current: null };
  try {
    await decoder.ready;
    for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
      feed(builder, await decoder.decode(new Uint8Array(chunk as Buffer)));
    }
    if (decoder.flush) feed(builder, await decoder.flush());
  } finally {
    decoder.free();
  }
  if (!builder.current) return undecodable(`this recording (${mimeType}, no samples found)`);
  return { ok: true, peaks: encodePeaks(builder.current.finish()) };
}

function undecodable(what: string): PeaksResult {
  return {
    ok: false,
    note: `The waveform cannot be drawn from ${what}; it is drawn from ${DECODED}.`,
  };
}
