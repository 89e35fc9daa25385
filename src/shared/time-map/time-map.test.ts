import { describe, expect, it } from 'vitest';
import { fitMeasures } from './fit-measures';
import { TimeMap } from './time-map';

const everySecond = (count: number) => Array.from({ length: count }, (_, i) => i);

/** 40 bars of 4/4, one beat a second (the TQL fixture 'sonata'). */
const sonata = TimeMap.of({
  beatTimes: everySecond(160),
  beatPattern: [4],
  beatsInMeasure: Array<number>(40).fill(4),
  measureNumbers: Array.from({ length: 40 }, (_, i) => i + 1),
  mediaLength: 160,
})!;

/** Bars 1-16 then 9-16 again (the TQL fixture 'repeat'). */
const repeat = TimeMap.of({
  beatTimes: everySecond(96),
  beatPattern: [4],
  beatsInMeasure: Array<number>(24).fill(4),
  measureNumbers: [...Array.from({ length: 16 }, (_, i) => i + 1), 9, 10, 11, 12, 13, 14, 15, 16],
  mediaLength: 96,
})!;

describe('fitMeasures, as the desktop fits measures to beats on load', () => {
  const fit = (beats: number, pattern: number[], measures: number[], numbers: number[] = []) =>
    fitMeasures(beats, { beatPattern: pattern, beatsInMeasure: measures, measureNumbers: numbers });

  it('lays out measures from the cycling pattern when none are stored', () => {
    expect(fit(10, [4], [])).toEqual({ beatsInMeasure: [4, 4, 2], measureNumbers: [1, 2, 3] });
    expect(fit(9, [3, 2], [])).toEqual({
      beatsInMeasure: [3, 2, 3, 1],
      measureNumbers: [1, 2, 3, 4],
    });
  });

  it('fills the unfinished last measure first, then follows the pattern from the next one', () => {
    // Stored: a pickup of one beat, then 4/4; the last stored measure has 2 of its 4 beats.
    expect(fit(11, [4], [1, 4, 2], [0, 1, 2]).beatsInMeasure).toEqual([1, 4, 4, 2]);
    expect(fit(11, [4], [1, 4, 2], [0, 1, 2]).measureNumbers).toEqual([0, 1, 2, 3]);
    // Pattern [3, 2]: the second measure (index 1) is complete at 2, the next takes 3.
    expect(fit(9, [3, 2], [3, 2]).beatsInMeasure).toEqual([3, 2, 3, 1]);
  });

  it('cuts beats from the end and drops surplus numbers', () => {
    expect(fit(5, [4], [4, 4, 4], [1, 2, 3])).toEqual({
      beatsInMeasure: [4, 1],
      measureNumbers: [1, 2],
    });
    expect(fit(8, [4], [4, 4, 4], [1, 2, 3])).toEqual({
      beatsInMeasure: [4, 4],
      measureNumbers: [1, 2],
    });
  });

  it('keeps repeated and backwards numbers as written', () => {
    expect(fit(12, [4], [4, 4, 4], [1, 2, 1]).measureNumbers).toEqual([1, 2, 1]);
  });
});

describe('TimeMap', () => {
  it('gives bar and beat of a time (157 s in the sonata is bar 40, beat 2)', () => {
    const position = sonata.position(157)!;
    expect(position.bar.number).toBe(40);
    expect(position.beat).toBe(2);
    expect(sonata.position(157.5)!.beat).toBeCloseTo(2.5);
  });

  it('snaps a time within 0.1 s of a beat onto it', () => {
    expect(sonata.position(95.95)!).toMatchObject({ beat: 1, bar: { number: 25 } });
    expect(sonata.position(96.08)!.beat).toBe(1);
    expect(sonata.isDownbeat(96.05)).toBe(true);
    expect(sonata.isDownbeat(97)).toBe(false);
  });

  it('counts passes through a repeat (b2 at 76 s is bar 12, pass 2)', () => {
    const position = repeat.position(76)!;
    expect(position.bar).toMatchObject({ number: 12, pass: 2, index: 19 });
    expect(repeat.position(44)!.bar).toMatchObject({ number: 12, pass: 1, index: 11 });
    expect(repeat.barsNumbered(12).map((bar) => bar.start)).toEqual([44, 76]);
    expect(repeat.timeOfBar(12, 2)).toBe(76);
    expect(repeat.timeOfBar(12)).toBe(44);
    expect(repeat.timeOfBar(17)).toBeNull();
  });

  it('puts an end on a downbeat in the bar before', () => {
    expect(sonata.endBar(64)!.number).toBe(16);
    expect(sonata.endBar(63)!.number).toBe(16);
    expect(sonata.endBar(160)!.number).toBe(40);
  });

  it('ends one beat after the last beat, or at the media end if sooner', () => {
    expect(sonata.end).toBe(160);
    const short = TimeMap.of({
      beatTimes: [0, 2, 4],
      beatPattern: [3],
      beatsInMeasure: [],
      measureNumbers: [],
      mediaLength: 5,
    })!;
    expect(short.end).toBe(5);
    expect(short.bars).toEqual([
      { index: 0, number: 1, pass: 1, firstBeat: 0, beatCount: 3, start: 0, end: 5 },
    ]);
    expect(short.position(5.05)).not.toBeNull();
    expect(short.position(5.2)).toBeNull();
    expect(short.position(-0.2)).toBeNull();
  });

  it('measures continuous positions in bars and beats', () => {
    expect(sonata.barsAt(157)).toBe(39.25);
    expect(sonata.beatsAt(157.5)).toBe(157.5);
    expect(sonata.barsAt(128)! - sonata.barsAt(99)!).toBe(7.25);
  });

  it('makes no map of fewer than two beats or of two beats at one time', () => {
    const input = { beatPattern: [4], beatsInMeasure: [], measureNumbers: [], mediaLength: null };
    expect(TimeMap.of({ ...input, beatTimes: [1] })).toBeNull();
    expect(TimeMap.of({ ...input, beatTimes: [0, 1, 1, 2] })).toBeNull();
    expect(TimeMap.of({ ...input, beatTimes: [2, 0, 1] })!.beats).toEqual(
      Float64Array.from([0, 1, 2]),
    );
  });
});
