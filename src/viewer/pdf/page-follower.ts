import { pagesAhead, windowAt, type PageWindows } from '../../shared/pdf-page-windows';
import { PAGES_AHEAD } from './pdf-constants';

/**
 * The playback clock as the PDF panel sees it: `subscribe` calls the listener with the media time
 * now and then whenever it changes (at most once per animation frame), and returns the unsubscribe.
 */
export interface PlaybackClock {
  subscribe(listener: (time: number) => void): () => void;
}

export interface PageTarget {
  show(page: number | null, ahead: readonly number[]): void;
}

/**
 * Turns media times into page turns. Per frame it costs one binary search over the page windows;
 * the target hears only about changes of window, so nothing else runs while a page stays up.
 */
export class PageFollower {
  private index = Number.NaN;

  constructor(
    private readonly windows: PageWindows,
    private readonly target: PageTarget,
  ) {}

  update(time: number): void {
    const index = windowAt(this.windows, time);
    if (index === this.index) return;
    this.index = index;
    const page = index < 0 ? null : (this.windows.pages[index] ?? null);
    this.target.show(page, pagesAhead(this.windows, index, PAGES_AHEAD));
  }
}

/**
 * A clock read once per animation frame, for hosts that can only offer a getter. Listeners hear
 * the time at once and then only when it changed; the frame loop runs only while someone listens.
 */
export function frameClock(read: () => number): PlaybackClock {
  const listeners = new Set<(time: number) => void>();
  let frame = 0;
  let last = Number.NaN;
  const tick = () => {
    frame = requestAnimationFrame(tick);
    const time = read();
    if (time === last) return;
    last = time;
    for (const listener of listeners) listener(time);
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      const time = read();
      listener(time);
      if (listeners.size === 1) {
        last = time;
        frame = requestAnimationFrame(tick);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) cancelAnimationFrame(frame);
      };
    },
  };
}
