import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { verifyAccessToken } from '../auth/access-token';
import { ApiError, notAuthenticated } from '../http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null for a visitor. Set before every handler. */
    userId: number | null;
  }
}

export const tokenNotValid = () =>
  new ApiError(401, {
    detail: 'Given token not valid for any token type',
    code: 'token_not_valid',
  });

/**
 * As in Django REST framework, a request that carries a bad token is refused even on open
 * routes (the client then refreshes its token); a request without one is a visitor's.
 */
export const authentication = fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    const secret = new TextEncoder().encode(options.secret);
    app.decorateRequest('userId', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header) return;
      const [scheme, token] = header.split(' ');
      if (scheme !== 'Bearer' || !token) throw tokenNotValid();
      const userId = await verifyAccessToken(token, secret);
      if (userId === null) throw tokenNotValid();
      request.userId = userId;
    });
  },
  { name: 'authentication' },
);

export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) throw notAuthenticated();
  return request.userId;
}
