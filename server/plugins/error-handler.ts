import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loggableError } from '../db/query-errors';
import { ApiError } from '../http-errors';
import { WorkQueueFull } from '../work/work-pool';
import { busy } from './costly-work';

/** Fastify's schema errors as DRF field errors: `{"field": ["message"]}`. */
function validationBody(error: FastifyError): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field =
      missing ??
      (issue.instancePath.replace(/^\//, '').split('/')[0] || error.validationContext || 'detail');
    const message = missing ? 'This field is required.' : (issue.message ?? 'Invalid value.');
    (body[field] ??= []).push(message);
  }
  return body;
}

/**
 * Every error leaves as a DRF-shaped JSON body. A 5xx never carries internal details: the
 * client gets a fixed text, the log gets the error.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof WorkQueueFull) {
        const refusal = busy('The server is busy. Try again in a few seconds.');
        return reply.code(refusal.statusCode).headers(refusal.headers).send(refusal.body);
      }
      if (error instanceof ApiError) {
        return reply.code(error.statusCode).headers(error.headers).send(error.body);
      }
      if (error.validation) {
        return reply.code(400).send(validationBody(error));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.code(429).send({ detail: error.message });
      }
      if (status >= 400 && status < 500) {
        const detail =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
          error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'JSON parse error - the request body is not valid JSON.'
            : error.message;
        return reply.code(status).send({ detail });
      }
      // Once, and without a failed query's parameter values (which hold users' texts and files).
      request.log.error({ err: loggableError(error) }, 'request failed');
      return reply.code(500).send({ detail: 'A server error occurred.' });
    });
  },
  { name: 'error-handler' },
);
