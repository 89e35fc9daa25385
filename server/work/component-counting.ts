import type { MessagePort } from 'node:worker_threads';
import { ComponentCounter } from '../files/uploads/component-counter';

/**
 * Counting an upload's components on another thread. The intake (on the server's thread) sends
 * copies of the bytes as they arrive and `null` at the end; the counting side answers every chunk
 * with the count so far, and stops once it is over `maxComponents` or the bytes end. The scan costs
 * about 5 ms per MB: on the server's thread, one client sending a large .tla took much of the
 * event loop from everyone else.
 */
export type CountingMessage = Uint8Array | null;

/** The count so far; `done` once the counting side stops (the bytes ended or went past the limit). */
export interface CountingReply {
  count: number;
  done: boolean;
}

/** Runs on a thread of the counting pool (or in process): counts what comes through `port`. */
export function countOnPort(port: MessagePort, maxComponents: number): Promise<number> {
  const counter = new ComponentCounter();
  return new Promise((resolve) => {
    const finish = () => {
      port.close();
      resolve(counter.count);
    };
    port.on('message', (bytes: CountingMessage) => {
      if (bytes !== null) counter.push(bytes);
      const done = bytes === null || counter.count > maxComponents;
      port.postMessage({ count: counter.count, done } satisfies CountingReply);
      if (done) finish();
    });
    // The intake failed or the client left: nothing more to count.
    port.once('close', () => resolve(counter.count));
  });
}

/** Bytes sent and not yet counted past which the intake waits for the count to catch up. */
const MAX_UNCOUNTED_BYTES = 4 * 1024 * 1024;

/**
 * The intake's side: bytes go out copied (the stream keeps its own), counts come back. Reading
 * waits while more than MAX_UNCOUNTED_BYTES are uncounted, so a large upload is read no faster
 * than the counting thread (below the server's priority) keeps up: when the cores are busy, the
 * upload slows, not the others.
 */
export class RemoteCount {
  /** The count as last reported. */
  count = 0;
  private uncounted: number[] = [];
  private uncountedBytes = 0;
  private waiting: (() => void) | null = null;
  private closed = false;

  constructor(private readonly port: MessagePort) {
    port.on('message', (reply: CountingReply) => {
      this.count = reply.count;
      this.uncountedBytes -= this.uncounted.shift() ?? 0;
      // A port closed on the other side may tell this one only when that thread ends: the reply
      // says so itself.
      if (reply.done) this.close();
      else this.wake();
    });
    port.once('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  /** Sends the next bytes; resolves once few enough are left uncounted (or counting stopped). */
  async push(bytes: Uint8Array): Promise<void> {
    if (this.closed) return;
    const copy = Uint8Array.prototype.slice.call(bytes);
    this.uncounted.push(copy.length);
    this.uncountedBytes += copy.length;
    this.port.postMessage(copy satisfies CountingMessage, [copy.buffer as ArrayBuffer]);
    while (this.uncountedBytes > MAX_UNCOUNTED_BYTES && !this.closed) await this.next();
  }

  /** Ends the bytes; the final count. */
  async end(): Promise<number> {
    if (!this.closed) {
      this.uncounted.push(0);
      this.port.postMessage(null satisfies CountingMessage);
      while (!this.closed && this.uncounted.length > 0) await this.next();
    }
    this.close();
    return this.count;
  }

  /** Stops counting (the intake failed or is over). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.port.close();
    this.wake();
  }

  private next(): Promise<void> {
    return new Promise((resolve) => (this.waiting = resolve));
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }
}
