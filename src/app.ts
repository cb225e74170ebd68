import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { AppContext } from './app-context.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { existence } from './domain/errors.js';
import { eventWebhooks } from './events/openapi-webhooks.js';
import { hostedPages } from './hosted/routes.js';
import { limits } from './limits.js';
import { operatorApi, operatorApiExamples } from './operator/api/routes.js';
import { consoleRoutes } from './operator/console/routes.js';
import { registerValidators } from './platform/ajv.js';
import { recordShownValues } from './platform/audit/events.js';

import { clientErrorHandler } from './platform/client-errors.js';
import { serializersOnFirstUse } from './platform/compile-on-first-use.js';
import { documentPlatformStatuses } from './platform/documented-statuses.js';
import { registerErrorEnvelope, sendError } from './platform/error-envelope.js';
import { frameworkErrors, pathParamLengthMax } from './platform/framework-errors.js';
import { registerJsonBody } from './platform/json-body.js';
import { createLogger, logEachRequest, silentLogger } from './platform/logger.js';
import { publishedDocuments, registerOpenApi } from './platform/openapi.js';
import { collectExamples, type ExampleCatalogue } from './platform/openapi-examples.js';
import { RouteKinds } from './platform/route-kinds.js';
import { registerDisclosureAudit } from './platform/secrets/disclosure.js';
import { openSealedAnswers } from './platform/secrets/open-at-edge.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { checkUrlText } from './platform/storable-input.js';
import { providerCallbackRoutes } from './provider-protocol/routes.js';
import { partnerApi, partnerApiExamples } from './resources/routes.js';

export interface BuildOptions {
  /** The process's logger (createLogger); false: no logging (tests). By default one at the configured level. */
  readonly logger?: FastifyBaseLogger | false;
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The reference's examples, one catalogue per folder of each home, keyed by the operationIds the routes declare
 * (platform/openapi-examples.ts). Loaded when the document is first asked for, not at every start: a process that
 * never serves the reference never holds them.
 */
export async function loadApiExamples(): Promise<ExampleCatalogue> {
  const [partner, operator] = await Promise.all([partnerApiExamples(), operatorApiExamples()]);
  return collectExamples(...partner, ...operator);
}

/**
 * One form of each path, the document's, which lists none ending in a slash: `GET /v1/webhooks/` names no route, and
 * is answered as any unknown path is (404 ExistenceError, read shape), whatever route the router could stretch it
 * to (`/v1/webhooks/{webhookId}` with an empty id). The reference pages are the exception: Swagger UI serves itself at
 * /docs/ (and the operators' at /admin/docs/) and resolves its assets against that slash.
 * docs/decisions/api-contract.md, "One form of each path".
 */
const referencePages = Object.values(publishedDocuments).map((published) => `${published.pageUrl}/`);
const hasTrailingSlash = (url: string) => {
  const path = url.split('?')[0] ?? '/';
  return path.length > 1 && path.endsWith('/') && !referencePages.some((page) => path.startsWith(page));
};

function refuseTrailingSlash(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, existence(`No route ${request.method} ${request.url.split('?')[0]}`), 'read');
}

/** Builds the whole API on a context; never listens (main.ts does, tests inject). */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ?? createLogger(ctx.config.logLevel);
  const routeKinds = new RouteKinds();
  const app = Fastify({
    // Without a logger (tests) a silent one: Fastify times a request (reply.elapsedTime, the request log's latency)
    // only when it has a logger or an onResponse hook.
    loggerInstance: logger === false ? silentLogger() : logger,
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

  // One home per audience (docs/architecture.md, "Who calls, and where it lives"): the partner API, the customer's
  // hosted pages, the operator's console and API, and the provider service's signed callbacks.
  await partnerApi(app, ctx);
  // What the request log holds is written when the app closes, after the last request was answered.
  app.addHook('onClose', () => ctx.requestLog.close());
  await hostedPages(app, ctx);
  // The operator console: its own session cookie, never the bearer token of /admin/v1.
  await app.register(async (scope) => consoleRoutes(scope, ctx));
  await app.register(async (scope) => dashboardRoutes(scope, ctx));
  await operatorApi(app, ctx);
  // The brokerage's provider service calls back here, signed; no partner token.
  await app.register(async (scope) => providerCallbackRoutes(scope, ctx), { prefix: '/provider/v1' });
  return app;
}
