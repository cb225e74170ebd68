import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/schema.js';
import { DailyFigures, DailyQuery, Overview, OverviewQuery } from '../overview/schema.js';
import { dailyFigures, overview } from '../overview/service.js';
import { dailyFiguresView } from '../overview/view.js';

const tags = ['Operators'];

/** What needs a person now, and the daily figures behind the console's charts (operator console issue, item 3). */
export async function overviewAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/overview',
    {
      schema: {
        operationId: 'admin.overview.get',
        tags,
        summary: 'What needs a person now: the count of each queue, and the operator list that shows its items',
        querystring: OverviewQuery,
        response: { 200: Overview, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => overview(ctx.db, request.query.workspaceId),
  );
  app.get(
    '/stats/daily',
    {
      schema: {
        operationId: 'admin.stats.daily',
        tags,
        summary:
          'Per UTC day: completed orders, deposits and withdrawals (count and volume per currency), and webhook deliveries by outcome',
        querystring: DailyQuery,
        response: { 200: DailyFigures, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => dailyFiguresView(await dailyFigures(ctx.db, request.query)),
  );
}
