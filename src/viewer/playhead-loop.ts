import { formatTime } from '../shared/time-format';
import type { FollowMode } from '../state/viewer-prefs';
import type { MediaAdapter } from './media/media-adapter';
import type { PublishedClock } from './playback-clock';
import { elapsedAndTotal, loopRestart, playbackAction, type MediaSpan } from './playback-rules';

export interface PlayheadTargets {
  /** The playhead line; moved with a transform, never re-laid out. */
  playhead: HTMLElement;
  /** Slider knobs follow the playhead too. */
  knobs: () => Iterable<HTMLElement>;
  /** The elapsed / total display. */
  clock: () => HTMLElement | null;
  /** Where everything else that follows playback hears the time. */
  published: PublishedClock;
}

export interface PlayheadCallbacks {
  /** Viewport x of a time in the drawn view, or null before the first draw. */
  xOf: (time: number) => number | null;
  onPlayingChange: (playing: boolean) => void;
  /** Playback left the viewport: the view should turn a page. */
  onOutOfView: (time: number) => void;
  /** Each frame of playback when followed continuously: the view should scroll with it. */
  onFollow: (time: number) => void;
  viewportWidth: () => number;
}

const CLOCK_INTERVAL_MS = 100;

/**
 * The one animation loop of the viewer. Each frame it reads the media clock once, applies the end
 * and range rules, moves the playhead (and slider knobs) with a CSS transform, and publishes the
 * time to everything else that follows playback (playback-clock.ts); no React, no WebGL. It keeps
 * running while paused because external players can start on their own.
 */
export class PlayheadLoop {
  private frame = 0;
  private lastTime = Number.NaN;
  private lastX = Number.NaN;
  private lastPlaying = false;
  private lastClockAt = 0;
  private running = false;
  /** The span played over and over, or null. */
  private loop: MediaSpan | null = null;
  /** How the view follows playback: a page at a time, or scrolling under it. */
  private follow: FollowMode = 'page';

  constructor(
    private readonly media: MediaAdapter,
    private readonly span: MediaSpan,
    private readonly targets: PlayheadTargets,
    private readonly callbacks: PlayheadCallbacks,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.frame = requestAnimationFrame(this.tick);
  }

  /** Redraws the playhead now (after a seek or a new layout), whatever the clock did. */
  refresh(): void {
    this.lastTime = Number.NaN;
    this.lastX = Number.NaN;
    this.lastClockAt = 0;
  }

  stop(): void {
    this.running = false;
    cancelAnimationFrame(this.frame);
  }

  setFollow(mode: FollowMode): void {
    this.follow = mode;
  }

  /** Plays `span` over and over until it is set to null. */
  setLoop(span: MediaSpan | null): void {
    this.loop = span;
  }

  private readonly tick = (now: number): void => {
    if (!this.running) return;
    this.frame = requestAnimationFrame(this.tick);
    const media = this.media;
    let time = media.currentTime();
    const playing = media.isPlaying();
    const restart = loopRestart(this.loop, time, playing);
    if (restart !== null) {
      media.seek(restart);
      time = restart;
    }
    const action = playbackAction(this.span, time, playing, media.external);
    switch (action) {
      case 'stop':
        media.pause();
        media.seek(this.span.start);
        time = this.span.start;
        break;
      case 'rewind':
        media.seek(this.span.start);
        time = this.span.start;
        break;
      case 'none':
        break;
      default: {
        const unreachable: never = action;
        throw new Error(`unknown playback action ${String(unreachable)}`);
      }
    }
    const nowPlaying = media.isPlaying();
    if (nowPlaying !== this.lastPlaying) {
      this.lastPlaying = nowPlaying;
      this.callbacks.onPlayingChange(nowPlaying);
    }
    if (time !== this.lastTime) {
      const forced = Number.isNaN(this.lastTime);
      this.lastTime = time;
      this.place(time, nowPlaying);
      this.targets.published.publish(time, forced);
    }
    if (now - this.lastClockAt >= CLOCK_INTERVAL_MS) {
      this.lastClockAt = now;
      const clock = this.targets.clock();
      if (clock) {
        const [elapsed, total] = elapsedAndTotal(this.span, time);
        const text = `${formatTime(elapsed)} / ${formatTime(total)}`;
        if (clock.textContent !== text) clock.textContent = text;
      }
    }
  };

  private place(time: number, playing: boolean): void {
    const x = this.callbacks.xOf(time);
    if (x === null) return;
    const width = this.callbacks.viewportWidth();
    if (playing && this.follow === 'continuous') this.callbacks.onFollow(time);
    else if (playing && (x < 0 || x > width)) this.callbacks.onOutOfView(time);
    const rounded = Math.round(x * 2) / 2;
    if (rounded === this.lastX) return;
    this.lastX = rounded;
    const visible = rounded >= -1 && rounded <= width + 1;
    const transform = `translate3d(${rounded}px, 0, 0)`;
    this.targets.playhead.style.transform = transform;
    this.targets.playhead.style.visibility = visible ? 'visible' : 'hidden';
    for (const knob of this.targets.knobs()) {
      knob.style.transform = transform;
      knob.style.visibility = visible ? 'visible' : 'hidden';
    }
  }
}
