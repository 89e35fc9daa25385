import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Database, Db } from '../db/database';
import { countHit, readHits, removeExpiredCounters } from './rate-limit-counters.repository';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How often, at most, the counters whose window has ended are removed. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * @fastify/rate-limit's options for the account routes' limits. On PostgreSQL the counters live
 * in the database, so any number of instances on it share every limit; the embedded database has
 * one process, and the plugin's memory store serves it better than a query per request.
 */
export function rateLimitPluginOptions(database: Database): FastifyRateLimitOptions {
  if (database.kind !== 'postgres') return { global: false };
  return { global: false, store: databaseStore(database.db) };
}

/** A store class over the rate_limit_counters table (the plugin constructs it itself). */
export function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, answer: Answer, timeWindow: number): void {
      const now = Date.now();
      const sweep =
        now - lastSweep >= SWEEP_INTERVAL_MS
          ? ((lastSweep = now), removeExpiredCounters(db))
          : null;
      void Promise.all([countHit(db, key, timeWindow), sweep]).then(
        ([state]) => answer(null, { current: state.hits, ttl: state.ttlMs }),
        (error: Error) => answer(error),
      );
    }

    /** The key's standing without counting a hit (the plugin's `increment: false`). */
    read(key: string, answer: Answer): void {
      void readHits(db, key).then(
        (state) => answer(null, { current: state.hits, ttl: state.ttlMs }),
        (error: Error) => answer(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseStore;
}
