import type { FastifyRequest, FastifySchema } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { fieldErrors } from '../http-errors';
import { accountsContext } from '../accounts/accounts-context';
import { email, FieldProblems, password, text, USERNAME_MAX } from '../accounts/account-fields';
import { Mailer } from '../accounts/mailer';
import {
  confirmPasswordReset,
  requestPasswordReset,
  resetDoneDetail,
  resetLinkUser,
  resetLinkValidDetail,
  resetSentDetail,
} from '../accounts/password-reset.service';
import { register } from '../accounts/registration.service';
import { LoginThrottle } from '../accounts/login-throttle';
import { rateLimitPluginOptions } from '../accounts/rate-limit-store';
import { Throttle } from '../accounts/throttle';
import {
  logout,
  noActiveAccount,
  obtainTokenPair,
  passwordEpoch,
  rotateRefreshToken,
} from '../accounts/tokens.service';
import path from 'node:path';
import {
  AccountJson,
  Detail,
  LoggedOut,
  Login,
  Refresh,
  Registration,
  ResetConfirmation,
  ResetLink,
  ResetRequest,
  TokenPair,
} from '../../src/shared/api-contract/accounts';

/**
 * The password-reset throttle's key: the address as typed, trimmed and lower-cased. The handler
 * counts after the schema has checked the body; the key is read without trusting that.
 */
function resetAddressKey(request: FastifyRequest): string {
  const { body } = request;
  const address =
    typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
      ? body.email
      : '';
  return `reset-address:${address.trim().toLowerCase()}`;
}

/**
 * The options of every route here: simplejwt's and dj-rest-auth's views take no authentication (a
 * stale token must not block them), and the API documents them under 'auth'.
 */
function authRoute<S extends FastifySchema>(schema: S) {
  return { config: { ignoresBearer: true } as const, schema: { ...schema, tags: ['auth'] } };
}

/**
 * Tokens (djangorestframework-simplejwt semantics), registration and password reset
 * (dj-rest-auth paths), with the rate limits of DESIGN.md section 8.
 */
export const authRoutes: FastifyPluginAsyncTypebox<{ config: Config; database: Database }> = async (
  app,
  options,
) => {
  const { config } = options;
  const mailer = new Mailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  app.addHook('onClose', () => mailer.idle());
  const context = accountsContext(config, options.database);

  // Only the routes below use it; `global: false` leaves every other route unlimited.
  await app.register(rateLimit, rateLimitPluginOptions(options.database));
  const limits = config.rateLimits;
  const delay = config.throttleDelayMs;
  const loginThrottle = new LoginThrottle(app, limits, delay, (username) =>
    passwordEpoch(context, username),
  );
  const registrationPerIp = new Throttle(
    app,
    limits.registrationPerIp,
    (request) => `registration-ip:${request.ip}`,
    delay,
  );
  const resetPerAddress = new Throttle(app, limits.passwordResetPerAddress, resetAddressKey, delay);

  app.post(
    '/token/',
    {
      ...authRoute({
        summary: 'Log in: an access and a refresh token for a username and password',
        body: Login,
        response: { 200: TokenPair },
      }),
      // Before the body is read: an IP that is already throttled gets its 429 at once.
      onRequest: (request) => loginThrottle.refuseIfExceeded(request),
    },
    async (request) => {
      const { body } = request;
      const problems = new FieldProblems();
      const username = text(problems, 'username', body.username, { max: USERNAME_MAX });
      const secret = password(problems, 'password', body.password);
      if (username === null || secret === null) {
        // A failed login for the per-IP limit: a client looping on malformed logins (a NUL in
        // the username) is held and refused like any other guesser, not answered at full speed.
        await loginThrottle.malformed(request);
        throw fieldErrors(problems.byField);
      }

      const attempt = await loginThrottle.begin(request, username);
      try {
        const pair = await obtainTokenPair(context, username, secret);
        if (pair) return pair;
        await attempt.failed();
        throw noActiveAccount();
      } finally {
        attempt.release();
      }
    },
  );

  app.post(
    '/token/refresh/',
    authRoute({
      summary: 'A new token pair for a refresh token, which is blacklisted (rotation)',
      body: Refresh,
      response: { 200: TokenPair },
    }),
    async (request) => rotateRefreshToken(context, request.body.refresh),
  );

  app.post(
    '/token/logout/',
    authRoute({
      summary: 'Log out: blacklists the refresh token',
      body: Refresh,
      response: { 200: LoggedOut },
    }),
    async (request) => {
      await logout(context, request.body.refresh);
      return {};
    },
  );

  app.post(
    '/dj-rest-auth/registration/',
    authRoute({
      summary: 'Sign up',
      body: Registration,
      response: { 201: AccountJson },
    }),
    async (request, reply) => {
      await registrationPerIp.count(request);
      const user = await register(context, request.body);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/dj-rest-auth/password/reset/',
    authRoute({
      summary: 'Mail a password-reset link to the address, if an account has it',
      description: 'Answers the same whether or not the address is registered.',
      body: ResetRequest,
      response: { 200: Detail },
    }),
    async (request) => {
      const problems = new FieldProblems();
      const address = email(problems, 'email', request.body.email);
      if (address === null) throw fieldErrors(problems.byField);
      await resetPerAddress.count(request);
      await requestPasswordReset(context, mailer, address);
      return { detail: resetSentDetail };
    },
  );

  app.post(
    '/dj-rest-auth/password/reset/validate/',
    authRoute({
      summary: 'Whether a reset link can still set a password (the page asks before its form)',
      body: ResetLink,
      response: { 200: Detail },
    }),
    async (request) => {
      const { uid, token } = request.body;
      await resetLinkUser(context, uid, token);
      return { detail: resetLinkValidDetail };
    },
  );

  app.post(
    '/dj-rest-auth/password/reset/confirm/',
    authRoute({
      summary: 'Set a new password with the uid and token of a reset link',
      body: ResetConfirmation,
      response: { 200: Detail },
    }),
    async (request) => {
      await confirmPasswordReset(context, request.body);
      return { detail: resetDoneDetail };
    },
  );
};
