import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { enterAuditScope, leaveAuditScope } from '../platform/audit/scope.js';
import { registerFormParser } from '../platform/browser/forms.js';
import { siteStyleRoute } from '../platform/browser/style.js';
import { dashboardFormToken, dashboardSession } from './auth.js';
import { dashboardCredentialsRoutes } from './credentials-page.js';
import { dashboardEnrolRoutes } from './enrol-routes.js';
import { dashboardEventsRoutes } from './events-page.js';
import { dashboardHomeRoutes } from './home-routes.js';
import { sendDashboardNotice } from './layout.js';
import { dashboardLoginRoutes, dashboardLogoutRoute } from './login-routes.js';
import { dashboardBalancesRoutes } from './objects-balances-page.js';
import { dashboardKycRoutes } from './objects-kyc-page.js';
import { dashboardObjectRoutes } from './objects-page.js';
import { dashboardRequestsRoutes } from './requests-page.js';
import { dashboardSandboxRoutes } from './sandbox-actions.js';
import { dashboardUsersRoutes } from './users-page.js';
import { dashboardWebhooksRoutes } from './webhooks-page.js';

// The partner dashboard at /dashboard (issue 30, item 1): server-rendered pages for a workspace's own engineers,
// with the console's mechanisms (platform/browser/: cookies, form tokens, the page and its style sheet, scrypt, TOTP)
// and permissions of its own (domain/partner-users/permissions.ts). Open: the style sheet, sign-in and enrolment.
// Everything else is behind a dashboard session (auth.ts), and each route names the permission it needs.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST about the person's own session (sign-out): not a change to the workspace. */
    ownSession?: boolean;
    /**
     * 'handler': the change is recorded by its handler (recordAuditEvent, after it succeeded), not in the audit
     * scope: the sandbox's helpers run several transactions of their own (sandbox-actions.ts).
     */
    auditRecordedBy?: 'handler';
  }
}

/**
 * Every dashboard POST that changes something, by path, with its audit action: the tests walk it, so a new form is
 * checked against every role without a test of its own.
 */
export const dashboardChanges = new Map<string, string>();

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerFormParser(app);
  // Failures are pages, not JSON: the reader is a person in a browser.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'dashboard page failed');
      return sendDashboardNotice(
        reply,
        503,
        'Something went wrong',
        'The dashboard could not finish this. Try again shortly.',
      );
    }
    const text = status === 404 ? 'There is nothing here.' : 'The dashboard could not read this request.';
    return sendDashboardNotice(reply, status, status === 404 ? 'Not found' : 'Request not understood', text);
  });
  await siteStyleRoute(app, '/dashboard/dashboard.css');
  await dashboardLoginRoutes(app, ctx);
  await dashboardEnrolRoutes(app, ctx);
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', dashboardSession(ctx));
    signedIn.addHook('preHandler', dashboardFormToken());
    // A change runs in an audit scope with the partner user as its actor, as an operator's does
    // (platform/audit/scope.ts): the service's transaction records it, or fails if it wrote without describing it.
    // A route whose handler records its own action (config.auditRecordedBy: 'handler') still names it, but runs
    // outside the scope: its service commits several transactions, which the scope's one row cannot describe.
    signedIn.addHook('preHandler', (request, reply, done) => {
      const { auditAction, auditRecordedBy } = request.routeOptions.config;
      return auditAction === undefined || auditRecordedBy === 'handler'
        ? done()
        : enterAuditScope(request, reply, done);
    });
    signedIn.addHook('onResponse', leaveAuditScope);
    signedIn.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (!methods.includes('POST') || route.config?.ownSession === true) return;
      const action = route.config?.auditAction;
      if (action === undefined) {
        throw new Error(`dashboard route POST ${route.url} changes something: give it config.auditAction`);
      }
      dashboardChanges.set(route.url, action);
    });
    await dashboardLogoutRoute(signedIn, ctx);
    await dashboardHomeRoutes(signedIn, ctx);
    await dashboardRequestsRoutes(signedIn, ctx);
    await dashboardUsersRoutes(signedIn, ctx);
    await dashboardCredentialsRoutes(signedIn, ctx);
    await dashboardWebhooksRoutes(signedIn, ctx);
    await dashboardEventsRoutes(signedIn, ctx);
    await dashboardObjectRoutes(signedIn, ctx);
    await dashboardBalancesRoutes(signedIn, ctx);
    await dashboardKycRoutes(signedIn, ctx);
    await dashboardSandboxRoutes(signedIn, ctx);
  });
}
