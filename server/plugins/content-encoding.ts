import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http-errors';

/**
 * Request bodies are taken as sent: nothing on the server inflates them. A compressed body would
 * otherwise reach the parsers as garbage (a 500 from the multipart parser), and inflating one
 * would hand a client a gzip bomb. RFC 7694: 415 for a content coding the server does not take.
 */
export const contentEncoding = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const header = request.headers['content-encoding'];
      if (header === undefined) return;
      const codings = header
        .split(',')
        .map((coding) => coding.trim().toLowerCase())
        .filter((coding) => coding !== '' && coding !== 'identity');
      if (codings.length > 0) {
        throw new ApiError(
          415,
          {
            detail: `Unsupported Content-Encoding "${codings.join(', ')}": send the body uncompressed.`,
          },
          { 'accept-encoding': 'identity', connection: 'close' },
        );
      }
    });
  },
  { name: 'content-encoding' },
);
