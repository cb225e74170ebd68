import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { partnerAuth } from '../platform/auth.js';
import type { ExampleCatalogue } from '../platform/openapi-examples.js';
import { readThrottle } from '../platform/read-throttle.js';
import { recordRequests } from '../platform/request-log/hook.js';
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
      // The partner request log: every request the token check let in (platform/request-log/).
      recordRequests(scope, ctx);
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

/** The examples of the partner API's operations, one catalogue per folder, loaded only when the reference is first served. */
export async function partnerApiExamples(): Promise<ExampleCatalogue[]> {
  return Promise.all([
    import('./health/examples.js').then((m) => m.healthExamples),
    import('./oauth/examples.js').then((m) => m.oauthExamples),
    import('./discovery/examples.js').then((m) => m.discoveryExamples),
    import('./quotes/examples.js').then((m) => m.quotesExamples),
    import('./balances/examples.js').then((m) => m.balancesExamples),
    import('./deposits/examples.js').then((m) => m.depositsExamples),
    import('./orders/examples-create.js').then((m) => m.orderCreateExamples),
    import('./orders/examples.js').then((m) => m.ordersExamples),
    import('./pending-payments/examples.js').then((m) => m.pendingPaymentsExamples),
    import('./withdrawals/examples.js').then((m) => m.withdrawalsExamples),
    import('./banking-accounts/examples.js').then((m) => m.bankingAccountsExamples),
    import('./webhooks/examples.js').then((m) => m.webhooksExamples),
    import('./events/examples.js').then((m) => m.eventsExamples),
    import('./kyc/examples.js').then((m) => m.kycExamples),
    import('./openbanking/examples.js').then((m) => m.openbankingExamples),
    import('./conversations/examples.js').then((m) => m.conversationsExamples),
    import('./support-tickets/examples.js').then((m) => m.supportTicketsExamples),
    import('./simulate/examples.js').then((m) => m.simulateExamples),
    import('./simulate/helper-examples.js').then((m) => m.simulateHelperExamples),
    import('./aml-screenings/examples.js').then((m) => m.amlScreeningsExamples),
  ]);
}
