import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { partnerAuth } from '../platform/auth.js';
import { readThrottle } from '../platform/read-throttle.js';
import { amlScreeningRoutes } from './aml-screenings/routes.js';
import { balanceRoutes } from './balances/routes.js';
import { bankingAccountRoutes } from './banking-accounts/routes.js';
import { conversationRoutes } from './conversations/routes.js';
import { depositRoutes } from './deposits/routes.js';
import { discoveryRoutes } from './discovery/routes.js';
import { eventRoutes } from './events/routes.js';
import { healthRoutes } from './health/routes.js';
import { kycRoutes } from './kyc/routes.js';
import { oauthRoutes } from './oauth/routes.js';
import { openBankingRoutes } from './openbanking/routes.js';
import { orderRoutes } from './orders/routes.js';
import { pendingPaymentRoutes } from './pending-payments/routes.js';
import { quoteRoutes } from './quotes/routes.js';
import { simulateRoutes } from './simulate/routes.js';
import { supportTicketRoutes } from './support-tickets/routes.js';
import { webhookRoutes } from './webhooks/routes.js';
import { withdrawalRoutes } from './withdrawals/routes.js';

/**
 * The partner API: /health, the token endpoint, and every resource under /v1 behind the partner's bearer token and
 * the read throttle. Each folder of resources/ is one resource of the spec; the sandbox's helpers exist in stage only.
 */
export async function partnerApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => healthRoutes(scope, ctx));
  await app.register(async (scope) => oauthRoutes(scope, ctx));
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', partnerAuth(ctx));
      scope.addHook('onRequest', readThrottle(ctx));
      await discoveryRoutes(scope, ctx);
      await quoteRoutes(scope, ctx);
      await balanceRoutes(scope, ctx);
      await depositRoutes(scope, ctx);
      await orderRoutes(scope, ctx);
      await withdrawalRoutes(scope, ctx);
      await pendingPaymentRoutes(scope, ctx);
      await bankingAccountRoutes(scope, ctx);
      await webhookRoutes(scope, ctx);
      await eventRoutes(scope, ctx);
      await kycRoutes(scope, ctx);
      await openBankingRoutes(scope, ctx);
      await conversationRoutes(scope, ctx);
      await supportTicketRoutes(scope, ctx);
      if (ctx.config.brokerageEnv === 'stage') await scope.register(async (sandbox) => simulateRoutes(sandbox, ctx));
      await amlScreeningRoutes(scope, ctx);
    },
    { prefix: '/v1' },
  );
}
