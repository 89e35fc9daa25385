import { throttled } from './throttle';

export interface HashingPacerLimits {
  /** Runs at once. */
  runningLimit: number;
  /** Milliseconds of failed runs earned back per millisecond of wall time (share x cores). */
  earnedPerMs: number;
  /** Failed runs' time that may be spent back to back by an idle server. */
  burstMs: number;
  /** Runs that may wait; past this many a run is refused at once. */
  queueLimit: number;
  /** How long a run may wait while failed runs are being paced. */
  waitMs: number;
  /** The most one failed run may put the credit in debt by (its time is charged by the clock). */
  maxPauseMs: number;
}

interface Turn {
  start(): void;
  refuse(): void;
  /** Waited `waitMs`, but only for other runs to finish: refused once pacing holds the queue. */
  overdue: boolean;
}

/**
 * Paces password hashing: a bounded number of runs at once, and runs that FAIL (a wrong password,
 * an unknown user's decoy) take at most a share of the machine's time over a busy stretch. A
 * guesser's flood is all failures, so it is paced; correct logins and sign-ups spend nothing and
 * go through at the running bound however many arrive together (a class signing up at once).
 *
 * Every run waits while failures have spent the credit: a flood holds the queue for everyone,
 * which is the point of pacing it. A run that has waited `waitMs` while the queue was paced is
 * refused with 429; one waiting only behind other runs is not (the queue is bounded, so that
 * wait is too), so a burst of legitimate work is never refused for its own size.
 */
export class HashingPacer {
  private running = 0;
  /** Failed runs' time that may be spent now; failures spend it (by wall time), time earns it. */
  private credit: number;
  private creditAt: number;
  private creditTimer: NodeJS.Timeout | null = null;
  private readonly waiting: Turn[] = [];

  constructor(private readonly limits: HashingPacerLimits) {
    this.credit = limits.burstMs;
    this.creditAt = performance.now();
  }

  /** No place in the queue for another run: a login would be refused, so it need not be read. */
  queueFull(): boolean {
    return this.waiting.length >= this.limits.queueLimit;
  }

  /**
   * Runs `work` in its turn. `failed` says from its result (or `undefined` for a throw) whether
   * the run failed, and so whether its time is charged to the share.
   */
  async run<T>(work: () => Promise<T>, failed: (result: T | undefined) => boolean): Promise<T> {
    if (this.queueFull()) throw throttled(1);
    await this.turn();
    const started = performance.now();
    let result: T | undefined;
    try {
      result = await work();
      return result;
    } finally {
      this.running--;
      this.earnCredit();
      if (failed(result)) {
        const debtLimit = -this.limits.maxPauseMs * this.limits.earnedPerMs;
        this.credit = Math.max(this.credit - (performance.now() - started), debtLimit);
      }
      this.startWaitingRuns();
    }
  }

  private turn(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const turn: Turn = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: () => {
          clearTimeout(timer);
          this.waiting.splice(this.waiting.indexOf(turn), 1);
          reject(throttled(1));
        },
        overdue: false,
      };
      const timer = setTimeout(() => {
        turn.overdue = true;
        if (this.paced()) turn.refuse();
      }, this.limits.waitMs);
      this.waiting.push(turn);
      this.startWaitingRuns();
    });
  }

  private paced(): boolean {
    this.earnCredit();
    return this.credit <= 0;
  }

  private earnCredit(): void {
    const now = performance.now();
    const earned = (now - this.creditAt) * this.limits.earnedPerMs;
    this.credit = Math.min(this.limits.burstMs, this.credit + earned);
    this.creditAt = now;
  }

  /** Starts the runs that may start now; when only credit is missing, looks again once earned. */
  private startWaitingRuns(): void {
    while (this.waiting.length > 0 && this.running < this.limits.runningLimit && !this.paced()) {
      this.running++;
      this.waiting.shift()!.start();
    }
    if (this.waiting.length === 0 || this.running >= this.limits.runningLimit) return;
    for (const turn of this.waiting.filter((waiting) => waiting.overdue)) turn.refuse();
    if (this.waiting.length > 0 && this.creditTimer === null) {
      this.creditTimer = setTimeout(
        () => {
          this.creditTimer = null;
          this.startWaitingRuns();
        },
        Math.ceil(-this.credit / this.limits.earnedPerMs) + 1,
      );
    }
  }
}
