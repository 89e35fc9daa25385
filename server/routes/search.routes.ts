import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Database } from '../db/database';
import { MAX_PAGE, type RawSearchParams } from '../search/search-params';
import { searchComponents, searchContext, searchFiles } from '../search/search.service';

// Each parameter is JSON text (DESIGN.md section 4); the service parses and checks it so that a
// fault is a 400 naming the parameter. The schema documents the parameters for OpenAPI.
const SearchQueryString = Type.Object({
  query: Type.Optional(
    Type.String({ description: 'JSON object of conditions', examples: ['{"title":"K. 331"}'] }),
  ),
  order_by: Type.Optional(Type.String({ description: 'JSON string: a sort key' })),
  order_direction: Type.Optional(Type.String({ description: 'JSON string: "asc" or "desc"' })),
  page: Type.Optional(
    Type.String({ description: `JSON number from 1 to ${MAX_PAGE}; 15 results a page` }),
  ),
});

export async function searchRoutes(app: FastifyInstance, options: { database: Database }) {
  // One count cache per app: tests build several apps, each on a database of its own.
  const context = searchContext(options.database.db);

  app.get(
    '/files/query/',
    {
      schema: {
        summary: 'Public files whose work title, composer or performer contain the given texts',
        tags: ['search'],
        querystring: SearchQueryString,
      },
    },
    async (request) => searchFiles(context, request.query as RawSearchParams),
  );

  app.get(
    '/components/query/',
    {
      schema: {
        summary:
          'Components of public hierarchy, marker or beat timelines matching the given conditions',
        tags: ['search'],
        querystring: SearchQueryString,
      },
    },
    async (request) => searchComponents(context, request.query as RawSearchParams),
  );
}
