import { describe, expect, it } from 'vitest';
import { barsOf, phrasesOf, pythonRound } from './dcml-timelines';
import type { TimedRow } from './dcml-timelines';
import { coarserBars } from './recording-timelines';

const mark = (time: number, phraseend: string): TimedRow => ({ row: { phraseend }, time });

describe('phrasesOf', () => {
  it('opens, closes and closes-and-opens', () => {
    const rows = [mark(0, '{'), mark(4, '}{'), mark(8, '}')];
    expect(phrasesOf(rows, 20)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 8 },
    ]);
  });

  it('starts an unopened phrase where the previous ended, or at the start', () => {
    expect(phrasesOf([mark(4, '}'), mark(10, '}')], 20)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 10 },
    ]);
  });

  it('restarts on a second {, closes at the end, and drops zero-length phrases', () => {
    expect(
      phrasesOf([mark(0, '{'), mark(2, '{'), mark(6, '}'), mark(6, '}'), mark(12, '{')], 16),
    ).toEqual([
      { start: 2, end: 6 },
      { start: 12, end: 16 },
    ]);
  });
});

describe('barsOf', () => {
  it('gives a pickup its share of beats and a full bar the numerator', () => {
    const bars = barsOf([
      { mn: '0', quarterbeats: '0', timesig: '3/4', act_dur: '3/8' },
      { mn: '1', quarterbeats: '3/2', timesig: '3/4', act_dur: '3/4' },
      { mn: '2', quarterbeats: '9/2', timesig: '6/8', act_dur: '1/8' },
    ]);
    expect(bars.map((b) => [b.number, b.length, b.beats])).toEqual([
      [0, 1.5, 2],
      [1, 3, 3],
      [2, 0.5, 1],
    ]);
  });
});

describe('pythonRound', () => {
  it('rounds halves to even, as Python', () => {
    expect([0.5, 1.5, 2.5, 2.4, 2.6].map(pythonRound)).toEqual([0, 2, 2, 2, 3]);
  });
});

describe('coarserBars', () => {
  it('merges bars by their RMS and scales the loudest to 1', () => {
    expect(coarserBars([0, 0, 0, 0.5, 0.5, 0.5, 1], 3)).toEqual([0, 0.5, 1]);
    expect(coarserBars([0.3, 0.4], 2)).toEqual([1]);
  });
});
