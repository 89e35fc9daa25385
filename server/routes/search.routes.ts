import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import type { RequestLoad } from '../plugins/request-load';
import { searchComponents, searchContext, searchFiles } from '../search/search.service';
import {
  ComponentsQueryResponse,
  FilesQueryResponse,
  SearchQueryString,
} from '../../src/shared/api-contract/search';

/** Public search; deep component pages take turns and step aside for other clients (`load`). */
export const searchRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  load: RequestLoad;
}> = async (app, options) => {
  // One count cache per app: tests build several apps, each on a database of its own.
  const context = searchContext(options.database.db);

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
    async (request) =>
      searchComponents(
        { ...context, takeTurn: (work) => options.load.takeTurn(work, request.ip) },
        request.query,
      ),
  );
};
