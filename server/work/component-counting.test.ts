import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { RemoteCount } from './component-counting';
import { ComponentCounter } from '../files/uploads/component-counter';
import { WorkPool } from './work-pool';
import { inProcessTasks, type WorkTasks } from './work-tasks';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../tests/fixtures/tla/${name}`, import.meta.url)));

/** The bytes sent in pieces of `size`, as a socket would give them; the count at the end. */
async function countInPieces(tasks: WorkTasks, bytes: Buffer, size: number, max: number) {
  const { port1, port2 } = new MessageChannel();
  const counting = tasks.countComponents({ port: port2, maxComponents: max });
  const remote = new RemoteCount(port1);
  for (let at = 0; at < bytes.length; at += size) {
    await remote.push(bytes.subarray(at, at + size));
    if (remote.count > max) break;
  }
  const ended = await remote.end();
  return { ended, counted: await counting, sent: bytes };
}

describe('counting an upload on another thread', () => {
  const pool = new WorkPool(1);
  afterAll(() => pool.close());
  const bytes = fixture('many-beats-v0.5.15.tla');
  const expected = (() => {
    const counter = new ComponentCounter();
    counter.push(bytes);
    return counter.count;
  })();

  it.each([
    ['in process', inProcessTasks],
    ['on the pool', pool.tasks],
  ])(
    'gives the same count as on the reading thread (%s), the bytes left whole',
    async (_, tasks) => {
      expect(expected).toBe(1_000);
      const copy = Buffer.from(bytes);
      const { ended, counted, sent } = await countInPieces(tasks, copy, 997, 1_000_000);
      expect(ended).toBe(expected);
      expect(counted).toBe(expected);
      // The pieces went out copied: the intake still writes the bytes it read.
      expect(sent.equals(bytes)).toBe(true);
    },
  );

  it('stops counting once past the limit', async () => {
    const { ended, counted } = await countInPieces(pool.tasks, Buffer.from(bytes), 64, 5);
    expect(ended).toBe(6);
    expect(counted).toBe(6);
  });

  it('ends the counting side when the reader gives up', async () => {
    const { port1, port2 } = new MessageChannel();
    const counting = pool.tasks.countComponents({ port: port2, maxComponents: 1_000_000 });
    const remote = new RemoteCount(port1);
    await remote.push(bytes.subarray(0, 5_000));
    remote.close();
    await expect(counting).resolves.toBeLessThan(expected);
  });
});
