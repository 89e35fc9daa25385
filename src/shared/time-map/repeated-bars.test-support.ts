import { TimeMap } from './time-map';

/** Bars of two beats a second apart, eight beats, printed 1, 2, 1, 2: each bar played twice. */
export function repeatedBarsMap(): TimeMap {
  return TimeMap.of({
    beatTimes: [0, 1, 2, 3, 4, 5, 6, 7],
    mediaLength: null,
    beatPattern: [2],
    beatsInMeasure: [2, 2, 2, 2],
    measureNumbers: [1, 2, 1, 2],
  })!;
}
