import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestLoad } from '../../server/plugins/request-load';

/** A server with a route that answers whether others are waiting, and one that holds on. */
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
  return { app, load, port, release };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function others(port: number): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/others`);
  return ((await response.json()) as { others: boolean }).others;
}

describe('RequestLoad', () => {
  it('sees other requests only while they are being answered', async () => {
    const server = await loadServer();
    close = () => server.app.close();
    expect(await others(server.port)).toBe(false);
    const held = fetch(`http://127.0.0.1:${server.port}/held`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await others(server.port)).toBe(true);
    server.release();
    await (await held).json();
    expect(await others(server.port)).toBe(false);
  });

  it('stops counting a request whose client went away', async () => {
    const server = await loadServer();
    close = async () => {
      server.release();
      await server.app.close();
    };
    const left = request({ host: '127.0.0.1', port: server.port, path: '/held' });
    left.on('error', () => {});
    left.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await others(server.port)).toBe(true);
    const closed = new Promise((resolve) => left.once('close', resolve));
    left.destroy();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await others(server.port)).toBe(false);
  });

  it('pauses for twice the work while others wait, and not at all alone', async () => {
    const server = await loadServer();
    close = async () => {
      server.release();
      await server.app.close();
    };
    const alone = performance.now();
    await server.load.stepAside(1_000);
    expect(performance.now() - alone).toBeLessThan(200);
    const held = fetch(`http://127.0.0.1:${server.port}/held`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // stepAside counts the caller's own request: with none here, one other makes two.
    const waiting = fetch(`http://127.0.0.1:${server.port}/held`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const busy = performance.now();
    await server.load.stepAside(30);
    expect(performance.now() - busy).toBeGreaterThanOrEqual(59);
    server.release();
    await Promise.all([(await held).json(), (await waiting).json()]);
  });
});
