import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findTokenHolder } from '../accounts/users.repository';
import { verifyAccessToken } from '../auth/access-token';
import { signingKey, tokenNotValid } from '../auth/jwt-tokens';
import type { Database } from '../db/database';
import { notAuthenticated } from '../http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null for a visitor. Set before every handler. */
    userId: number | null;
  }
  interface FastifyContextConfig {
    /**
     * The route ignores the Authorization header, as simplejwt's and dj-rest-auth's anonymous
     * views do: a stale access token must not stop a login, a refresh or a logout.
     */
    ignoresBearer?: boolean;
  }
}

/**
 * As in Django REST framework, a request that carries a bad token is refused even on open
 * routes (the client then refreshes its token); a request without one is a visitor's. A token is
 * bad when its signature, type or expiry is wrong, when its user is gone or inactive, and when it
 * was issued before the user's last password change (which revokes every earlier session).
 */
export const authentication = fp(
  async (app: FastifyInstance, options: { secret: string; database: Database }) => {
    const key = signingKey(options.secret);
    const { db } = options.database;
    app.decorateRequest('userId', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header || request.routeOptions.config?.ignoresBearer) return;
      const [scheme, token, ...rest] = header.split(' ');
      if (scheme !== 'Bearer' || !token || rest.length > 0) throw tokenNotValid();
      const holder = await verifyAccessToken(token, key);
      if (holder === null) throw tokenNotValid();
      const user = await findTokenHolder(db, holder.userId);
      if (!user) throw tokenNotValid('User not found');
      if (!user.isActive) throw tokenNotValid('User is inactive');
      // iat has whole seconds; a token from the second of the change itself stays valid, so
      // the pair handed out with the change works at once.
      if (holder.issuedAt < Math.floor(user.passwordChangedAt.getTime() / 1000)) {
        throw tokenNotValid();
      }
      request.userId = holder.userId;
    });
  },
  { name: 'authentication' },
);

export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) throw notAuthenticated();
  return request.userId;
}
