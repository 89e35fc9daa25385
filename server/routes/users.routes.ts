import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { ApiError, parseId } from '../http-errors';
import { messages } from '../accounts/account-fields';
import { rateLimitPluginOptions } from '../accounts/rate-limit-store';
import { Throttle } from '../accounts/throttle';
import {
  changePassword,
  changeProfile,
  ownProfile,
  publicUsername,
} from '../accounts/users.service';
import { requireUser } from '../plugins/authentication';
import { accountsContext } from '../accounts/accounts-context';
import {
  AccountJson,
  PasswordChange,
  PasswordChanged,
  ProfileChange,
  PublicUsername,
  UserParams,
} from '../../src/shared/api-contract/accounts';

const isWrongOldPassword = (error: unknown) =>
  error instanceof ApiError &&
  Array.isArray(error.body.old_password) &&
  error.body.old_password.includes(messages.wrongOldPassword);

/** The signed-in user's account, and the public username lookup (DESIGN.md section 4). */
export const usersRoutes: FastifyPluginAsyncTypebox<{
  config: Config;
  database: Database;
}> = async (app, options) => {
  const { config } = options;
  const context = accountsContext(config, options.database);

  // Guessing the password through password-change with a stolen access token is throttled like
  // failed logins for a username.
  await app.register(rateLimit, rateLimitPluginOptions(options.database));
  const wrongOldPasswords = new Throttle(
    app,
    config.rateLimits.loginPerUsername,
    (request) => `password-change:${request.userId ?? ''}`,
    config.throttleDelayMs,
  );

  app.get(
    '/users/:userId/username',
    {
      schema: {
        summary: "A user's username (public: files show their author)",
        tags: ['users'],
        params: UserParams,
        response: { 200: PublicUsername },
      },
    },
    async (request) => publicUsername(context, parseId(request.params.userId)),
  );

  app.get(
    '/users/:userId/',
    {
      schema: {
        summary: 'Your own account: username, names and e-mail',
        tags: ['users'],
        security: [{ bearer: [] }],
        params: UserParams,
        response: { 200: AccountJson },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      return ownProfile(context, viewer, parseId(request.params.userId));
    },
  );

  app.put(
    '/users/profile-change/:userId/',
    {
      schema: {
        summary: 'Change your names, username and e-mail',
        tags: ['users'],
        security: [{ bearer: [] }],
        params: UserParams,
        body: ProfileChange,
        response: { 200: AccountJson },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      const id = parseId(request.params.userId);
      return changeProfile(context, viewer, id, request.body);
    },
  );

  app.put(
    '/users/password-change/',
    {
      schema: {
        summary: 'Change your password; other sessions are logged out, this one gets new tokens',
        tags: ['users'],
        security: [{ bearer: [] }],
        body: PasswordChange,
        response: { 200: PasswordChanged },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const attempt = await wrongOldPasswords.begin(request);
      try {
        return await changePassword(context, userId, request.body);
      } catch (error) {
        if (isWrongOldPassword(error)) await attempt.failed();
        throw error;
      } finally {
        attempt.release();
      }
    },
  );
};
