import { ApiError } from '../http-errors';

/** How long a client is told to wait before trying again, in seconds. */
export const RETRY_AFTER_SECONDS = 5;

/** The 503 of work that cannot be taken now: the client may try again after Retry-After. */
export function busy(detail: string): ApiError {
  return new ApiError(503, { detail }, { 'retry-after': String(RETRY_AFTER_SECONDS) });
}

/**
 * A gate at the edge for one kind of costly work (a deep result page, a CSV export): at most
 * `running` at once, at most `waiting` more in line, and anything past that refused with a 503
 * and Retry-After at once. Whoever asks, the work itself runs at full speed: it never pauses
 * for others; others are protected by how much of it may run, not by how fast.
 */
export class CostlyWork {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
    private readonly what: string,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) {
        throw busy(`The server is busy with other ${this.what}. Try again in a few seconds.`);
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      // The turn passes straight to the next in line; the count stays.
      if (next) next();
      else this.active--;
    }
  }

  /**
   * Admits work that ends later (a streamed export) without waiting: the function that ends it,
   * or a 503 when as much is running as may.
   */
  enter(): () => void {
    if (this.active >= this.running) {
      throw busy(`The server is busy with other ${this.what}. Try again in a few seconds.`);
    }
    this.active++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    };
  }

  /** Work admitted now (running, or waiting its turn). */
  get admitted(): number {
    return this.active + this.queue.length;
  }
}
