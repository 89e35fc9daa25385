import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * How long a bulk job pauses, as a multiple of the work before it, while others wait: at 8 it
 * takes a ninth of the time, so that others keep eight ninths of the server's thread and of the
 * database (bench/abuse-bench.ts measures what that leaves them: at 4, on two cores shared with
 * PostgreSQL, a looping client's deep pages or export still took a quarter of the others' rate).
 */
const YIELD_RATIO = 8;

/** An answer this recent to another client counts as others being answered (paceTransfer). */
const RECENT_ANSWER_MS = 100;

/** Beyond this many clients with pacing state, those done moving are forgotten. */
const MAX_PACED_CLIENTS = 1_000;

/** The longest a bulk job pauses at once, so that it never looks stalled to its own client. */
const MAX_PAUSE_MS = 250;

/**
 * While other clients are being answered, one client's large bodies (its uploads as they are
 * read, the stored payloads it fetches) move at most this fast: far above what a person's link
 * carries, far below what a client on the same machine or network pulls, which would otherwise
 * spend the server's thread on moving bytes. Per client (request.ip, so behind a proxy set
 * TRUST_PROXY): many clients fetching at once, or one client alone, are never held back.
 */
export const BULK_BYTES_PER_SECOND = 32 * 1024 * 1024;

/** The bytes a large body moves between two looks at the load; smaller bodies are never paced. */
export const BULK_SLICE_BYTES = 1024 * 1024;

/**
 * The requests being answered right now, and by whom (request.ip; behind a proxy, set
 * TRUST_PROXY). One client's costly work gives way to other clients: work that runs for minutes
 * on one request (a CSV export of every match, a big upload's storing on PostgreSQL) asks between
 * batches and steps aside while other clients are being answered or were in the last moment;
 * idle, or with only its own client's requests, it runs at full speed; busy, it pauses after each
 * batch for eight times as long as the batch took, leaving the cores (this process's and the
 * database's) to the others eight ninths of the time. It then lasts up to nine times as long.
 */
export class RequestLoad {
  private active = 0;
  /** Requests in flight by client (request.ip). */
  private readonly activeByClient = new Map<string, number>();
  /** The latest answer, and the latest of a client other than that one's. */
  private latestAnswer = { client: '', at: Number.NEGATIVE_INFINITY };
  private latestOtherAnswer = { client: '', at: Number.NEGATIVE_INFINITY };
  /** When each client's large-body bytes given a turn so far will have moved (paceTransfer). */
  private readonly bulkDoneAt = new Map<string, number>();
  /** Settles when the costly work before the latest `takeTurn` has had its turn and pause. */
  private lastTurn: Promise<void> = Promise.resolve();

  /** Counts every request from its arrival until its connection is done with it. */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      const client = request.ip;
      this.active++;
      this.activeByClient.set(client, (this.activeByClient.get(client) ?? 0) + 1);
      // 'close' comes once for every response: sent in full, failed, or left by the client.
      reply.raw.once('close', () => {
        this.active--;
        const left = (this.activeByClient.get(client) ?? 1) - 1;
        if (left > 0) this.activeByClient.set(client, left);
        else this.activeByClient.delete(client);
        this.noteAnswer(client);
      });
    });
  }

  /** Whether requests other than the caller's own are being answered. */
  othersWaiting(): boolean {
    return this.active > 1;
  }

  private noteAnswer(client: string): void {
    const at = performance.now();
    if (client !== this.latestAnswer.client) this.latestOtherAnswer = this.latestAnswer;
    this.latestAnswer = { client, at };
  }

  /**
   * Whether clients other than `client` are being answered, or were in the last moment: a
   * request served from memory (the embedded database's cached JSON) starts and ends between two
   * looks, so looking at those in flight alone would miss a steady stream of them.
   */
  private othersBusyFor(client: string): boolean {
    if (this.active > (this.activeByClient.get(client) ?? 0)) return true;
    const other = this.latestAnswer.client === client ? this.latestOtherAnswer : this.latestAnswer;
    return performance.now() - other.at < RECENT_ANSWER_MS;
  }

  /** After `workedMs` of `client`'s work, pauses for eight times that while other clients wait. */
  async stepAside(workedMs: number, client: string): Promise<void> {
    if (this.othersBusyFor(client)) await sleep(Math.min(workedMs * YIELD_RATIO, MAX_PAUSE_MS));
  }

  /**
   * Waits for a slice of `bytes` of one of `client`'s large bodies to have its turn: while other
   * clients are being answered, all of its large bodies together, in and out, move at most
   * BULK_BYTES_PER_SECOND.
   */
  async paceTransfer(bytes: number, client: string): Promise<void> {
    if (!this.othersBusyFor(client)) return;
    const now = performance.now();
    const startAt = Math.max(now, this.bulkDoneAt.get(client) ?? 0);
    if (this.bulkDoneAt.size > MAX_PACED_CLIENTS) {
      for (const [paced, doneAt] of this.bulkDoneAt)
        if (doneAt < now) this.bulkDoneAt.delete(paced);
    }
    this.bulkDoneAt.set(client, startAt + (bytes / BULK_BYTES_PER_SECOND) * 1000);
    if (startAt > now) await sleep(startAt - now);
  }

  /**
   * A stored body to send to `client`, in slices of BULK_SLICE_BYTES, each once the one before
   * has gone to the socket and `paceTransfer` gives it its turn.
   */
  pacedBody(bytes: Buffer, client: string): Readable {
    let offset = 0;
    const body: Readable = new Readable({
      read: () => {
        const slice = bytes.subarray(offset, offset + BULK_SLICE_BYTES);
        offset += slice.length;
        void this.paceTransfer(slice.length, client).then(() =>
          body.push(slice.length > 0 ? slice : null),
        );
      },
    });
    return body;
  }

  /**
   * Runs costly work (a deep result page) once the costly work before it has had its turn and
   * stepped aside: one at a time, however many clients ask at once, so a client looping on deep
   * pages takes at most a ninth of the database's time while others are answered. The caller
   * gets its result at once; the next one waits out the pause.
   */
  async takeTurn<T>(work: () => Promise<T>, client: string): Promise<T> {
    const before = this.lastTurn;
    let done = () => {};
    this.lastTurn = new Promise<void>((resolve) => (done = resolve));
    await before;
    const started = performance.now();
    try {
      return await work();
    } finally {
      void this.stepAside(performance.now() - started, client).finally(done);
    }
  }
}
