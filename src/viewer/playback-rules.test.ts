import { describe, expect, it } from 'vitest';
import {
  clampToSpan,
  elapsedAndTotal,
  loopRestart,
  playbackAction,
  seekApplies,
} from './playback-rules';

const span = { start: 10, end: 70 };

describe('seekApplies', () => {
  it('applies while playing, or when the request says so', () => {
    expect(seekApplies({ time: 5, ifPlaying: false }, true)).toBe(true);
    expect(seekApplies({ time: 5, ifPlaying: false }, false)).toBe(false);
    expect(seekApplies({ time: 5, ifPlaying: true }, false)).toBe(true);
    expect(seekApplies({ time: 5, ifPlaying: true }, true)).toBe(true);
  });
});

describe('playbackAction', () => {
  it('stops at mediaEnd while playing', () => {
    expect(playbackAction(span, 70, true, false)).toBe('stop');
    expect(playbackAction(span, 69.5, true, false)).toBe('none');
    expect(playbackAction(span, 70, false, false)).toBe('none');
  });

  it('sends an external player back to mediaStart when it leaves the span', () => {
    expect(playbackAction(span, 5, false, true)).toBe('rewind');
    expect(playbackAction(span, 80, false, true)).toBe('rewind');
    expect(playbackAction(span, 80, true, true)).toBe('stop');
    expect(playbackAction(span, 5, false, false)).toBe('none');
  });
});

describe('times relative to the span', () => {
  it('clamps and gives elapsed and total', () => {
    expect(clampToSpan(span, 100)).toBe(70);
    expect(clampToSpan(span, 0)).toBe(10);
    expect(elapsedAndTotal(span, 25)).toEqual([15, 60]);
    expect(elapsedAndTotal(span, 0)).toEqual([0, 60]);
  });
});

describe('loopRestart', () => {
  const loop = { start: 10, end: 12 };
  it('sends playback back to the start at the end of the loop, not before', () => {
    expect(loopRestart(loop, 11.5, true)).toBeNull();
    expect(loopRestart(loop, 12, true)).toBe(10);
    expect(loopRestart(loop, 12.3, true)).toBe(10);
  });
  it('brings a playhead that left the loop (a seek elsewhere) back into it', () => {
    expect(loopRestart(loop, 3, true)).toBe(10);
  });
  it('leaves a paused playhead, and playback without a loop, where they are', () => {
    expect(loopRestart(loop, 12.5, false)).toBeNull();
    expect(loopRestart(null, 12.5, true)).toBeNull();
  });
});
