/**
 * The bars of a movement as they sound in its recording: DCML's stored bars (`mc`) unfolded in
 * playback order (playback-order.ts), each with its start in the audio from MuseScore's measure
 * positions (.mpos) and its PDF page. A position inside a bar is placed by the bar's own duration
 * in that time map: the bar's quarter notes spread evenly over it.
 */
import { cell, parseFraction, type TsvRow } from './dcml-tables';
import type { MeasurePositions } from './mpos';
import { playbackOrder } from './playback-order';
import { barsOf, type Bar } from './dcml-timelines';

export interface PlayedBar extends Bar {
  mc: number;
  /** Start in the audio, seconds. */
  time: number;
  /** Duration in the audio, seconds. */
  duration: number;
  /** 1-based PDF page the bar is engraved on. */
  page: number;
  /** Which time this stored bar is played: 1, 2, … */
  pass: number;
}

/** Where a position `quarters` into a played bar falls in the audio. */
export function timeInBar(bar: PlayedBar, quarters: number): number {
  return bar.time + (bar.duration * quarters) / bar.length;
}

/**
 * Unfolds the measures table by `next` and checks that MuseScore played the same order: the
 * seed refuses a recording whose bars do not match the analysis. The last bar's duration is not
 * in the map: it keeps the tempo of the bar before it, within the audio's length.
 */
export function playedBars(
  measures: readonly TsvRow[],
  positions: MeasurePositions,
  audioSeconds: number,
): PlayedBar[] {
  const order = playbackOrder(measures);
  const { events, pages } = positions;
  const differ = order.findIndex((mc, i) => events[i]?.elementId !== mc - 1);
  if (differ >= 0 || events.length !== order.length) {
    throw new Error(
      `the recording plays ${events.length} bars, the measures table ${order.length}; ` +
        `first difference at bar ${differ}`,
    );
  }
  const stored = new Map(
    barsOf(measures).map((bar, i) => [Number(cell(measures[i] ?? {}, 'mc')), bar]),
  );
  const passes = new Map<number, number>();
  const played = order.map((mc, i): PlayedBar => {
    const bar = stored.get(mc);
    if (!bar) throw new Error(`no mc ${mc}`);
    const pass = (passes.get(mc) ?? 0) + 1;
    passes.set(mc, pass);
    const time = (events[i]?.ms ?? 0) / 1000;
    const next = events[i + 1];
    return {
      ...bar,
      mc,
      time,
      duration: next ? next.ms / 1000 - time : Number.NaN,
      page: (pages[mc - 1] ?? 0) + 1,
      pass,
    };
  });
  const last = played[played.length - 1];
  const before = played[played.length - 2];
  if (last) {
    const perQuarter = before ? before.duration / before.length : 0.5;
    last.duration = Math.min(perQuarter * last.length, audioSeconds - last.time);
  }
  for (const bar of played) {
    if (!(bar.duration > 0)) throw new Error(`mc ${bar.mc} has no duration in the recording`);
  }
  return played;
}

/** The stored bar's row of a table: its `mc` and its position in it (`mc_onset`, whole notes). */
function rowPosition(row: TsvRow): { mc: number; quarters: number } {
  return { mc: Number(cell(row, 'mc')), quarters: 4 * parseFraction(cell(row, 'mc_onset')) };
}

export interface PlacedRow {
  row: TsvRow;
  time: number;
  bar: PlayedBar;
}

/** Every row at every playing of its bar, in time order (table order within a time). */
export function placeRows(rows: readonly TsvRow[], bars: readonly PlayedBar[]): PlacedRow[] {
  const byMc = new Map<number, TsvRow[]>();
  for (const row of rows) {
    const mc = Number(cell(row, 'mc'));
    const list = byMc.get(mc);
    if (list) list.push(row);
    else byMc.set(mc, [row]);
  }
  const placed: PlacedRow[] = [];
  for (const bar of bars) {
    for (const row of byMc.get(bar.mc) ?? []) {
      placed.push({ row, time: timeInBar(bar, rowPosition(row).quarters), bar });
    }
  }
  // Rows of one bar can be out of time order (voices, staves); Array.sort is stable.
  return placed.sort((a, b) => a.time - b.time);
}
