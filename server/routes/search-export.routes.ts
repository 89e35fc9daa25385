import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { CostlyWork } from '../plugins/costly-work';
import { exportComponents } from '../search/search-export.service';
import { ComponentsCsv, ExportQueryString } from '../../src/shared/api-contract/search';

/**
 * The component search's results as one CSV file: every page, streamed. Its viewer links start
 * with PUBLIC_URL (`publicUrl`), never with the request's Host header, which the client chooses:
 * a shared or cached export must not point readers at a host of the requester's choosing.
 * Two exports run at once (a third is told to come back: 503, Retry-After), each at full speed;
 * `batchSize` (rows per query) is for tests that need an export to last.
 */
export const searchExportRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  publicUrl: string;
  batchSize?: number;
}> = async (app, options) => {
  const exports = new CostlyWork(2, 0, 'exports');
  // The CSV is a stream of text, never serialized: the response schema documents it.
  app.get<{ Querystring: ExportQueryString; Reply: Readable }>(
    '/components/export/',
    {
      schema: {
        summary: 'Every component matching a components/query search, as CSV (all pages)',
        tags: ['search'],
        querystring: ExportQueryString,
        response: { 200: ComponentsCsv },
      },
    },
    async (request, reply) => {
      const { search, stream } = exportComponents(
        options.database,
        request.query,
        options.publicUrl,
        { batchSize: options.batchSize },
      );
      // Admitted once its parameters are good; it ends when the response does, however.
      reply.raw.once('close', exports.enter());
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="tilia-${search.kind.toLowerCase()}-components.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
