import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimits } from '../config';
import { hashingQueueFull } from './passwords';
import { holdRefusal, throttled, Throttle, type Attempt } from './throttle';

/** Usernames as the login compares them: trimmed, NFKC, any case. */
const usernameKey = (request: FastifyRequest) =>
  (request.body as { username?: string }).username?.trim().normalize('NFKC').toLowerCase() ?? '';

/**
 * The login's rate limits (docs/accounts.md, "Failed logins"). They throttle the client that
 * fails, never the account (OWASP's authentication cheat sheet; django-axes's lockout by
 * username and address together), so that nobody can lock someone else out:
 *
 * - failed logins per client IP (RATE_LIMIT_LOGIN_IP), whatever the usernames;
 * - failed logins per username from one client IP (RATE_LIMIT_LOGIN_USERNAME): a guesser is
 *   stopped, the account's owner on another machine is not, even after mistyping.
 *
 * A guesser spread over many addresses is slowed by each address's limits and by the bounded
 * password hashing (passwords.ts), which refuses a flood with 429 before it takes the cores.
 * The username counters are kept per password: `passwordEpoch` gives a tag that changes whenever
 * the account's password does, so a password reset (or change) starts the account afresh.
 */
export class LoginThrottle {
  private readonly epochs = new WeakMap<FastifyRequest, string>();
  private readonly perIp: Throttle;
  private readonly perClient: Throttle;

  constructor(
    app: FastifyInstance,
    limits: RateLimits,
    private readonly delayMs: number,
    private readonly passwordEpoch: (username: string) => Promise<string>,
  ) {
    const account = (request: FastifyRequest) =>
      `${usernameKey(request)}:${this.epochs.get(request) ?? ''}`;
    this.perIp = new Throttle(app, limits.loginPerIp, (r) => `login-ip:${r.ip}`, delayMs);
    this.perClient = new Throttle(
      app,
      limits.loginPerUsername,
      (r) => `login-client:${account(r)}:${r.ip}`,
      delayMs,
    );
  }

  /**
   * Before the body is read, from memory only: an IP known to be throttled, or any login while
   * the password hashing's queue is full (it would be refused there, after a read and three
   * lookups), gets its 429, held THROTTLE_DELAY_MS as every refusal is.
   */
  async refuseIfExceeded(request: FastifyRequest): Promise<void> {
    await this.perIp.refuseIfExceeded(request);
    if (hashingQueueFull()) {
      const refusal = throttled(1);
      refusal.headers.connection = 'close';
      await holdRefusal(this.delayMs);
      throw refusal;
    }
  }

  /**
   * A login refused before its password was checked (a NUL in the username, a blank field):
   * counted as a failure from its IP, and refused with a 429 once the IP is over its limit.
   */
  malformed(request: FastifyRequest): Promise<void> {
    return this.perIp.count(request);
  }

  /** Holds a place for a login attempt, or refuses it with a 429. */
  async begin(request: FastifyRequest, username: string): Promise<Attempt> {
    const byIp = await this.perIp.begin(request);
    let byClient: Attempt;
    try {
      this.epochs.set(request, await this.passwordEpoch(username));
      byClient = await this.perClient.begin(request);
    } catch (error) {
      byIp.release();
      throw error;
    }
    return {
      failed: async () => {
        await Promise.all([byIp.failed(), byClient.failed()]);
      },
      release: () => {
        byIp.release();
        byClient.release();
      },
    };
  }
}
