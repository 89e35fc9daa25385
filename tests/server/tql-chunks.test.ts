import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { fileChunks } from '../../server/tql/tql.service';

/**
 * The chunks a query loads (tql.service.ts fileChunks): candidates narrowed in batches sized by
 * the rate they have held, loaded 25, 50... 400 at a time in id order; once most of them hold,
 * the rest are loaded without narrowing.
 */
const db = {} as Db;
const ids = Array.from({ length: 2000 }, (_, i) => i + 1);

/** Every chunk of a query, and every batch the narrowing was asked about. */
async function run(holds: (id: number) => boolean) {
  const asked: number[][] = [];
  const chunks = fileChunks(ids, async (_db, batch) => {
    asked.push(batch);
    return batch.filter(holds);
  });
  const taken: number[][] = [];
  do taken.push(await chunks.take(db));
  while (!chunks.done());
  return { asked, taken };
}

describe('TQL file chunks', () => {
  it('loads only the files that hold, in id order, when few do', async () => {
    const holds = (id: number) => id % 10 === 0;
    const { asked, taken } = await run(holds);
    expect(taken.flat()).toEqual(ids.filter(holds));
    expect(asked.flat()).toEqual(ids);
    expect(taken.map((chunk) => chunk.length)).toEqual([25, 50, 100, 25]);
    // Batches grow with the rate: the corpus is narrowed in a few statements.
    expect(asked.length).toBeLessThan(10);
  });

  it('stops narrowing once most candidates hold, and loads the rest as they are', async () => {
    const holds = (id: number) => id % 10 !== 0;
    const { asked, taken } = await run(holds);
    const narrowed = asked.flat();
    expect(narrowed.length).toBeGreaterThanOrEqual(100);
    expect(narrowed.length).toBeLessThan(400);
    expect(taken.flat()).toEqual([
      ...ids.slice(0, narrowed.length).filter(holds),
      ...ids.slice(narrowed.length),
    ]);
  });

  it('takes no more files than asked for, and narrows only what that needs', async () => {
    const asked: number[][] = [];
    const chunks = fileChunks(ids, async (_db, batch) => {
      asked.push(batch);
      return batch.filter((id) => id % 2 === 0);
    });
    expect((await chunks.take(db)).length).toBe(25);
    const narrowed = asked.flat().length;
    // The doubling would give 50; the rows still wanted need 12 (12.4 rounds up to 13).
    const chunk = await chunks.take(db, 12.4);
    expect(chunk).toEqual(ids.filter((id) => id % 2 === 0).slice(25, 38));
    expect(asked.flat().length - narrowed).toBeLessThan(50);
    // Then the doubling goes on from where it was.
    expect((await chunks.take(db)).length).toBe(100);
  });

  it('gives one empty chunk for no candidates', async () => {
    const chunks = fileChunks([], async () => {
      throw new Error('nothing to narrow');
    });
    expect(await chunks.take(db)).toEqual([]);
    expect(chunks.done()).toBe(true);
  });
});
