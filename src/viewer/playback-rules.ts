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

/** The elapsed / total display, relative to mediaStart and mediaEnd. */
export function elapsedAndTotal(span: MediaSpan, time: number): [number, number] {
  const total = Math.max(0, span.end - span.start);
  return [Math.min(Math.max(time - span.start, 0), total), total];
}
