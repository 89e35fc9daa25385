import type { Db } from '../../db/database';
import { ApiError } from '../../http-errors';
import { removeOldUploadEvents, takeUploadSlot, type QuotaAnswer } from './upload-quota.repository';

const HOUR_MS = 60 * 60 * 1000;

/** Where the uploads of the last hour are counted: this process, or the shared database. */
interface UploadLedger {
  take(userId: number, max: number): Promise<QuotaAnswer>;
}

/**
 * MAX_UPLOADS_PER_HOUR: upload requests per user in any hour (a sliding window), so that one
 * account cannot fill the disk or the database in an afternoon. On PostgreSQL the uploads are
 * counted in the database, so every instance on it shares the limit; on the embedded database,
 * whose one process serves every request, in memory.
 */
export class UploadQuota {
  private readonly ledger: UploadLedger;

  constructor(
    private readonly maxPerHour: number,
    shared: Db | null,
  ) {
    this.ledger = shared ? new DatabaseLedger(shared) : new MemoryLedger();
  }

  /** Counts an upload by `userId`, or throws a 429 when the user has had the hour's uploads. */
  async take(userId: number): Promise<void> {
    const answer = await this.ledger.take(userId, this.maxPerHour);
    if (answer.taken) return;
    const seconds = Math.max(1, Math.ceil(answer.retryMs / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new ApiError(
      429,
      {
        detail:
          `You have made ${answer.uploads} uploads in the last hour, the most allowed. ` +
          `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        code: 'throttled',
      },
      { 'retry-after': String(seconds) },
    );
  }
}

class MemoryLedger implements UploadLedger {
  /** Per user, the times of the uploads of the last hour, oldest first. */
  private readonly recent = new Map<number, number[]>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  take(userId: number, max: number): Promise<QuotaAnswer> {
    const now = this.now();
    this.sweep(now);
    const times = (this.recent.get(userId) ?? []).filter((time) => time > now - HOUR_MS);
    this.recent.set(userId, times);
    if (times.length >= max) {
      return Promise.resolve({
        taken: false,
        uploads: times.length,
        retryMs: times[0]! + HOUR_MS - now,
      });
    }
    times.push(now);
    return Promise.resolve({ taken: true });
  }

  /** Forgets users whose last upload is over an hour old, at most once an hour. */
  private sweep(now: number): void {
    if (now - this.lastSweep < HOUR_MS) return;
    this.lastSweep = now;
    for (const [userId, times] of this.recent) {
      if (times.length === 0 || times[times.length - 1]! <= now - HOUR_MS) {
        this.recent.delete(userId);
      }
    }
  }
}

class DatabaseLedger implements UploadLedger {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  async take(userId: number, max: number): Promise<QuotaAnswer> {
    const now = Date.now();
    if (now - this.lastSweep >= HOUR_MS) {
      this.lastSweep = now;
      await removeOldUploadEvents(this.db, HOUR_MS);
    }
    return takeUploadSlot(this.db, userId, max, HOUR_MS);
  }
}
