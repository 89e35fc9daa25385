/**
 * What the viewer needs from a media source: a clock it can read every frame, and play, pause and
 * seek. One adapter per storage kind ('staticfiles' HTML media, 'youtube', 'abstract').
 */
export interface MediaAdapter {
  /** External players (YouTube) get the 'seek back into the span' rule. */
  readonly external: boolean;
  /** False for abstract media: play and stop are hidden. */
  readonly canPlay: boolean;
  currentTime(): number;
  isPlaying(): boolean;
  play(): void;
  pause(): void;
  seek(time: number): void;
  /** Plays at `rate` times the normal speed, at the same pitch. */
  setRate(rate: number): void;
  /** Releases the player, its listeners and timers. */
  dispose(): void;
}

/** Abstract media: nothing plays; the time only changes when the viewer seeks. */
export function abstractClock(start: number): MediaAdapter {
  let time = start;
  return {
    external: false,
    canPlay: false,
    currentTime: () => time,
    isPlaying: () => false,
    play: () => undefined,
    pause: () => undefined,
    seek: (t) => {
      time = t;
    },
    setRate: () => undefined,
    dispose: () => undefined,
  };
}
