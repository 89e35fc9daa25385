import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { inProcessTasks, settledStages, type WorkTasks } from './work-tasks';
import type { StoredRows, StoredViews } from '../files/ingest/stored-forms';
import type { WorkRequest } from './work.worker';

/** More heavy work waiting than this, and new work is refused with a 503 (WorkQueueFull). */
const MAX_QUEUE = 64;

/** Uploads counted at once on the counting thread. */
const MAX_COUNTS = 64;

export class WorkQueueFull extends Error {
  override readonly name = 'WorkQueueFull';
}

/**
 * The server's heavy work (reading an upload, building its stored forms, payloads) on a pool of
 * worker threads, so the event loop only moves bytes and answers others. One thread fewer than
 * the cores (at least one): the event loop and the database keep a core. Past MAX_QUEUE tasks
 * waiting, work is refused rather than queued for ever (the route answers 503, Retry-After).
 */
export class WorkPool {
  private readonly pool: Piscina;
  /**
   * Work nobody waits for (a recording's waveform peaks: seconds to a minute each) has a thread
   * of its own, so it never stands in front of an upload on the pool.
   */
  private readonly background: Piscina;
  /**
   * Uploads' component counts, each waiting on its bytes most of the time: one thread counts
   * many uploads at once, so a slow client's upload holds no thread of the pool.
   */
  private readonly counting: Piscina;
  private countsRunning = 0;

  constructor(threads = Math.max(1, availableParallelism() - 1)) {
    const compiled = !import.meta.url.endsWith('.ts');
    const filename = new URL(
      compiled ? './work.worker.js' : './work-worker-dev.mjs',
      import.meta.url,
    ).href;
    this.pool = new Piscina({
      filename,
      minThreads: 0,
      maxThreads: threads,
      maxQueue: MAX_QUEUE,
      idleTimeout: 30_000,
    });
    this.background = new Piscina({ filename, minThreads: 0, maxThreads: 1, idleTimeout: 5_000 });
    this.counting = new Piscina({
      filename,
      minThreads: 0,
      maxThreads: 1,
      concurrentTasksPerWorker: MAX_COUNTS,
      idleTimeout: 30_000,
    });
  }

  /** The tasks, run on the pool; their byte arrays come back moved, not copied. */
  readonly tasks: WorkTasks = {
    readAnnotation: (input) => this.run('readAnnotation', input, [input.bytes]),
    storedForms: (input) => {
      const { port1, port2 } = new MessageChannel();
      const views = this.run<StoredViews>(
        'storedForms',
        input,
        [input.bytes, input.ids.components],
        port2,
      );
      // The rows and the task's answer come by different channels, in either order: the port
      // closes once the rows are in, or when the task fails (before or after sending them).
      const rows = new Promise<StoredRows>((resolve, reject) => {
        port1.once('message', (message: StoredRows) => {
          port1.close();
          resolve(message);
        });
        views.catch((error: unknown) => {
          port1.close();
          reject(error as Error);
        });
      });
      return settledStages(rows, views);
    },
    preparedPayload: (input) => this.run('preparedPayload', input, [input.json]),
    exportFile: (job) => this.run('exportFile', job, [job.tla]),
    mediaPeaks: (input) => this.background.run({ task: 'mediaPeaks', input } satisfies WorkRequest),
    countComponents: (input) => {
      // Past MAX_COUNTS uploads at once, the next is counted on the calling thread, as a
      // pool that cannot take it would otherwise hold its bytes waiting.
      if (this.countsRunning >= MAX_COUNTS) return inProcessTasks.countComponents(input);
      this.countsRunning++;
      const request: WorkRequest = {
        task: 'countComponents',
        input: { maxComponents: input.maxComponents },
        port: input.port,
      };
      return (
        this.counting.run(request, { transferList: [input.port] }) as Promise<number>
      ).finally(() => this.countsRunning--);
    },
    tqlQuery: (input) => this.run('tqlQuery', input, []),
    tqlIndex: (input) => this.run('tqlIndex', input, [input.bytes]),
    searchCsv: (input) => this.run('searchCsv', input, []),
  };

  private async run<T>(
    task: keyof WorkTasks,
    input: unknown,
    bytes: ArrayBufferView[],
    port?: MessagePort,
  ): Promise<T> {
    // Only views that own their whole buffer can be handed over; the others are copied.
    const buffers = bytes
      .filter((view) => view.byteOffset === 0 && view.byteLength === view.buffer.byteLength)
      .map((view) => view.buffer as ArrayBuffer);
    const transferList: (ArrayBuffer | MessagePort)[] = [...new Set(buffers)];
    if (port) transferList.push(port);
    const request: WorkRequest = { task, input, port };
    try {
      return (await this.pool.run(request, { transferList })) as T;
    } catch (error) {
      if (error instanceof Error && error.message === 'Task queue is at limit') {
        throw new WorkQueueFull('The server is busy: too much work is waiting.');
      }
      throw error;
    }
  }

  get waiting(): number {
    return this.pool.queueSize;
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.destroy(), this.background.destroy(), this.counting.destroy()]);
  }
}

let shared: WorkPool | null = null;

/**
 * The process's work pool: started at the first heavy task, its threads leaving after 30 s idle.
 * One per process, so that a route, a service or the start-up backfill all queue on one pool.
 */
export function workTasks(): WorkTasks {
  shared ??= new WorkPool();
  return shared.tasks;
}

/** Waits for the pool's threads to finish their tasks and stop (at shutdown). */
export async function closeWorkPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
