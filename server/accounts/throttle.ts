import type { FastifyInstance, FastifyRequest } from 'fastify';
// The plugin's type declarations add createRateLimit to FastifyInstance.
import type {} from '@fastify/rate-limit';
import type { RateLimit } from '../config';
import { ApiError } from '../http-errors';

/** DRF's Throttled error: 429, its detail text, and Retry-After in seconds. */
export function throttled(seconds: number): ApiError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new ApiError(
    429,
    {
      detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.`,
      code: 'throttled',
    },
    { 'retry-after': String(wait) },
  );
}

/**
 * Refused requests held at once, process-wide. Past this many a refusal is answered at once, so
 * that a flood with many connections cannot make the server hold an unbounded number of them.
 */
export const MAX_HELD_REFUSALS = 1000;
let heldRefusals = 0;

/**
 * Waits `ms` before a refusal is answered (a tarpit). A flooding client that waits for each 429
 * sends a few requests a second per connection instead of thousands, and costs the server
 * almost nothing; a person who hit the limit only waits a moment longer for the same answer.
 */
export async function holdRefusal(ms: number): Promise<void> {
  if (ms <= 0 || heldRefusals >= MAX_HELD_REFUSALS) return;
  heldRefusals++;
  try {
    await new Promise((resolve) => setTimeout(resolve, ms));
  } finally {
    heldRefusals--;
  }
}

/** Keys remembered as over their limit, per throttle, before the expired ones are swept. */
const REMEMBERED_KEYS = 10_000;

/** An attempt holding a place in a throttle until its outcome is known. */
export interface Attempt {
  /** The attempt failed: it counts against the limit. */
  failed(): Promise<void>;
  /** The attempt succeeded (or never got going): it does not count. */
  release(): void;
}

/**
 * A rate limit over @fastify/rate-limit's store (the plugin must be registered on `app`), keyed
 * by what `keyOf` reads from the request: an IP, a username, an e-mail address.
 */
export class Throttle {
  private readonly limiter;
  /** Attempts under way per key: counted as spent, so a burst of parallel tries cannot overshoot. */
  private readonly inFlight = new Map<string, number>();
  /** The store's calls per key, one after another (see `inOrder`). */
  private readonly queues = new Map<string, Promise<unknown>>();
  /**
   * Keys the store last said were at or over the limit, with the time their window ends. Within
   * a fixed window a key's count only grows, whichever instance counts it, so until then it is
   * refused from memory: a flood from an address over its limit costs no store round trip.
   */
  private readonly overUntil = new Map<string, number>();

  constructor(
    app: FastifyInstance,
    private readonly limit: RateLimit,
    private readonly keyOf: (request: FastifyRequest) => string,
    /** How long a refusal is held before it is answered (see `holdRefusal`). */
    private readonly delayMs = 0,
  ) {
    this.limiter = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: keyOf,
    });
  }

  /** Counts every request; refuses the ones past the limit. */
  async count(request: FastifyRequest): Promise<void> {
    await this.refuseIfKnownOver(this.keyOf(request));
    const status = await this.ask(request, true);
    if (!status.isAllowed && status.isExceeded) {
      await holdRefusal(this.delayMs);
      throw throttled(status.ttlInSeconds);
    }
  }

  /**
   * Refuses a request whose key is known to be over the limit, without counting it and without
   * asking the store: cheap enough for an onRequest hook, so a flood of refused logins costs no
   * body parsing, no validation and no database round trip. A key that went over on another
   * instance is refused by `begin` (which asks the store) and remembered from then on.
   */
  async refuseIfExceeded(request: FastifyRequest): Promise<void> {
    await this.refuseIfKnownOver(this.keyOf(request));
  }

  /** Seconds until the key's window ends, while it is known to be over its limit; else 0. */
  private knownOver(key: string): number {
    const until = this.overUntil.get(key);
    if (until === undefined) return 0;
    const left = until - Date.now();
    if (left > 0) return left / 1000;
    this.overUntil.delete(key);
    return 0;
  }

  private async refuseIfKnownOver(key: string): Promise<void> {
    const seconds = this.knownOver(key);
    if (seconds === 0) return;
    // The connection closes with the answer: a flooding client must reconnect for each try,
    // which slows it down far more than it costs the server.
    const refusal = throttled(seconds);
    refusal.headers.connection = 'close';
    await holdRefusal(this.delayMs);
    throw refusal;
  }

  /** The store's answer for the request's key, remembering a key found at its limit. */
  private async ask(request: FastifyRequest, increment: boolean) {
    const status = await this.limiter(request, { increment });
    if (!status.isAllowed && status.remaining <= 0 && status.ttl > 0) {
      this.remember(status.key, Date.now() + status.ttl);
    }
    return status;
  }

  private remember(key: string, until: number): void {
    if (this.overUntil.size >= REMEMBERED_KEYS) {
      const now = Date.now();
      for (const [known, end] of this.overUntil) if (end <= now) this.overUntil.delete(known);
      // Still full (a flood from that many addresses at once): the store answers for the rest.
      if (this.overUntil.size >= REMEMBERED_KEYS) return;
    }
    this.overUntil.set(key, until);
  }

  /** How this request's key stands, without counting it: events so far, and seconds left. */
  async standing(request: FastifyRequest): Promise<{ used: number; over: boolean; ttl: number }> {
    const status = await this.ask(request, false);
    // isAllowed: an allow-listed key, never limited (none is configured).
    if (status.isAllowed) return { used: 0, over: false, ttl: 0 };
    const used = this.limit.max - status.remaining;
    return { used, over: status.remaining <= 0, ttl: status.ttlInSeconds };
  }

  /** Counts an event against the key without refusing anything. */
  async record(request: FastifyRequest): Promise<void> {
    await this.ask(request, true);
  }

  /**
   * Holds a place for an attempt that counts only if it fails (a login). Refuses it when the
   * failures already recorded plus the attempts under way reach the limit.
   */
  async begin(request: FastifyRequest): Promise<Attempt> {
    const key = this.keyOf(request);
    // Counted before the first await, so concurrent attempts always see one another.
    const others = this.inFlight.get(key) ?? 0;
    this.inFlight.set(key, others + 1);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left > 0) this.inFlight.set(key, left);
      else this.inFlight.delete(key);
    };
    try {
      await this.refuseIfKnownOver(key);
      const status = await this.inOrder(key, () => this.ask(request, false));
      if (!status.isAllowed && status.remaining - others <= 0) {
        await holdRefusal(this.delayMs);
        throw throttled(status.ttl > 0 ? status.ttlInSeconds : this.limit.windowMs / 1000);
      }
    } catch (error) {
      release();
      throw error;
    }
    return {
      failed: async () => {
        // Queued before the place is given up: a later read of the key then sees this failure
        // in the store, and an earlier one counted it among the attempts under way.
        const counted = this.inOrder(key, () => this.ask(request, true));
        release();
        await counted;
      },
      release,
    };
  }

  /**
   * Runs the store's calls for one key in the order they were asked for. With a store that
   * answers asynchronously (PostgreSQL), a read could otherwise be answered from before a failure
   * was counted yet after its attempt stopped being under way, and see it nowhere.
   */
  private inOrder<T>(key: string, call: () => Promise<T>): Promise<T> {
    const result = (this.queues.get(key) ?? Promise.resolve()).then(call);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return result;
  }
}
