import type { TimelineJson } from '../api-types';
import { TimeMap } from './time-map';

/** A list of numbers stored as JSON text in a beat timeline's fields; [] when it is not one. */
export function numberList(text: string | undefined): number[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

/** A beat timeline's measure fields, as the viewer JSON carries them (JSON text). */
export function beatTimelineMeasures(timeline: TimelineJson) {
  return {
    beatPattern: numberList(timeline.beat_pattern),
    beatsInMeasure: numberList(timeline.beats_in_measure),
    measureNumbers: numberList(timeline.measure_numbers),
    measuresToForceDisplay: numberList(timeline.measures_to_force_display),
  };
}

/**
 * A file's time map from its viewer JSON: the bars of its first beat timeline in display order
 * (the one the desktop's own measure readout uses), or null without one.
 */
export function fileTimeMap(
  timelines: readonly TimelineJson[],
  mediaLength: number | null,
): TimeMap | null {
  const beats = [...timelines]
    .filter((timeline) => timeline.kind === 'BEAT_TIMELINE')
    .sort((a, b) => a.display_position - b.display_position)[0];
  if (!beats) return null;
  const times = (beats.components as { time: number }[]).map((beat) => beat.time);
  return TimeMap.of({
    beatTimes: [...new Set(times)],
    mediaLength,
    ...beatTimelineMeasures(beats),
  });
}
