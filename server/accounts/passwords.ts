import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { throttled } from './throttle';

/** argon2id with OWASP's first-choice parameters (DESIGN.md section 1); no other scheme is used. */
const hashOptions = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Password hashing, a few at a time. Each argon2 run takes about 40 ms of a core and 19 MiB, on
 * libuv's thread pool, which file reads and compression share: a flood of logins (50 at once from
 * 50 addresses) would otherwise take every core and that pool from everyone else. At most one run
 * per core goes at once; up to QUEUE_LIMIT wait their turn, for at most WAIT_MS; past either,
 * the request gets a 429 with Retry-After, as a throttled login does.
 */
const RUNNING_LIMIT = Math.max(1, availableParallelism());
const QUEUE_LIMIT = 32;
const WAIT_MS = 3_000;

let running = 0;
const waiting: (() => void)[] = [];

async function hashingTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RUNNING_LIMIT) {
    if (waiting.length >= QUEUE_LIMIT) throw throttled(1);
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(throttled(1));
      }, WAIT_MS);
      waiting.push(turn);
    });
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The turn passes to the next in line; the count of runs stays.
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return hashingTurn(() => argon2.hash(password, hashOptions));
}

function verify(hash: string, password: string): Promise<boolean> {
  return hashingTurn(() => argon2.verify(hash, password));
}

let decoyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. An account that does not exist or has no password
 * (NULL hash) is checked against a decoy hash, so that an unknown username costs the same argon2
 * work as a wrong password and response times do not tell which usernames exist.
 */
export async function passwordMatches(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    decoyHash ??= hashPassword(randomBytes(32).toString('base64url'));
    await verify(await decoyHash, password).catch(rethrowRefusal);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch (error) {
    // A malformed stored hash matches nothing; a refusal (too many waiting) stays one.
    return rethrowRefusal(error);
  }
}

function rethrowRefusal(error: unknown): false {
  if (error instanceof Error && error.name === 'ApiError') throw error;
  return false;
}
