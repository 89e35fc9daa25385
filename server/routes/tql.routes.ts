import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { CostlyWork } from '../plugins/costly-work';
import { runTqlQuery } from '../tql/tql.service';
import { workTasks } from '../work/work-pool';
import type { WorkTasks } from '../work/work-tasks';
import { TqlBadRequest, TqlQueryBody, TqlQueryResponse } from '../../src/shared/api-contract/tql';

/**
 * Corpus queries in TQL (docs/query.md). Each query loads index rows and matches them on the
 * work pool: two run at once, a few wait, and past those a client is told to come back (503).
 */
export const tqlRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  tasks?: WorkTasks;
}> = async (app, options) => {
  const queries = new CostlyWork(2, 8, 'queries');
  app.post(
    '/tql/query',
    {
      schema: {
        summary: 'Units, timelines or files of public files (and your own) that a TQL query finds',
        tags: ['search'],
        body: TqlQueryBody,
        response: { 200: TqlQueryResponse, 400: TqlBadRequest },
      },
    },
    async (request, reply) => {
      const answer = await queries.run(() =>
        runTqlQuery(options.database, options.tasks ?? workTasks(), request.body, request.userId),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );
};
