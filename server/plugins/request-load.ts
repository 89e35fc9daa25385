import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * How long a bulk job pauses, as a multiple of the work before it, while others wait: at 4 it
 * takes a fifth of the time, so that others keep four fifths of the server's thread and of the
 * database (bench/abuse-bench.ts measures what that leaves them).
 */
const YIELD_RATIO = 4;

/** The longest a bulk job pauses at once, so that it never looks stalled to its own client. */
const MAX_PAUSE_MS = 250;

/**
 * While others are being answered, a large upload is read at most this fast: far above what a
 * person's uplink carries, far below what a client on the same machine or network pushes, which
 * would otherwise spend the server's thread on taking bytes in. Stored payloads going out are
 * never paced: serving many viewers at once is what the server is for (the server bench's
 * files/{id}/json rate), and a remote client's downloads are bounded by its own link.
 */
export const BULK_BYTES_PER_SECOND = 32 * 1024 * 1024;

/** The bytes a large upload moves between two looks at the load; smaller ones are never paced. */
export const BULK_SLICE_BYTES = 1024 * 1024;

/**
 * The requests being answered right now. Work that runs for minutes on one request (a CSV
 * export of every match) asks it between batches and steps aside while anyone else is waiting
 * or was answered since it last asked:
 * idle, the export runs at full speed; busy, it pauses after each batch for four times as long as
 * the batch took, leaving the cores (this process's and the database's) to the others four fifths
 * of the time. An export then lasts up to five times as long on a busy server.
 */
export class RequestLoad {
  private active = 0;
  /** Requests answered so far, and as many as when a bulk job last looked (`busy`). */
  private answered = 0;
  private answeredAtLastLook = 0;
  /** When the large-body bytes given a turn so far will have moved (paceTransfer). */
  private bulkDoneAt = 0;
  /** Settles when the costly work before the latest `takeTurn` has had its turn and pause. */
  private lastTurn: Promise<void> = Promise.resolve();

  /** Counts every request from its arrival until its connection is done with it. */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      this.active++;
      // 'close' comes once for every response: sent in full, failed, or left by the client.
      reply.raw.once('close', () => {
        this.active--;
        this.answered++;
      });
    });
  }

  /** Whether requests other than the caller's own are being answered. */
  othersWaiting(): boolean {
    return this.active > 1;
  }

  /**
   * Whether others are being answered now, or were since a bulk job last looked. A request served
   * from memory (the embedded database's cached JSON) starts and ends between two looks, so
   * looking at those in flight alone would miss a steady stream of them.
   */
  private busy(): boolean {
    const answeredMeanwhile = this.answered !== this.answeredAtLastLook;
    this.answeredAtLastLook = this.answered;
    return this.othersWaiting() || answeredMeanwhile;
  }

  /** After `workedMs` of the caller's work, pauses for four times that while others wait. */
  async stepAside(workedMs: number): Promise<void> {
    if (this.busy()) await sleep(Math.min(workedMs * YIELD_RATIO, MAX_PAUSE_MS));
  }

  /**
   * Waits for a slice of `bytes` of a large upload to have its turn: while others are being
   * answered, all large uploads together move at most BULK_BYTES_PER_SECOND, however many
   * clients send them at once.
   */
  async paceTransfer(bytes: number): Promise<void> {
    if (!this.busy()) return;
    const now = performance.now();
    const startAt = Math.max(now, this.bulkDoneAt);
    this.bulkDoneAt = startAt + (bytes / BULK_BYTES_PER_SECOND) * 1000;
    if (startAt > now) await sleep(startAt - now);
  }

  /**
   * Runs costly work (a deep result page) once the costly work before it has had its turn and
   * stepped aside: one at a time, however many clients ask at once, so a client looping on deep
   * pages takes at most a fifth of the database's time while others are answered. The caller
   * gets its result at once; the next one waits out the pause.
   */
  async takeTurn<T>(work: () => Promise<T>): Promise<T> {
    const before = this.lastTurn;
    let done = () => {};
    this.lastTurn = new Promise<void>((resolve) => (done = resolve));
    await before;
    const started = performance.now();
    try {
      return await work();
    } finally {
      void this.stepAside(performance.now() - started).finally(done);
    }
  }
}
