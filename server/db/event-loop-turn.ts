import { setImmediate as turn } from 'node:timers/promises';

/**
 * Lets the event loop run once. PGlite runs in this process and its queries resolve without
 * leaving the microtask queue: long work made of many queries (an ingestion, an export) must
 * call this between them, or it holds up every other request until it ends.
 */
export function eventLoopTurn(): Promise<void> {
  return turn();
}
