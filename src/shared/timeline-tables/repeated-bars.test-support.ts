import type { ViewerFileJson } from '../api-types';

/**
 * The fixture with bars played twice: eight beats a second apart in bars of two, printed
 * 1, 2, 1, 2 (a repeat), and its two markers moved into them: the HC on bar 2's second beat
 * (3 s), the PAC halfway through the first beat of bar 1's second playing (4.5 s).
 */
export function repeatedBars(json: ViewerFileJson): ViewerFileJson {
  const beats = json.timelines.find((t) => t.kind === 'BEAT_TIMELINE')!;
  beats.components = Array.from({ length: 8 }, (_, i) => ({ id: 900 + i, kind: 'BEAT', time: i }));
  beats.beat_pattern = '[2]';
  beats.beats_in_measure = '[2, 2, 2, 2]';
  beats.measure_numbers = '[1, 2, 1, 2]';
  const markers = json.timelines.find((t) => t.kind === 'MARKER_TIMELINE')!;
  (markers.components[0] as { time: number }).time = 3;
  (markers.components[1] as { time: number }).time = 4.5;
  return json;
}
