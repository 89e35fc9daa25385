/**
 * The order in which a movement's stored bars (`mc`) sound, repeats and jumps unfolded, from
 * DCML's measures table: `next` lists a bar's possible successors, and the k-th arrival at a bar
 * takes its k-th successor (the last one once they run out, as a da capo plays its first part
 * without repeats); -1 ends the piece.
 */
import { cell, parseIntList, type TsvRow } from './dcml-tables';

const END_OF_PIECE = -1;

export function playbackOrder(measures: readonly TsvRow[]): number[] {
  const successors = new Map<number, number[]>();
  for (const row of measures) successors.set(Number(cell(row, 'mc')), parseIntList(row.next));
  const first = measures[0];
  if (!first) return [];
  const arrivals = new Map<number, number>();
  const order: number[] = [];
  // Every bar is played a few times at most; a loop in the table must not hang the seed.
  const limit = 8 * measures.length;
  let mc = Number(cell(first, 'mc'));
  while (mc !== END_OF_PIECE) {
    const next = successors.get(mc);
    if (!next) throw new Error(`measures table has no mc ${mc}`);
    order.push(mc);
    if (order.length > limit) throw new Error(`the repeats never end (mc ${mc})`);
    if (next.length === 0) break;
    const k = arrivals.get(mc) ?? 0;
    arrivals.set(mc, k + 1);
    mc = next[Math.min(k, next.length - 1)] ?? END_OF_PIECE;
  }
  return order;
}
