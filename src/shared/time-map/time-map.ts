/**
 * A file's time map: its bars and beats, from its first beat timeline, for musical positions
 * (bar, beat, pass through a repeat) anywhere a time is shown or asked for. Bars are in playing
 * order; a repeat or a pickup is written in the printed numbers (bars 1...16, 9...16; a pickup
 * 0), so a printed number may be played more than once: its pass says which time.
 */
import { fitMeasures, type StoredMeasures } from './fit-measures';

/** A time this close to a beat (or to the map's end) counts as on it, in seconds. */
export const BEAT_SNAP = 0.1;

export interface Bar {
  /** 0-based index in playing order. */
  index: number;
  /** The printed number. */
  number: number;
  /** How many times this printed number has been played, this bar included (from 1). */
  pass: number;
  /** Index of the bar's first beat in the sorted beats. */
  firstBeat: number;
  beatCount: number;
  start: number;
  end: number;
}

export interface MusicalPosition {
  bar: Bar;
  /** 1-based beat in the bar, with the fraction of the way to the next beat. */
  beat: number;
}

export interface TimeMapInput extends StoredMeasures {
  /** Beat times as the file stores them (sorted here). */
  beatTimes: readonly number[];
  /** The media's length in seconds, when known: the last bar ends there if that is sooner. */
  mediaLength: number | null;
}

export class TimeMap {
  private constructor(
    /** Sorted beat times. */
    readonly beats: Float64Array,
    readonly bars: readonly Bar[],
    /** Where the last bar ends. */
    readonly end: number,
  ) {}

  /** Null when there is no map to make: fewer than two beats, or two beats at one time. */
  static of(input: TimeMapInput): TimeMap | null {
    const beats = Float64Array.from(input.beatTimes).sort();
    if (beats.length < 2) return null;
    for (let i = 1; i < beats.length; i++) if (beats[i] === beats[i - 1]) return null;
    const last = beats[beats.length - 1] ?? 0;
    const gap = last - (beats[beats.length - 2] ?? 0);
    let end = last + gap;
    if (input.mediaLength !== null && input.mediaLength > last && input.mediaLength < end) {
      end = input.mediaLength;
    }
    const { beatsInMeasure, measureNumbers } = fitMeasures(beats.length, input);
    const bars: Bar[] = [];
    const passes = new Map<number, number>();
    let firstBeat = 0;
    for (const [index, beatCount] of beatsInMeasure.entries()) {
      const number = measureNumbers[index] ?? index + 1;
      const pass = (passes.get(number) ?? 0) + 1;
      passes.set(number, pass);
      const nextBeat = firstBeat + beatCount;
      bars.push({
        index,
        number,
        pass,
        firstBeat,
        beatCount,
        start: beats[firstBeat] ?? 0,
        end: nextBeat < beats.length ? (beats[nextBeat] ?? end) : end,
      });
      firstBeat = nextBeat;
    }
    return new TimeMap(beats, bars, end);
  }

  get start(): number {
    return this.beats[0] ?? 0;
  }

  /** Time of the beat after `beatIndex` (the map's end after the last beat). */
  private beatAfter(beatIndex: number): number {
    return beatIndex + 1 < this.beats.length ? (this.beats[beatIndex + 1] ?? this.end) : this.end;
  }

  /**
   * The beat a time falls on or after, snapped: within BEAT_SNAP of a beat (or of the end) it
   * is that beat exactly. -1 off the map. `fraction` is the way to the next beat.
   */
  private beatAt(time: number): { beat: number; fraction: number } {
    if (time < this.start - BEAT_SNAP || time > this.end + BEAT_SNAP)
      return { beat: -1, fraction: 0 };
    const beats = this.beats;
    // The last beat at or before the time, by binary search.
    let low = 0;
    let high = beats.length - 1;
    if (time < (beats[0] ?? 0)) return { beat: 0, fraction: 0 };
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((beats[middle] ?? 0) <= time) low = middle;
      else high = middle - 1;
    }
    const at = beats[low] ?? 0;
    const next = this.beatAfter(low);
    if (next - time <= BEAT_SNAP && next - time < time - at) {
      return low + 1 < beats.length ? { beat: low + 1, fraction: 0 } : { beat: low, fraction: 1 };
    }
    if (time - at <= BEAT_SNAP) return { beat: low, fraction: 0 };
    return { beat: low, fraction: Math.min(1, (time - at) / (next - at)) };
  }

  private barOfBeat(beatIndex: number): Bar {
    let low = 0;
    let high = this.bars.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.bars[middle]?.firstBeat ?? 0) <= beatIndex) low = middle;
      else high = middle - 1;
    }
    return this.bars[low] as Bar;
  }

  /** The bar and beat a time falls in; null off the map. */
  position(time: number): MusicalPosition | null {
    const { beat, fraction } = this.beatAt(time);
    if (beat < 0) return null;
    const bar = this.barOfBeat(beat);
    return { bar, beat: beat - bar.firstBeat + 1 + fraction };
  }

  /** The bar a span's end belongs to: an end on a bar's first beat belongs to the bar before. */
  endBar(time: number): Bar | null {
    const position = this.position(time);
    if (!position) return null;
    if (position.beat === 1 && position.bar.index > 0)
      return this.bars[position.bar.index - 1] ?? null;
    return position.bar;
  }

  /** Whether a time is on a bar's first beat. */
  isDownbeat(time: number): boolean {
    return this.position(time)?.beat === 1;
  }

  /** Position in bars along the map: bar index + the fraction of the bar's beats gone. */
  barsAt(time: number): number | null {
    const position = this.position(time);
    if (!position) return null;
    return position.bar.index + (position.beat - 1) / position.bar.beatCount;
  }

  /** Position in beats along the map: beat index + the fraction of the way to the next. */
  beatsAt(time: number): number | null {
    const { beat, fraction } = this.beatAt(time);
    return beat < 0 ? null : beat + fraction;
  }

  /** The bars printed `number`, in playing order (one per pass). */
  barsNumbered(number: number): Bar[] {
    return this.bars.filter((bar) => bar.number === number);
  }

  private playings: Map<number, number> | null = null;

  /** Whether the bar printed `number` is played more than once (through a repeat). */
  isRepeated(number: number): boolean {
    if (!this.playings) {
      this.playings = new Map();
      for (const bar of this.bars) this.playings.set(bar.number, bar.pass);
    }
    return (this.playings.get(number) ?? 0) > 1;
  }

  /** The start of bar `number`'s `pass`-th playing (the first when no pass is given), or null. */
  timeOfBar(number: number, pass = 1): number | null {
    return this.barsNumbered(number)[pass - 1]?.start ?? null;
  }
}
