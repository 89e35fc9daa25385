import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { CostlyWork } from '../plugins/costly-work';
import { searchComponents, searchContext, searchFiles } from '../search/search.service';
import {
  ComponentsQueryResponse,
  FilesQueryResponse,
  SearchQueryString,
} from '../../src/shared/api-contract/search';

/**
 * Public search. A deep component page costs the database far more than a first one: one runs at
 * a time, a few wait their turn, and past those a client is told to come back (503).
 */
export const searchRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
}> = async (app, options) => {
  const deepPages = new CostlyWork(1, 8, 'deep result pages');
  // One count cache per app: tests build several apps, each on a database of its own.
  const context = searchContext(options.database.db, (work) => deepPages.run(work));

  app.get(
    '/files/query/',
    {
      schema: {
        summary: 'Public files whose work title, composer or performer contain the given texts',
        tags: ['search'],
        querystring: SearchQueryString,
        response: { 200: FilesQueryResponse },
      },
    },
    async (request) => searchFiles(context, request.query),
  );

  app.get(
    '/components/query/',
    {
      schema: {
        summary:
          'Components of public hierarchy, marker or beat timelines matching the given conditions',
        tags: ['search'],
        querystring: SearchQueryString,
        response: { 200: ComponentsQueryResponse },
      },
    },
    async (request) => searchComponents(context, request.query),
  );
};
