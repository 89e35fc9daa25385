import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { WorkTasks } from '../../work/work-tasks';
import { recordingsWithoutPeaks, storePeaks } from './peaks.repository';

/** Recordings looked up at a time. */
const BATCH = 16;

/** The longest a shutdown waits for the recording being decoded. */
const CLOSE_WAIT_MS = 5_000;

const FAILED_NOTE = 'The waveform could not be computed from this recording.';

/**
 * Computes the waveform peaks of stored recordings in the background, one recording at a time
 * on a thread of their own (work-pool.ts): those of an upload once it is stored, and at start
 * those of every recording without them (the seeded examples, files stored before peaks
 * existed). A request for peaks that are not there yet gets a 202 meanwhile. A recording whose
 * file is not in place yet (an upload moves its media after its commit) is left for a later
 * request.
 */
export class PeaksMaker {
  private running: Promise<void> | null = null;
  private wanted: Set<number> | 'all' = new Set();
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly mediaDir: string,
    private readonly tasks: () => WorkTasks,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Computes the peaks of these files' recordings, or of every recording without them. */
  want(fileIds: number[] | 'all'): void {
    if (this.closed) return;
    if (fileIds === 'all') this.wanted = 'all';
    else if (this.wanted !== 'all') for (const id of fileIds) this.wanted.add(id);
    this.running ??= this.run()
      .catch((error: unknown) => this.log.error({ err: error }, 'computing waveform peaks failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /** Waits for the work under way (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Stops after the recording being decoded, storing nothing more; waits for it at most
   * CLOSE_WAIT_MS (a database that has gone away must not hold the server's shutdown).
   */
  async close(): Promise<void> {
    this.closed = true;
    const running = this.running;
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      running,
      new Promise((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  private async run(): Promise<void> {
    const skipped = new Set<string>();
    while (!this.closed) {
      const wanted = this.wanted === 'all' ? 'all' : [...this.wanted];
      if (wanted !== 'all' && wanted.length === 0) return;
      const found = await recordingsWithoutPeaks(this.database.db, wanted, BATCH + skipped.size);
      const next = found.filter((recording) => !skipped.has(recording.sha256));
      if (next.length === 0) {
        // Everything asked for so far is done, unless more was asked for meanwhile.
        if (this.wanted === 'all' ? wanted === 'all' : this.wanted.size === wanted.length) {
          this.wanted = new Set();
          return;
        }
        continue;
      }
      for (const recording of next) {
        if (this.closed) return;
        const file = path.join(this.mediaDir, ...recording.path.split('/'));
        if (
          !(await access(file).then(
            () => true,
            () => false,
          ))
        ) {
          skipped.add(recording.sha256);
          continue;
        }
        const result = await this.tasks()
          .mediaPeaks({ path: file, mimeType: recording.mimeType })
          .catch((error: unknown) => {
            this.log.warn({ err: error, sha256: recording.sha256 }, 'a recording was not decoded');
            return { ok: false as const, note: FAILED_NOTE };
          });
        // A database closing meanwhile is not written to; the next start computes them again.
        if (this.closed) return;
        await storePeaks(
          this.database.db,
          recording.sha256,
          result.ok ? { peaks: result.peaks } : { note: result.note },
        );
      }
    }
  }
}
