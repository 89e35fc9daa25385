import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { ClientConfig, Health } from '../../src/shared/api-contract/meta';

/** Liveness for load balancers and test harnesses, and the settings the client needs. */
export const metaRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, options) => {
  app.get(
    '/health',
    { schema: { summary: 'Liveness check', tags: ['meta'], response: { 200: Health } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/config',
    {
      schema: {
        summary: 'Client settings: where media is loaded from',
        tags: ['meta'],
        response: { 200: ClientConfig },
      },
    },
    async () => ({ media_base_url: options.config.mediaBaseUrl }),
  );
};
