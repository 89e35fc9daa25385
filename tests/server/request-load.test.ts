import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BULK_BYTES_PER_SECOND,
  BULK_SLICE_BYTES,
  RequestLoad,
} from '../../server/plugins/request-load';

/**
 * A server tracked by a RequestLoad, with a route that holds its answer until released and one
 * that answers whether others are waiting (counting itself, so: whether a held one is open).
 */
async function loadServer() {
  const load = new RequestLoad();
  const app = Fastify();
  load.track(app);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  app.get('/others', async () => ({ others: load.othersWaiting() }));
  app.get('/held', async () => {
    await held;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const others = async () =>
    ((await (await fetch(url('/others'))).json()) as { others: boolean }).others;
  /** Resolves once the server reports what `expected` says, polling every 10 ms. */
  const othersBecome = async (expected: boolean) => {
    const deadline = Date.now() + 5_000;
    while ((await others()) !== expected) {
      if (Date.now() > deadline) throw new Error(`others never became ${expected}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const stop = async () => {
    release();
    await app.close();
  };
  /** How long `client`'s stepping aside after `workedMs` of work waited, in ms. */
  const pauseAfter = async (workedMs: number, client: string) => {
    const started = performance.now();
    await load.stepAside(workedMs, client);
    return performance.now() - started;
  };
  return { load, port, url, others, othersBecome, pauseAfter, release, stop };
}

/** This test's own client, whose requests the server holds, and another client. */
const MINE = '127.0.0.1';
const ELSEWHERE = '192.0.2.7';

describe('RequestLoad', () => {
  let server: Awaited<ReturnType<typeof loadServer>>;
  beforeEach(async () => {
    server = await loadServer();
  });
  afterEach(() => server.stop());

  it('sees other requests only while they are being answered', async () => {
    expect(await server.others()).toBe(false);
    const held = fetch(server.url('/held'));
    await server.othersBecome(true);
    server.release();
    expect(await (await held).json()).toEqual({ done: true });
    await server.othersBecome(false);
  });

  it('stops counting a request whose client went away', async () => {
    const left = request(server.url('/held'));
    left.on('error', () => {});
    left.end();
    await server.othersBecome(true);
    left.destroy();
    await server.othersBecome(false);
  });

  it('pauses for eight times the work while other clients wait, not for its own', async () => {
    expect(await server.pauseAfter(1_000, MINE)).toBeLessThan(500);
    // Held requests of this test's client (127.0.0.1): another client's work gives way to them.
    const held = [fetch(server.url('/held')), fetch(server.url('/held'))];
    await server.othersBecome(true);
    expect(await server.pauseAfter(30, ELSEWHERE)).toBeGreaterThanOrEqual(239);
    // The client whose requests they are is alone.
    expect(await server.pauseAfter(1_000, MINE)).toBeLessThan(500);
    server.release();
    await Promise.all(held.map(async (response) => (await response).json()));
  });

  it('runs costly work one at a time, in the order asked, each caller served at once', async () => {
    const started: string[] = [];
    let finishFirst = () => {};
    const first = server.load.takeTurn(async () => {
      started.push('first');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      return 'first done';
    }, ELSEWHERE);
    const second = server.load.takeTurn(async () => {
      started.push('second');
      return 'second done';
    }, MINE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual(['first']);
    finishFirst();
    expect(await first).toBe('first done');
    expect(await second).toBe('second done');
    expect(started).toEqual(['first', 'second']);
  });

  it('holds the next costly work back for the pause while others wait', async () => {
    // Held requests of another client than the one whose work this is.
    const held = [fetch(server.url('/held')), fetch(server.url('/held'))];
    await server.othersBecome(true);
    const order: string[] = [];
    const first = server.load.takeTurn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('first worked');
    }, ELSEWHERE);
    const second = server.load.takeTurn(async () => {
      order.push('second worked');
    }, ELSEWHERE);
    await first;
    order.push('first answered');
    await second;
    expect(order).toEqual(['first worked', 'first answered', 'second worked']);
    server.release();
    await Promise.all(held.map(async (response) => (await response).json()));
  });

  it("moves one client's large bodies no faster than the bulk rate while others wait", async () => {
    const alone = performance.now();
    for (let slice = 0; slice < 3; slice += 1) {
      await server.load.paceTransfer(BULK_SLICE_BYTES, ELSEWHERE);
    }
    expect(performance.now() - alone).toBeLessThan(500);
    // Two requests of this test's own client (127.0.0.1) held open.
    const held = [fetch(server.url('/held')), fetch(server.url('/held'))];
    await server.othersBecome(true);
    // Another client's two bodies at once, three slices each: the sixth slice's turn comes after
    // five have moved.
    const busy = performance.now();
    await Promise.all(
      [0, 1].map(async () => {
        for (let slice = 0; slice < 3; slice += 1) {
          await server.load.paceTransfer(BULK_SLICE_BYTES, ELSEWHERE);
        }
      }),
    );
    // Timers may fire a millisecond early each: a few of slack, where no pacing would take none.
    const fiveSlicesMs = ((5 * BULK_SLICE_BYTES) / BULK_BYTES_PER_SECOND) * 1000;
    expect(performance.now() - busy).toBeGreaterThanOrEqual(fiveSlicesMs - 5);
    // The client whose requests are the ones in flight is alone: it is not held back.
    const own = performance.now();
    for (let slice = 0; slice < 6; slice += 1) {
      await server.load.paceTransfer(BULK_SLICE_BYTES, MINE);
    }
    expect(performance.now() - own).toBeLessThan(fiveSlicesMs);
    server.release();
    await Promise.all(held.map(async (response) => (await response).json()));
  });

  it('sends a paced body whole, in slices', async () => {
    const bytes = Buffer.from(Array.from({ length: 2.5 * BULK_SLICE_BYTES }, (_, i) => i % 251));
    const slices: Buffer[] = [];
    for await (const slice of server.load.pacedBody(bytes, ELSEWHERE)) slices.push(slice as Buffer);
    expect(slices.map((slice) => slice.length)).toEqual([
      BULK_SLICE_BYTES,
      BULK_SLICE_BYTES,
      BULK_SLICE_BYTES / 2,
    ]);
    expect(Buffer.concat(slices).equals(bytes)).toBe(true);
  });

  it("steps aside for another client's requests answered a moment ago, though none is in flight", async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await server.pauseAfter(1_000, ELSEWHERE)).toBeLessThan(200);
    // Answered whole between two looks, as a request served from memory is.
    expect(await server.others()).toBe(false);
    expect(await server.pauseAfter(30, ELSEWHERE)).toBeGreaterThanOrEqual(239);
    // Its own answers are no reason for a client to wait.
    expect(await server.pauseAfter(1_000, MINE)).toBeLessThan(200);
  });
});
