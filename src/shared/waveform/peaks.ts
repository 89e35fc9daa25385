/**
 * A recording's waveform as peaks at several resolutions, as the BBC's audiowaveform makes them
 * for peaks.js: for each window of N samples, the lowest and highest sample of any channel, as
 * signed bytes (-128..127). The finest level has a peak every 256 samples (a few milliseconds);
 * each coarser level joins four peaks of the one before, so a view at any zoom reads the level
 * whose peaks are about a pixel apart and never more than a few thousand of them.
 *
 * Bytes, integers little-endian:
 *   0  'TLWP'   4  u32 version (1)   8  u32 sample rate   12  u32 level count L
 *   16 L x (u32 samples per peak, u32 peak count P)
 *   .. per level, P x (i8 min, i8 max)
 */

export const PEAKS_MEDIA_TYPE = 'application/vnd.tilia.peaks';
const MAGIC = 0x50574c54;
const VERSION = 1;
const FINEST = 256;
const JOIN = 4;
/** Coarser levels stop once one peak would cover more than this many samples. */
const COARSEST = 256 * 4 ** 6;

export interface PeakLevel {
  samplesPerPeak: number;
  /** min, max, min, max, ... one pair a peak. */
  pairs: Int8Array;
}

export interface Peaks {
  sampleRate: number;
  /** Finest first. */
  levels: PeakLevel[];
}

function toByte(sample: number): number {
  const scaled = Math.round(sample * 127);
  return scaled < -128 ? -128 : scaled > 127 ? 127 : scaled;
}

/** Takes decoded samples chunk by chunk (any chunk size), never holding the whole recording. */
export class PeaksBuilder {
  private readonly finest: number[] = [];
  private low = Infinity;
  private high = -Infinity;
  private inWindow = 0;

  constructor(readonly sampleRate: number) {}

  /** One chunk of every channel, each channel's samples from -1 to 1. */
  push(channels: readonly Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    for (let i = 0; i < length; i++) {
      for (const channel of channels) {
        const sample = channel[i] ?? 0;
        if (sample < this.low) this.low = sample;
        if (sample > this.high) this.high = sample;
      }
      if (++this.inWindow === FINEST) this.closeWindow();
    }
  }

  private closeWindow(): void {
    this.finest.push(toByte(this.low), toByte(this.high));
    this.low = Infinity;
    this.high = -Infinity;
    this.inWindow = 0;
  }

  finish(): Peaks {
    if (this.inWindow > 0) this.closeWindow();
    const levels: PeakLevel[] = [{ samplesPerPeak: FINEST, pairs: Int8Array.from(this.finest) }];
    for (let per = FINEST * JOIN; per <= COARSEST; per *= JOIN) {
      const before = levels[levels.length - 1]!.pairs;
      const count = Math.ceil(before.length / 2 / JOIN);
      const pairs = new Int8Array(count * 2);
      for (let peak = 0; peak < count; peak++) {
        let low = 127;
        let high = -128;
        for (let j = peak * JOIN; j < Math.min((peak + 1) * JOIN, before.length / 2); j++) {
          low = Math.min(low, before[2 * j]!);
          high = Math.max(high, before[2 * j + 1]!);
        }
        pairs[2 * peak] = low;
        pairs[2 * peak + 1] = high;
      }
      levels.push({ samplesPerPeak: per, pairs });
      if (count <= 1) break;
    }
    return { sampleRate: this.sampleRate, levels };
  }
}

export function encodePeaks(peaks: Peaks): Uint8Array {
  const head = 16 + 8 * peaks.levels.length;
  const size = head + peaks.levels.reduce((sum, level) => sum + level.pairs.length, 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, peaks.sampleRate, true);
  view.setUint32(12, peaks.levels.length, true);
  let at = head;
  peaks.levels.forEach((level, index) => {
    view.setUint32(16 + 8 * index, level.samplesPerPeak, true);
    view.setUint32(20 + 8 * index, level.pairs.length / 2, true);
    bytes.set(new Uint8Array(level.pairs.buffer, level.pairs.byteOffset, level.pairs.length), at);
    at += level.pairs.length;
  });
  return bytes;
}

/** The peaks in `bytes`, or null when they are not peaks of this version. */
export function decodePeaks(bytes: Uint8Array): Peaks | null {
  if (bytes.length < 16) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== VERSION) return null;
  const count = view.getUint32(12, true);
  let at = 16 + 8 * count;
  if (at > bytes.length) return null;
  const levels: PeakLevel[] = [];
  for (let index = 0; index < count; index++) {
    const samplesPerPeak = view.getUint32(16 + 8 * index, true);
    const length = view.getUint32(20 + 8 * index, true) * 2;
    if (at + length > bytes.length) return null;
    levels.push({
      samplesPerPeak,
      pairs: new Int8Array(bytes.buffer, bytes.byteOffset + at, length),
    });
    at += length;
  }
  return { sampleRate: view.getUint32(8, true), levels };
}

/**
 * The level to draw at `pixelsPerSecond`: the finest whose peaks are at least a pixel apart, so
 * that a view never draws more peaks than pixels (the coarsest when even that is too fine).
 */
export function levelFor(peaks: Peaks, pixelsPerSecond: number): PeakLevel {
  const samplesPerPixel = peaks.sampleRate / pixelsPerSecond;
  return (
    peaks.levels.find((level) => level.samplesPerPeak >= samplesPerPixel) ??
    peaks.levels[peaks.levels.length - 1]!
  );
}

export interface WaveColumn {
  x: number;
  /** The lowest and highest sample in the column, -128..127. */
  low: number;
  high: number;
}

/**
 * The waveform of a view as columns `columnWidth` px wide: for each, the lowest and highest peak
 * of the level `levelFor` picks over the column's time. Only the columns on screen (x from 0 to
 * `viewport`) are read, so a view of a three-hour recording reads a few thousand peaks.
 */
export function waveColumns(
  peaks: Peaks,
  view: { pps: number; offset: number; viewport: number },
  columnWidth: number,
): WaveColumn[] {
  const level = levelFor(peaks, view.pps / columnWidth);
  const secondsPerPeak = level.samplesPerPeak / peaks.sampleRate;
  const count = level.pairs.length / 2;
  const columns: WaveColumn[] = [];
  const first = Math.max(0, Math.floor(view.offset / columnWidth) * columnWidth - view.offset);
  for (let x = first; x < view.viewport; x += columnWidth) {
    const from = Math.floor((x + view.offset) / view.pps / secondsPerPeak);
    const to = Math.ceil((x + columnWidth + view.offset) / view.pps / secondsPerPeak);
    if (from >= count) break;
    let low = 127;
    let high = -128;
    for (let peak = Math.max(0, from); peak < Math.min(count, Math.max(to, from + 1)); peak++) {
      low = Math.min(low, level.pairs[2 * peak]!);
      high = Math.max(high, level.pairs[2 * peak + 1]!);
    }
    if (high >= low) columns.push({ x, low, high });
  }
  return columns;
}
