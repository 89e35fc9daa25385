import { describe, expect, it } from 'vitest';
import { LatestWins } from './latest-wins';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('LatestWins', () => {
  it('runs the first request, then only the newest of those that arrived meanwhile', async () => {
    const started: number[] = [];
    const delivered: number[] = [];
    const gates = new Map<number, ReturnType<typeof deferred<number>>>();
    const queue = new LatestWins<number, number>(
      (n) => {
        started.push(n);
        const gate = deferred<number>();
        gates.set(n, gate);
        return gate.promise;
      },
      (result) => delivered.push(result),
    );
    queue.request(1);
    queue.request(2);
    queue.request(3);
    queue.request(4);
    expect(started).toEqual([1]);
    gates.get(1)?.resolve(1);
    await new Promise((r) => setTimeout(r, 0));
    // 1 was overtaken by 4 while it ran: its result is dropped, and 4 runs.
    expect(delivered).toEqual([]);
    expect(started).toEqual([1, 4]);
    gates.get(4)?.resolve(4);
    await new Promise((r) => setTimeout(r, 0));
    expect(delivered).toEqual([4]);
  });

  it('delivers nothing after dispose and reports failures', async () => {
    const errors: unknown[] = [];
    const delivered: number[] = [];
    const queue = new LatestWins<number, number>(
      async (n) => {
        if (n < 0) throw new Error('bad');
        return n;
      },
      (r) => delivered.push(r),
      (e) => errors.push(e),
    );
    queue.request(-1);
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toHaveLength(1);
    queue.request(5);
    queue.dispose();
    await new Promise((r) => setTimeout(r, 0));
    expect(delivered).toEqual([]);
  });
});
