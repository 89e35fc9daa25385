import { setImmediate as turn } from 'node:timers/promises';

/**
 * Lets the event loop run once. PGlite on the server's thread (the `thread: 'main'` option of
 * openDatabase) resolves its queries without leaving the microtask queue: long work made of many
 * queries (an ingestion, an export) must call this between them, or it holds up every other
 * request until it ends. On its worker thread the turn costs next to nothing.
 */
export function eventLoopTurn(): Promise<void> {
  return turn();
}
