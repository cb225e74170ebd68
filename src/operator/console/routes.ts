import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { enterAuditScope, leaveAuditScope } from '../../platform/audit/scope.js';
import { registerFormParser } from '../../platform/browser/forms.js';
import { siteStyleRoute } from '../../platform/browser/style.js';
import { auditPageRoutes } from './audit-page.js';
import { consoleSession, formToken } from './auth.js';
import { bankFilesPageRoutes } from './bank-files-page.js';
import { chartsPageRoutes } from './charts-page.js';
import { enrolRoutes } from './enrol-routes.js';
import { homeRoutes } from './home-routes.js';
import { sendNotice } from './layout.js';
import { ledgerPageRoutes } from './ledger-page.js';
import { loginRoutes } from './login-routes.js';
import { operatorsPageRoutes } from './operators-page.js';
import { amlQueueRoutes } from './queues-aml.js';
import { conversationsQueueRoutes } from './queues-conversations.js';
import { holdsQueueRoutes } from './queues-holds.js';
import { idempotencyQueueRoutes } from './queues-idempotency.js';
import { queuesIndexRoutes } from './queues-index.js';
import { kycQueueRoutes } from './queues-kyc.js';
import { refundsQueueRoutes } from './queues-refunds.js';
import { ticketsQueueRoutes } from './queues-tickets.js';
import { searchPageRoutes } from './search-page.js';
import { sessionsPageRoutes } from './sessions-page.js';
import { timelinePageRoutes } from './timeline-page.js';
import { webhooksPageRoutes } from './webhooks-page.js';
import { workspaceDashboardUsersRoutes } from './workspaces-dashboard-users.js';
import { workspacesPageRoutes } from './workspaces-page.js';

// The operator console at /console (operator console issue, item 3): server-rendered pages for the brokerage's own
// people. Open: the style sheet, sign-in and enrolment. Everything else is behind a console session (auth.ts), and
// each route names the permission it needs. A section's routes are registered in `signedIn` below.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A console POST about the person's own session (sign-out, their sessions): not a change to the platform. */
    ownSession?: boolean;
  }
}

/**
 * Every console POST that changes the platform, by path, with its audit action (the permission it needs is the
 * same name): the tests walk it, so a new form is checked against every role without a test of its own.
 */
export const consoleChanges = new Map<string, string>();

export async function consoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerFormParser(app);
  // Failures are pages, not JSON: the reader is a person in a browser.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'console page failed');
      return sendNotice(reply, 503, 'Something went wrong', 'The console could not finish this. Try again shortly.');
    }
    const text = status === 404 ? 'There is nothing here.' : 'The console could not read this request.';
    return sendNotice(reply, status, status === 404 ? 'Not found' : 'Request not understood', text);
  });
  await siteStyleRoute(app, '/console/console.css');
  await loginRoutes(app, ctx);
  await enrolRoutes(app, ctx);
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', consoleSession(ctx));
    signedIn.addHook('preHandler', formToken());
    // A console action that changes the platform names its audit action (config.auditAction) and runs in an audit
    // scope like an /admin/v1 write, so its service's transaction records it (docs/decisions/operators-console-and-audit.md, "The audit log").
    // Sign-out and ending one's own sessions change nothing of the platform: no audit scope; they are recorded as
    // events of their own (operators/sign-in-audit.ts).
    signedIn.addHook('preHandler', (request, reply, done) =>
      request.routeOptions.config.auditAction === undefined ? done() : enterAuditScope(request, reply, done),
    );
    signedIn.addHook('onResponse', leaveAuditScope);
    // Every other POST is a change and must say under which action it is recorded: refused at start otherwise.
    signedIn.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (!methods.includes('POST') || route.config?.ownSession === true) return;
      const action = route.config?.auditAction;
      if (action === undefined) {
        throw new Error(`console route POST ${route.url} changes the platform: give it config.auditAction`);
      }
      consoleChanges.set(route.url, action);
    });
    await homeRoutes(signedIn, ctx);
    await chartsPageRoutes(signedIn, ctx);
    await operatorsPageRoutes(signedIn, ctx);
    await sessionsPageRoutes(signedIn, ctx);
    await workspacesPageRoutes(signedIn, ctx);
    await workspaceDashboardUsersRoutes(signedIn, ctx);
    await searchPageRoutes(signedIn, ctx);
    await timelinePageRoutes(signedIn, ctx);
    await webhooksPageRoutes(signedIn, ctx);
    await ledgerPageRoutes(signedIn, ctx);
    await bankFilesPageRoutes(signedIn, ctx);
    await auditPageRoutes(signedIn, ctx);
    await queuesIndexRoutes(signedIn, ctx);
    await holdsQueueRoutes(signedIn, ctx);
    await kycQueueRoutes(signedIn, ctx);
    await amlQueueRoutes(signedIn, ctx);
    await refundsQueueRoutes(signedIn, ctx);
    await idempotencyQueueRoutes(signedIn, ctx);
    await ticketsQueueRoutes(signedIn, ctx);
    await conversationsQueueRoutes(signedIn, ctx);
  });
}
