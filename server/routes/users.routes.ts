import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Type, type Static } from '@sinclair/typebox';
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

const UserParams = Type.Object({ userId: Type.String({ description: 'User id' }) });
const User = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
});
const ProfileChange = Type.Object({
  first_name: Type.String(),
  last_name: Type.String(),
  username: Type.String(),
  email: Type.String(),
});
const PasswordChange = Type.Object({ old_password: Type.String(), new_password: Type.String() });
const PasswordChanged = Type.Object({
  detail: Type.String(),
  access: Type.String(),
  refresh: Type.String(),
});

const isWrongOldPassword = (error: unknown) =>
  error instanceof ApiError &&
  Array.isArray(error.body.old_password) &&
  error.body.old_password.includes(messages.wrongOldPassword);

/** The signed-in user's account, and the public username lookup (DESIGN.md section 4). */
export async function usersRoutes(
  app: FastifyInstance,
  options: { config: Config; database: Database },
) {
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
        response: { 200: Type.Object({ username: Type.String() }) },
      },
    },
    async (request) =>
      publicUsername(context, parseId((request.params as Static<typeof UserParams>).userId)),
  );

  app.get(
    '/users/:userId/',
    {
      schema: {
        summary: 'Your own account: username, names and e-mail',
        tags: ['users'],
        security: [{ bearer: [] }],
        params: UserParams,
        response: { 200: User },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      return ownProfile(
        context,
        viewer,
        parseId((request.params as Static<typeof UserParams>).userId),
      );
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
        response: { 200: User },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      const id = parseId((request.params as Static<typeof UserParams>).userId);
      return changeProfile(context, viewer, id, request.body as Static<typeof ProfileChange>);
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
        return await changePassword(context, userId, request.body as Static<typeof PasswordChange>);
      } catch (error) {
        if (isWrongOldPassword(error)) await attempt.failed();
        throw error;
      } finally {
        attempt.release();
      }
    },
  );
}
