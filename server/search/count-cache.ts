/**
 * Result counts of recent searches, valid for one search generation (migration 0003). Paging
 * through a search asks the same count again and again; with this cache only the first page pays
 * for it. A count is tied to the generation read before it was computed, so a change committed
 * in between can make a count newer than its generation, never older.
 */
export class CountCache<T = number> {
  private generation = -1;
  private readonly counts = new Map<string, T>();

  constructor(private readonly capacity = 2_000) {}

  get(generation: number, key: string): T | undefined {
    if (generation !== this.generation) return undefined;
    const count = this.counts.get(key);
    if (count !== undefined) {
      // Most recently used last, so the oldest entry is the first to go.
      this.counts.delete(key);
      this.counts.set(key, count);
    }
    return count;
  }

  set(generation: number, key: string, count: T): void {
    if (generation < this.generation) return;
    if (generation > this.generation) {
      this.generation = generation;
      this.counts.clear();
    }
    this.counts.set(key, count);
    if (this.counts.size > this.capacity) {
      this.counts.delete(this.counts.keys().next().value!);
    }
  }
}
