import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { HashingPacer } from './hashing-pacer';

/** argon2id with OWASP's first-choice parameters (DESIGN.md section 1); no other scheme is used. */
const hashOptions = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Password hashing, bounded. Each argon2 run takes about 40 ms of a core and 19 MiB, on libuv's
 * thread pool, which file reads and compression share. A flood of logins (50 at once from 50
 * addresses) would otherwise take the cores from everyone: with a run per core at once, it cut
 * other clients to a twentieth of their rate. So runs go one at a time per two cores, and runs
 * that fail (a wrong password, an unknown user) take at most HASHING_SHARE of the machine's core
 * time over a busy stretch: after a failed run of 40 ms the next run waits until that share has
 * been earned back. Correct logins and sign-ups spend none of it, so a class signing up together
 * is never held for its own size; an idle server's failures never wait either (up to BURST_MS of
 * them go back to back). Up to QUEUE_LIMIT runs wait their turn; past that, or after WAIT_MS of
 * waiting while failures are being paced, the request gets a 429 with Retry-After, as a
 * throttled login does (server/accounts/hashing-pacer.ts).
 *
 * At 15% of two cores, six or seven wrong logins a second are checked under a flood: far more
 * than people mistype, while the rest of the machine keeps serving everyone else.
 */
const CORES = availableParallelism();
const HASHING_SHARE = 0.15;
const BURST_MS = 400;
const QUEUE_LIMIT = 32;
const WAIT_MS = 3_000;
/**
 * The longest pause one failed run can cause. On a loaded machine a run takes far longer than its
 * 40 ms of CPU (it is charged by the clock), and a lone login after it must not wait past WAIT_MS.
 */
const MAX_PAUSE_MS = 1_000;

const pacer = new HashingPacer({
  runningLimit: Math.max(1, Math.floor(CORES / 2)),
  earnedPerMs: HASHING_SHARE * CORES,
  burstMs: BURST_MS,
  queueLimit: QUEUE_LIMIT,
  waitMs: WAIT_MS,
  maxPauseMs: MAX_PAUSE_MS,
});

/** No place in the queue for another run: a login would be refused, so it need not be read. */
export function hashingQueueFull(): boolean {
  return pacer.queueFull();
}

/** Hashing a new password never fails: it is never paced for its own cost. */
export function hashPassword(password: string): Promise<string> {
  return pacer.run(
    () => argon2.hash(password, hashOptions),
    (hash) => hash === undefined,
  );
}

/** A check that does not match (or throws on a malformed hash) is a failure, and is paced. */
function verify(hash: string, password: string): Promise<boolean> {
  return pacer.run(
    () => argon2.verify(hash, password),
    (matched) => matched !== true,
  );
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
