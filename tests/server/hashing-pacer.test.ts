import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HashingPacer } from '../../server/accounts/hashing-pacer';

/** The production limits of two cores (server/accounts/passwords.ts). */
const limits = {
  runningLimit: 1,
  earnedPerMs: 0.3,
  burstMs: 400,
  queueLimit: 32,
  waitMs: 3_000,
  maxPauseMs: 1_000,
};

/** A stand-in for one argon2 run that takes `ms` of the clock. */
const hashing = (ms: number) => () =>
  new Promise<string>((resolve) => setTimeout(() => resolve('done'), ms));

const succeeded = () => false;
const failed = () => true;

describe('hashing pacer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a burst of 30 successful runs back to back, none refused, however long they take', async () => {
    const pacer = new HashingPacer(limits);
    // 200 ms a run (a loaded machine): the last one waits 5.8 s, past waitMs, and still runs.
    const outcomes = Array.from({ length: 30 }, () =>
      pacer.run(hashing(200), succeeded).then(
        () => 'ok',
        (error: { statusCode?: number }) => String(error.statusCode),
      ),
    );
    await vi.advanceTimersByTimeAsync(30 * 200);
    expect(await Promise.all(outcomes)).toEqual(Array(30).fill('ok'));
  });

  /** Clients looping on runs for `ms`; how many were checked by then and how many refused. */
  async function flood(pacer: HashingPacer, outcome: () => boolean, ms: number) {
    const tally = { checked: 0, refused: 0 };
    const end = performance.now() + ms;
    const client = async () => {
      while (performance.now() < end) {
        try {
          await pacer.run(hashing(40), outcome);
          if (performance.now() <= end) tally.checked++;
        } catch (error) {
          expect(error).toMatchObject({ statusCode: 429 });
          tally.refused++;
        }
      }
    };
    const clients = Array.from({ length: 30 }, client);
    await vi.advanceTimersByTimeAsync(ms + limits.waitMs);
    await Promise.all(clients);
    return tally;
  }

  it('paces a flood of failed runs to its share of the time, refusing the rest', async () => {
    const { checked, refused } = await flood(new HashingPacer(limits), failed, 10_000);
    // The burst, then 0.3 ms earned per ms: (400 + 3,000 + a last run) / 40 ms a run.
    expect(checked).toBeGreaterThanOrEqual(80);
    expect(checked).toBeLessThanOrEqual(90);
    expect(refused).toBeGreaterThan(0);
  });

  it('lets as many successful runs through as the running bound allows', async () => {
    const { checked, refused } = await flood(new HashingPacer(limits), succeeded, 10_000);
    expect(checked).toBeGreaterThanOrEqual(250);
    expect(refused).toBe(0);
  });

  it('holds a correct run behind a paced flood, and refuses it after waitMs', async () => {
    const pacer = new HashingPacer(limits);
    const outcome = (run: Promise<unknown>) =>
      run.then(
        () => 'ok',
        (error: { statusCode?: number }) => String(error.statusCode),
      );
    // 31 failures of 100 ms ahead: 6 spend the burst, then one goes every 333 ms, 13 by waitMs.
    const failures = Array.from({ length: 31 }, () => outcome(pacer.run(hashing(100), failed)));
    const correct = outcome(pacer.run(hashing(40), succeeded));
    await vi.advanceTimersByTimeAsync(limits.waitMs + 1_000);
    const ahead = await Promise.all(failures);
    expect(ahead.filter((result) => result === 'ok').length).toBeGreaterThanOrEqual(10);
    expect(ahead).toContain('429');
    expect(await correct).toBe('429');
  });
});
