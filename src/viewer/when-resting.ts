/** Runs the latest of a stream of updates once the stream rests: no newer one for `restMs`. */
export class WhenResting {
  private pending: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly restMs: number) {}

  /** Replaces any waiting update with this one, to run when the stream rests. */
  later(update: () => void): void {
    this.pending = update;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.restMs);
  }

  /** Runs the waiting update now, if there is one. */
  flush(): void {
    const update = this.pending;
    this.cancel();
    update?.();
  }

  /** Drops the waiting update (a newer one was run by other means). */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }
}
