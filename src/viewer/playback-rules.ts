/**
 * Playback and seek rules of SPEC.md section 4, as pure decisions the playhead loop and the page
 * act on.
 */

/** A seek asked for by a click, a key or a share link. */
export interface SeekRequest {
  time: number;
  /** Apply the seek even when the media is not playing. */
  ifPlaying: boolean;
}

/**
 * SPEC.md section 4, to the letter: "A seek applies only if the media is playing or the request
 * says so." A single click asks with ifPlaying false (while playing, playback jumps there; while
 * paused, the playhead stays); a double click and a share link ask with ifPlaying true.
 */
export function seekApplies(request: SeekRequest, playing: boolean): boolean {
  return playing || request.ifPlaying;
}

export interface MediaSpan {
  start: number;
  end: number;
}

export function clampToSpan(span: MediaSpan, time: number): number {
  return Math.min(Math.max(time, span.start), span.end);
}

export type PlaybackAction = 'none' | 'stop' | 'rewind';

/** Times closer than this to the span's edges count as on them (players report coarse times). */
const EDGE = 0.01;

/**
 * What to do with the media at time `time`: on reaching mediaEnd while playing, stop (pause and
 * return to mediaStart); an external player (YouTube) that is past the end or before the start
 * seeks back to mediaStart.
 */
export function playbackAction(
  span: MediaSpan,
  time: number,
  playing: boolean,
  external: boolean,
): PlaybackAction {
  if (playing && time >= span.end - EDGE) return 'stop';
  if (external && (time > span.end + EDGE || time < span.start - EDGE)) return 'rewind';
  return 'none';
}

/**
 * Where a loop sends playback: once the playhead reaches the loop's end (or has left it, as a
 * seek elsewhere does), back to its start. Null while paused and while inside the loop. A seek
 * out of the loop is a way out of it only by turning the loop off.
 */
export function loopRestart(loop: MediaSpan | null, time: number, playing: boolean): number | null {
  if (!loop || !playing) return null;
  return time >= loop.end - EDGE || time < loop.start - EDGE ? loop.start : null;
}

/** The speeds offered for study (pitch is kept), slowest first. */
export const PLAYBACK_RATES = [0.5, 0.6, 0.75, 0.9, 1, 1.1, 1.25, 1.5] as const;

/** The elapsed / total display, relative to mediaStart and mediaEnd. */
export function elapsedAndTotal(span: MediaSpan, time: number): [number, number] {
  const total = Math.max(0, span.end - span.start);
  return [Math.min(Math.max(time - span.start, 0), total), total];
}
