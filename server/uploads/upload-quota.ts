import { ApiError } from '../http-errors';

const HOUR_MS = 60 * 60 * 1000;

/**
 * MAX_UPLOADS_PER_HOUR: upload requests per user in any hour (a sliding window), so that one
 * account cannot fill the disk or the database in an afternoon. Kept in this process's memory,
 * like the account routes' rate limits: behind a load balancer each instance counts its own.
 */
export class UploadQuota {
  /** Per user, the times of the uploads of the last hour, oldest first. */
  private readonly recent = new Map<number, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly maxPerHour: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an upload by `userId`, or throws a 429 when the user has had the hour's uploads. */
  take(userId: number): void {
    const now = this.now();
    this.sweep(now);
    const times = (this.recent.get(userId) ?? []).filter((time) => time > now - HOUR_MS);
    if (times.length >= this.maxPerHour) {
      this.recent.set(userId, times);
      const seconds = Math.max(1, Math.ceil((times[0]! + HOUR_MS - now) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new ApiError(
        429,
        {
          detail:
            `You have made ${times.length} uploads in the last hour, the most allowed. ` +
            `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          code: 'throttled',
        },
        { 'retry-after': String(seconds) },
      );
    }
    times.push(now);
    this.recent.set(userId, times);
  }

  /** Forgets users whose last upload is over an hour old, at most once an hour. */
  private sweep(now: number): void {
    if (now - this.lastSweep < HOUR_MS) return;
    this.lastSweep = now;
    for (const [userId, times] of this.recent) {
      if (times[times.length - 1]! <= now - HOUR_MS) this.recent.delete(userId);
    }
  }
}
