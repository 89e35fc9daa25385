import { Piscina } from 'piscina';
import { lowerThreadPriority } from '../worker-thread';
import type { MessagePort } from 'node:worker_threads';
import { inProcessTasks, type WorkTasks } from './work-tasks';
import { countOnPort } from './component-counting';
import { buildStoredRows, type StoredFormsInput } from '../files/ingest/stored-forms';

/**
 * A thread of the work pool (work-pool.ts). It runs below the server's requests: when the cores
 * are busy, the event loop that answers every other client gets the larger share.
 */
lowerThreadPriority(10);

export interface WorkRequest {
  task: keyof WorkTasks;
  input: unknown;
  /** Where a task that answers in stages (storedForms) sends its first one; a count's bytes. */
  port?: MessagePort;
}

/** The byte arrays of an answer (at any depth), each made the sole view of its own buffer. */
function ownBuffers(value: unknown, buffers: ArrayBuffer[]): unknown {
  if (value instanceof Uint8Array) {
    const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
    // A small Buffer may share Node's pool with others: copied into a buffer of its own (with
    // Uint8Array's slice: a Buffer's own slice is a view of the same memory).
    const own =
      whole && !buffers.includes(value.buffer as ArrayBuffer)
        ? value
        : Uint8Array.prototype.slice.call(value);
    buffers.push(own.buffer as ArrayBuffer);
    return own;
  }
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    if (Array.isArray(value)) return value.map((item: unknown) => ownBuffers(item, buffers));
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) copy[key] = ownBuffers(field, buffers);
    return copy;
  }
  return value;
}

/** An answer whose byte arrays move to the server's thread instead of being copied. */
function moving(value: unknown): unknown {
  const buffers: ArrayBuffer[] = [];
  const answer = ownBuffers(value, buffers);
  const transferable = {
    [Piscina.transferableSymbol]: buffers,
    [Piscina.valueSymbol]: answer,
  };
  return Piscina.move(transferable as unknown as Parameters<typeof Piscina.move>[0]);
}

export default async function runWork({ task, input, port }: WorkRequest): Promise<unknown> {
  if (task === 'storedForms') {
    // The rows go back first, to be written while the views are built here.
    const built = buildStoredRows(input as StoredFormsInput);
    const buffers: ArrayBuffer[] = [];
    const rows = ownBuffers(await built.rows, buffers);
    port!.postMessage(rows, buffers);
    return moving(built.views());
  }
  if (task === 'countComponents') {
    const { maxComponents } = input as { maxComponents: number };
    return countOnPort(port!, maxComponents);
  }
  const run = inProcessTasks[task] as (input: unknown) => Promise<unknown>;
  return moving(await run(input));
}
