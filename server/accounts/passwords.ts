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
 * Password hashing, bounded. Each argon2 run takes about 40 ms of a core and 19 MiB, on libuv's
 * thread pool, which file reads and compression share. A flood of logins (50 at once from 50
 * addresses) would otherwise take the cores from everyone: with a run per core at once, it cut
 * other clients to a twentieth of their rate. So runs go one at a time per two cores, and over a
 * busy stretch take at most HASHING_SHARE of the machine's core time: after a run of 40 ms the
 * next waits until that share has been earned back. An idle server's logins never wait: up to
 * BURST_MS of runs go back to back first. Up to QUEUE_LIMIT wait their turn, for at most WAIT_MS;
 * past either the request gets a 429 with Retry-After, as a throttled login does.
 *
 * At 15% of two cores, six or seven logins a second go through under a flood: far more than
 * people log in, while the rest of the machine keeps serving everyone else.
 */
const CORES = availableParallelism();
const RUNNING_LIMIT = Math.max(1, Math.floor(CORES / 2));
const HASHING_SHARE = 0.15;
const BURST_MS = 400;
const QUEUE_LIMIT = 32;
const WAIT_MS = 3_000;
/**
 * The longest pause one run can cause. On a loaded machine a run takes far longer than its 40 ms
 * of CPU (it is charged by the clock), and a lone login after it must not wait past WAIT_MS.
 */
const MAX_PAUSE_MS = 1_000;

/** Milliseconds of hashing earned per millisecond of wall time. */
const EARNED_PER_MS = HASHING_SHARE * CORES;

let running = 0;
/** Hashing time that may be spent now; runs spend it (by their wall time), time earns it back. */
let credit = BURST_MS;
let creditAt = performance.now();
let creditTimer: NodeJS.Timeout | null = null;
const waiting: (() => void)[] = [];

function earnCredit(): void {
  const now = performance.now();
  credit = Math.min(BURST_MS, credit + (now - creditAt) * EARNED_PER_MS);
  creditAt = now;
}

/** Starts the runs that may start now; when only credit is missing, looks again once it is earned. */
function startWaitingRuns(): void {
  earnCredit();
  while (waiting.length > 0 && running < RUNNING_LIMIT && credit > 0) {
    running++;
    waiting.shift()!();
  }
  if (waiting.length > 0 && running < RUNNING_LIMIT && creditTimer === null) {
    creditTimer = setTimeout(
      () => {
        creditTimer = null;
        startWaitingRuns();
      },
      Math.ceil(-credit / EARNED_PER_MS) + 1,
    );
  }
}

/** No place in the queue for another run: a login would be refused, so it need not be read. */
export function hashingQueueFull(): boolean {
  return waiting.length >= QUEUE_LIMIT;
}

async function hashingTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashingQueueFull()) throw throttled(1);
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
    startWaitingRuns();
  });
  const started = performance.now();
  try {
    return await work();
  } finally {
    running--;
    earnCredit();
    credit = Math.max(credit - (performance.now() - started), -MAX_PAUSE_MS * EARNED_PER_MS);
    startWaitingRuns();
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
