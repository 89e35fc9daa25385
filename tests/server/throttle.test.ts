import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { Throttle } from '../../server/accounts/throttle';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store like one on a database server: a read answers at once with what is stored, and a hit
 * is stored only `writeMs` after it was asked for (its statement still running).
 */
function slowWritingStore(writeMs: number) {
  const hits = new Map<string, number>();
  return class SlowWritingStore implements FastifyRateLimitStore {
    incr(key: string, answer: Answer): void {
      setTimeout(() => {
        const current = (hits.get(key) ?? 0) + 1;
        hits.set(key, current);
        answer(null, { current, ttl: 60_000 });
      }, writeMs);
    }

    read(key: string, answer: Answer): void {
      const current = hits.get(key) ?? 0;
      setTimeout(() => answer(null, { current, ttl: current > 0 ? 60_000 : 0 }), 0);
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

const request = { ip: '10.9.0.1', routeOptions: { config: {} } } as unknown as FastifyRequest;

describe('a throttle over a store that answers late', () => {
  let app: FastifyInstance;

  afterEach(() => app.close());

  async function throttleOf(max: number): Promise<Throttle> {
    app = Fastify();
    await app.register(rateLimit, { global: false, store: slowWritingStore(30) });
    await app.ready();
    return new Throttle(app, { max, windowMs: 60_000 }, (r) => `k:${r.ip}`);
  }

  it('refuses an attempt that starts while the previous failure is still being stored', async () => {
    const throttle = await throttleOf(1);
    const first = await throttle.begin(request);
    const stored = first.failed();
    await expect(throttle.begin(request)).rejects.toMatchObject({ statusCode: 429 });
    await stored;
    await expect(throttle.begin(request)).rejects.toMatchObject({ statusCode: 429 });
  });

  it('lets exactly the limit through when failures and new attempts interleave', async () => {
    const throttle = await throttleOf(3);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 7));
        try {
          const attempt = await throttle.begin(request);
          await attempt.failed();
          return 'failed';
        } catch {
          return 'refused';
        }
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'failed')).toHaveLength(3);
  });

  it('does not count an attempt that succeeded', async () => {
    const throttle = await throttleOf(1);
    for (let i = 0; i < 3; i += 1) (await throttle.begin(request)).release();
    const last = await throttle.begin(request);
    await last.failed();
    await expect(throttle.begin(request)).rejects.toMatchObject({ statusCode: 429 });
  });
});
