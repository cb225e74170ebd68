import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses, titled } from '../../platform/schema.js';

const Capabilities = titled(
  'Capabilities',
  Type.Object({
    environment: Type.Union([Type.Literal('stage'), Type.Literal('production')]),
    capabilities: Type.Array(
      Type.Object({
        capability: Type.String({ description: 'prices, collection EUR/SEPA, payout USD/ACH_US, mail, …' }),
        live: Type.Boolean({ description: 'Offered to partners now' }),
        detail: Type.String({ description: 'What serves it, or why it is not offered' }),
      }),
    ),
  }),
);

/** What this server can do with real counterparts (providers/capabilities.ts); `brokerage doctor` prints it. */
export async function capabilityAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/capabilities',
    {
      schema: {
        operationId: 'admin.capabilities.get',
        tags: ['Operators'],
        summary: 'Which capabilities are live: production offers only what the providers file connects',
        response: { 200: Capabilities, ...errorResponses('read', [401]) },
      },
    },
    async () => ({ environment: ctx.config.brokerageEnv, capabilities: [...ctx.capabilities.report()] }),
  );
}
