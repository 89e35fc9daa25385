/**
 * Musical positions as table cells and CSV fields: a bar by its printed number (and which time
 * through a repeat, where it is played more than once), a beat from 1 with its fraction.
 */
import type { MusicalPosition, TimeMap } from './time-map';

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** '12', or '9 (2nd time)' for the second playing of a bar printed 9. */
export function barText(map: TimeMap, position: MusicalPosition): string {
  const { number, pass } = position.bar;
  return map.isRepeated(number) ? `${number} (${ordinal(pass)} time)` : String(number);
}

/** '3', or '2.5' halfway from the second beat to the third (to a tenth of a beat). */
export function beatText(position: Pick<MusicalPosition, 'beat'>): string {
  const tenths = Math.floor(position.beat * 10 + 1e-6) / 10;
  return Number.isInteger(tenths) ? String(tenths) : tenths.toFixed(1);
}

/** '12, beat 3', or '9 (2nd time), beat 1.5' for a later playing of a bar through a repeat. */
export function barAndBeat(measure: number, pass: number, beat: number): string {
  const playing = pass > 1 ? ` (${ordinal(pass)} time)` : '';
  return `${measure}${playing}, beat ${beatText({ beat })}`;
}

/** '12, beat 3', or '9 (1st time), beat 2' for a bar the music plays more than once. */
export function positionText(map: TimeMap, position: MusicalPosition): string {
  return `${barText(map, position)}, beat ${beatText(position)}`;
}

/** The bar and beat cells of a time: empty off the map (before the first beat, after the end). */
export function musicalCells(map: TimeMap, time: number): [string, string] {
  const position = map.position(time);
  return position ? [barText(map, position), beatText(position)] : ['', ''];
}
