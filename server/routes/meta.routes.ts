import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Liveness for load balancers and test harnesses, and the settings the client needs. */
export async function metaRoutes(app: FastifyInstance, options: { config: Config }) {
  app.get('/health', { schema: { summary: 'Liveness check', tags: ['meta'] } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/config',
    { schema: { summary: 'Client settings: where media is loaded from', tags: ['meta'] } },
    async () => ({ media_base_url: options.config.mediaBaseUrl }),
  );
}
