/**
 * The viewer's one playback clock. The playhead loop reads the media time once per animation
 * frame and publishes it here; everything else that follows playback (the now-playing strip, the
 * table view, the PDF panel) subscribes instead of running an animation loop of its own, so the
 * main thread runs one requestAnimationFrame callback per frame while the media plays.
 */
export interface PlaybackClock {
  /**
   * Calls `listener` with the media time now (once the viewer knows it) and then whenever it
   * changes, at most once per frame. Returns the unsubscribe.
   */
  subscribe(listener: (time: number) => void): () => void;
}

export class PublishedClock implements PlaybackClock {
  private readonly listeners = new Set<(time: number) => void>();
  private time = Number.NaN;

  /** The time of this frame; listeners hear it only when it changed, or when forced. */
  publish(time: number, force = false): void {
    if (!force && time === this.time) return;
    this.time = time;
    for (const listener of this.listeners) listener(time);
  }

  subscribe(listener: (time: number) => void): () => void {
    this.listeners.add(listener);
    if (!Number.isNaN(this.time)) listener(this.time);
    return () => this.listeners.delete(listener);
  }
}
