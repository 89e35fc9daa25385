import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Database } from '../db/database';
import type { RawSearchParams } from '../search/search-params';
import { exportComponents } from '../search/search-export.service';

const ExportQueryString = Type.Object({
  query: Type.Optional(
    Type.String({ description: 'JSON object of conditions, as components/query' }),
  ),
  order_by: Type.Optional(Type.String({ description: 'JSON string: a sort key' })),
  order_direction: Type.Optional(Type.String({ description: 'JSON string: "asc" or "desc"' })),
});

/**
 * The component search's results as one CSV file: every page, streamed. Its viewer links start
 * with PUBLIC_URL (`publicUrl`), never with the request's Host header, which the client chooses:
 * a shared or cached export must not point readers at a host of the requester's choosing.
 * `batchSize` (rows per query) is for tests that need an export to last.
 */
export async function searchExportRoutes(
  app: FastifyInstance,
  options: { database: Database; publicUrl: string; batchSize?: number },
) {
  app.get(
    '/components/export/',
    {
      schema: {
        summary: 'Every component matching a components/query search, as CSV (all pages)',
        tags: ['search'],
        querystring: ExportQueryString,
      },
    },
    async (request, reply) => {
      const { search, stream } = exportComponents(
        options.database,
        request.query as RawSearchParams,
        options.publicUrl,
        options.batchSize,
      );
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
}
