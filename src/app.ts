import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { AppContext } from './app-context.js';
import { existence } from './domain/errors.js';
import { eventWebhooks } from './events/openapi-webhooks.js';
import { hostedStyleRoute } from './hosted/style.js';
import { limits } from './limits.js';
import { registerValidators } from './platform/ajv.js';
import { recordShownValues } from './platform/audit/events.js';
import { enterAuditScope, leaveAuditScope } from './platform/audit/scope.js';
import { adminAuth, partnerAuth } from './platform/auth.js';
import { clientErrorHandler } from './platform/client-errors.js';
import { serializersOnFirstUse } from './platform/compile-on-first-use.js';
import { documentPlatformStatuses } from './platform/documented-statuses.js';
import { registerErrorEnvelope, sendError } from './platform/error-envelope.js';
import { frameworkErrors, pathParamLengthMax } from './platform/framework-errors.js';
import { registerJsonBody } from './platform/json-body.js';
import { createLogger, logEachRequest } from './platform/logger.js';
import { registerOpenApi } from './platform/openapi.js';
import { collectExamples, type ExampleCatalogue } from './platform/openapi-examples.js';
import { readThrottle } from './platform/read-throttle.js';
import { RouteKinds } from './platform/route-kinds.js';
import { registerDisclosureAudit } from './platform/secrets/disclosure.js';
import { openSealedAnswers } from './platform/secrets/open-at-edge.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { checkUrlText } from './platform/storable-input.js';
import { amlAdminRoutes } from './resources/admin/aml-routes.js';
import { capabilityAdminRoutes } from './resources/admin/capability-routes.js';
import { complianceAdminRoutes } from './resources/admin/compliance-routes.js';
import { conversationAdminRoutes } from './resources/admin/conversation-routes.js';
import { housekeepingAdminRoutes } from './resources/admin/housekeeping-routes.js';
import { idempotencyAdminRoutes } from './resources/admin/idempotency-routes.js';
import { ledgerAdminRoutes } from './resources/admin/ledger-routes.js';
import { refundAdminRoutes } from './resources/admin/refund-routes.js';
import { adminRoutes } from './resources/admin/routes.js';
import { supportTicketAdminRoutes } from './resources/admin/support-ticket-routes.js';
import { verificationAdminRoutes } from './resources/admin/verification-routes.js';
import { amlScreeningRoutes } from './resources/aml-screenings/routes.js';
import { auditLogAdminRoutes } from './resources/audit-log/routes.js';
import { balanceRoutes } from './resources/balances/routes.js';
import { bankFileAdminRoutes } from './resources/bank-files/routes.js';
import { bankingAccountRoutes } from './resources/banking-accounts/routes.js';
import { consoleRoutes } from './resources/console/routes.js';
import { conversationRoutes } from './resources/conversations/routes.js';
import { depositRoutes } from './resources/deposits/routes.js';
import { discoveryRoutes } from './resources/discovery/routes.js';
import { eventRoutes } from './resources/events/routes.js';
import { healthRoutes } from './resources/health/routes.js';
import { verificationListAdminRoutes } from './resources/kyc/admin-routes.js';
import { kycPageRoutes } from './resources/kyc/hosted/routes.js';
import { kycRoutes } from './resources/kyc/routes.js';
import { oauthRoutes } from './resources/oauth/routes.js';
import { openBankingPageRoutes } from './resources/openbanking/page-routes.js';
import { openBankingRoutes } from './resources/openbanking/routes.js';
import { operatorAdminRoutes } from './resources/operators/routes.js';
import { orderRoutes } from './resources/orders/routes.js';
import { overviewAdminRoutes } from './resources/overview/routes.js';
import { payoutBatchAdminRoutes } from './resources/payout-batches/routes.js';
import { pendingPaymentRoutes } from './resources/pending-payments/routes.js';
import { providerCallbackRoutes } from './resources/provider-callbacks/routes.js';
import { quoteRoutes } from './resources/quotes/routes.js';
import { simulateRoutes } from './resources/simulate/routes.js';
import { supportTicketRoutes } from './resources/support-tickets/routes.js';
import { webhookRoutes } from './resources/webhooks/routes.js';
import { withdrawalRoutes } from './resources/withdrawals/routes.js';

export interface BuildOptions {
  /** The process's logger (createLogger); false: no logging (tests). By default one at the configured level. */
  readonly logger?: FastifyBaseLogger | false;
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The reference's examples, one catalogue per resource folder (platform/openapi-examples.ts). Loaded when the
 * document is first asked for, not at every start: a process that never serves the reference never holds them.
 */
export async function loadApiExamples(): Promise<ExampleCatalogue> {
  const catalogues = await Promise.all([
    import('./resources/health/examples.js').then((m) => m.healthExamples),
    import('./resources/oauth/examples.js').then((m) => m.oauthExamples),
    import('./resources/discovery/examples.js').then((m) => m.discoveryExamples),
    import('./resources/quotes/examples.js').then((m) => m.quotesExamples),
    import('./resources/balances/examples.js').then((m) => m.balancesExamples),
    import('./resources/deposits/examples.js').then((m) => m.depositsExamples),
    import('./resources/orders/examples-create.js').then((m) => m.orderCreateExamples),
    import('./resources/orders/examples.js').then((m) => m.ordersExamples),
    import('./resources/pending-payments/examples.js').then((m) => m.pendingPaymentsExamples),
    import('./resources/withdrawals/examples.js').then((m) => m.withdrawalsExamples),
    import('./resources/banking-accounts/examples.js').then((m) => m.bankingAccountsExamples),
    import('./resources/webhooks/examples.js').then((m) => m.webhooksExamples),
    import('./resources/events/examples.js').then((m) => m.eventsExamples),
    import('./resources/kyc/examples.js').then((m) => m.kycExamples),
    import('./resources/openbanking/examples.js').then((m) => m.openbankingExamples),
    import('./resources/conversations/examples.js').then((m) => m.conversationsExamples),
    import('./resources/support-tickets/examples.js').then((m) => m.supportTicketsExamples),
    import('./resources/simulate/examples.js').then((m) => m.simulateExamples),
    import('./resources/simulate/helper-examples.js').then((m) => m.simulateHelperExamples),
    import('./resources/aml-screenings/examples.js').then((m) => m.amlScreeningsExamples),
    import('./resources/admin/examples.js').then((m) => m.adminExamples),
    import('./resources/admin/examples-threads.js').then((m) => m.adminThreadsExamples),
    import('./resources/admin/examples-tickets.js').then((m) => m.adminTicketsExamples),
    import('./resources/admin/examples-workspaces.js').then((m) => m.adminWorkspacesExamples),
    import('./resources/admin/examples-aml.js').then((m) => m.adminAmlExamples),
    import('./resources/bank-files/examples.js').then((m) => m.bankFilesExamples),
    import('./resources/payout-batches/examples.js').then((m) => m.payoutBatchesExamples),
    import('./resources/operators/examples.js').then((m) => m.operatorsExamples),
    import('./resources/audit-log/examples.js').then((m) => m.auditLogExamples),
    import('./resources/overview/examples.js').then((m) => m.overviewExamples),
  ]);
  return collectExamples(...catalogues);
}

/**
 * One form of each path, the document's, which lists none ending in a slash: `GET /v1/webhooks/` names no route, and
 * is answered as any unknown path is (404 ExistenceError, read shape), whatever route the router could stretch it
 * to (`/v1/webhooks/{webhookId}` with an empty id). The reference page is the exception: Swagger UI serves itself at
 * /docs/ and resolves its assets against that slash. docs/decisions/api-contract.md, "One form of each path".
 */
const hasTrailingSlash = (url: string) => {
  const path = url.split('?')[0] ?? '/';
  return path.length > 1 && path.endsWith('/') && !path.startsWith('/docs/');
};

function refuseTrailingSlash(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, existence(`No route ${request.method} ${request.url.split('?')[0]}`), 'read');
}

/** Builds the whole API on a context; never listens (main.ts does, tests inject). */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ?? createLogger(ctx.config.logLevel);
  const routeKinds = new RouteKinds();
  const app = Fastify({
    ...(logger === false ? { logger: false } : { loggerInstance: logger }),
    // logEachRequest writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: limits.bodyLimitBytes,
    // A caller's X-Request-Id is kept when it is sane, so that its logs and ours can be joined; else we make one.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    // One form of each path: the router does not read `/v1/webhooks/` as `/v1/webhooks` (refuseTrailingSlash).
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: pathParamLengthMax },
    frameworkErrors: frameworkErrors(routeKinds),
    clientErrorHandler,
    // Response serializers are compiled on each route's first answer, not at start (platform/compile-on-first-use.ts).
    schemaController: serializersOnFirstUse,
  });
  routeKinds.observe(app);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    checkUrlText(request);
    if (hasTrailingSlash(request.url)) return refuseTrailingSlash(request, reply);
  });
  if (logger !== false) logEachRequest(app, logger);
  registerSecurityHeaders(app);
  // Every JSON answer, on every route, opens the sealed fields it carries (platform/secrets/open-at-edge.ts).
  openSealedAnswers(app, ctx.secretsKeyring);
  // ...and an operator's request that showed one is in the audit log, written before the answer leaves.
  registerDisclosureAudit(app, (shown) => recordShownValues(ctx.db, shown, ctx.clock.nowMs()));
  registerValidators(app);
  registerErrorEnvelope(app);
  registerJsonBody(app);
  documentPlatformStatuses(app);
  await registerOpenApi(app, ctx, { webhooks: eventWebhooks, examples: loadApiExamples });

  await app.register(async (scope) => healthRoutes(scope, ctx));
  await app.register(async (scope) => oauthRoutes(scope, ctx));
  // Hosted pages live outside /v1: customers reach them through links, without partner credentials.
  await app.register(async (scope) => hostedStyleRoute(scope));
  await app.register(async (scope) => openBankingPageRoutes(scope, ctx));
  await app.register(async (scope) => kycPageRoutes(scope, ctx));
  // The operator console: its own session cookie, never the bearer token of /admin/v1 (resources/console).
  await app.register(async (scope) => consoleRoutes(scope, ctx));
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
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', adminAuth(ctx));
      // Each change is recorded in the audit log, in its own transaction (platform/audit/).
      scope.addHook('preHandler', enterAuditScope);
      scope.addHook('onResponse', leaveAuditScope);
      await adminRoutes(scope, ctx);
      await ledgerAdminRoutes(scope, ctx);
      await capabilityAdminRoutes(scope, ctx);
      await scope.register(async (files) => bankFileAdminRoutes(files, ctx));
      await payoutBatchAdminRoutes(scope, ctx);
      await verificationAdminRoutes(scope, ctx);
      await verificationListAdminRoutes(scope, ctx);
      await idempotencyAdminRoutes(scope, ctx);
      await complianceAdminRoutes(scope, ctx);
      await refundAdminRoutes(scope, ctx);
      await conversationAdminRoutes(scope, ctx);
      await supportTicketAdminRoutes(scope, ctx);
      await amlAdminRoutes(scope, ctx);
      await housekeepingAdminRoutes(scope, ctx);
      await operatorAdminRoutes(scope, ctx);
      await auditLogAdminRoutes(scope, ctx);
      await overviewAdminRoutes(scope, ctx);
    },
    { prefix: '/admin/v1' },
  );
  // The brokerage's provider service calls back here, signed (resources/provider-callbacks); no partner token.
  await app.register(async (scope) => providerCallbackRoutes(scope, ctx), { prefix: '/provider/v1' });
  return app;
}
