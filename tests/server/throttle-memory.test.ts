import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { Throttle } from '../../server/accounts/throttle';
import { passwordMatches } from '../../server/accounts/passwords';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A store in memory with fixed windows of `windowMs`, counting the calls it answers. */
function countingStore(windowMs: number) {
  const keys = new Map<string, { hits: number; ends: number }>();
  const calls = { count: 0 };
  const standing = (key: string) => {
    const entry = keys.get(key);
    return entry && entry.ends > Date.now() ? entry : null;
  };
  class CountingStore implements FastifyRateLimitStore {
    incr(key: string, answer: Answer): void {
      calls.count++;
      const entry = standing(key) ?? { hits: 0, ends: Date.now() + windowMs };
      entry.hits++;
      keys.set(key, entry);
      answer(null, { current: entry.hits, ttl: entry.ends - Date.now() });
    }

    read(key: string, answer: Answer): void {
      calls.count++;
      const entry = standing(key);
      answer(null, { current: entry?.hits ?? 0, ttl: entry ? entry.ends - Date.now() : 0 });
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return { store: CountingStore, calls };
}

const from = (ip: string) => ({ ip, routeOptions: { config: {} } }) as unknown as FastifyRequest;

describe('a throttle remembers the keys over their limit', () => {
  let app: FastifyInstance;

  afterEach(() => app.close());

  async function throttleOf(max: number, windowMs: number) {
    const { store, calls } = countingStore(windowMs);
    app = Fastify();
    await app.register(rateLimit, { global: false, store });
    await app.ready();
    return { throttle: new Throttle(app, { max, windowMs }, (r) => `k:${r.ip}`), calls };
  }

  it('refuses a key over its limit without asking the store, until its window ends', async () => {
    const { throttle, calls } = await throttleOf(2, 400);
    for (let i = 0; i < 2; i++) await (await throttle.begin(from('10.0.0.1'))).failed();
    const asked = calls.count;
    for (let i = 0; i < 5; i++) {
      const refused = throttle.begin(from('10.0.0.1'));
      await expect(refused).rejects.toMatchObject({
        statusCode: 429,
        headers: { 'retry-after': '1', connection: 'close' },
      });
      await expect(throttle.refuseIfExceeded(from('10.0.0.1'))).rejects.toMatchObject({
        statusCode: 429,
      });
    }
    expect(calls.count).toBe(asked);
    // Another key still asks the store, and is let through.
    (await throttle.begin(from('10.0.0.2'))).release();
    expect(calls.count).toBe(asked + 1);
    await new Promise((resolve) => setTimeout(resolve, 450));
    await expect(throttle.refuseIfExceeded(from('10.0.0.1'))).resolves.toBeUndefined();
    (await throttle.begin(from('10.0.0.1'))).release();
  });

  it('learns from the store that a key went over elsewhere, then answers from memory', async () => {
    const { throttle, calls } = await throttleOf(1, 60_000);
    // Counted by another instance on the same store: this one has not seen it.
    const elsewhere = new Throttle(app, { max: 1, windowMs: 60_000 }, (r) => `k:${r.ip}`);
    await elsewhere.record(from('10.0.0.3'));
    await expect(throttle.refuseIfExceeded(from('10.0.0.3'))).resolves.toBeUndefined();
    await expect(throttle.begin(from('10.0.0.3'))).rejects.toMatchObject({ statusCode: 429 });
    const asked = calls.count;
    await expect(throttle.refuseIfExceeded(from('10.0.0.3'))).rejects.toMatchObject({
      statusCode: 429,
    });
    await expect(throttle.count(from('10.0.0.3'))).rejects.toMatchObject({ statusCode: 429 });
    expect(calls.count).toBe(asked);
  });
});

describe('password hashing under a flood', () => {
  it('refuses the runs past its queue at once with a 429, and checks the others', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 48 }, () =>
        passwordMatches(null, 'not-the-password').then(
          (matched) => (matched ? 'matched' : 'checked'),
          (error: { statusCode?: number }) => String(error.statusCode),
        ),
      ),
    );
    expect(outcomes).not.toContain('matched');
    // One runs, 32 wait: the rest are refused without waiting.
    expect(outcomes.filter((outcome) => outcome === '429').length).toBeGreaterThanOrEqual(15);
    expect(outcomes.filter((outcome) => outcome === 'checked').length).toBeGreaterThan(0);
    expect(outcomes.every((outcome) => outcome === '429' || outcome === 'checked')).toBe(true);
  });
});
