import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { enterAuditScope, leaveAuditScope } from '../../platform/audit/scope.js';
import { adminAuth } from '../../platform/auth.js';
import type { ExampleCatalogue } from '../../platform/openapi-examples.js';
import { amlAdminRoutes } from './aml-routes.js';
import { auditLogAdminRoutes } from './audit-log-routes.js';
import { bankFileAdminRoutes } from './bank-file-routes.js';
import { capabilityAdminRoutes } from './capability-routes.js';
import { complianceAdminRoutes } from './compliance-routes.js';
import { conversationAdminRoutes } from './conversation-routes.js';
import { dashboardUserAdminRoutes } from './dashboard-user-routes.js';
import { databaseAdminRoutes } from './database-routes.js';
import { housekeepingAdminRoutes } from './housekeeping-routes.js';
import { idempotencyAdminRoutes } from './idempotency-routes.js';
import { ledgerAdminRoutes } from './ledger-routes.js';
import { operatorAdminRoutes } from './operator-routes.js';
import { overviewAdminRoutes } from './overview-routes.js';
import { payoutBatchAdminRoutes } from './payout-batch-routes.js';
import { refundAdminRoutes } from './refund-routes.js';
import { supportTicketAdminRoutes } from './support-ticket-routes.js';
import { verificationListAdminRoutes } from './verification-list-routes.js';
import { verificationAdminRoutes } from './verification-routes.js';
import { workspaceAdminRoutes } from './workspace-routes.js';

/**
 * The operator API under /admin/v1: every operator endpoint is a file of this folder, `<area>-routes.ts`, calling
 * the service of the module that owns the work (a resource's, a shared capability's, or one of operator/'s own).
 * One bearer token (platform/auth.ts adminAuth, with the operator's role), and every change recorded in the audit
 * log in its own transaction (platform/audit/).
 */
export async function operatorApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', adminAuth(ctx));
      scope.addHook('preHandler', enterAuditScope);
      scope.addHook('onResponse', leaveAuditScope);
      await workspaceAdminRoutes(scope, ctx);
      await dashboardUserAdminRoutes(scope, ctx);
      await ledgerAdminRoutes(scope, ctx);
      await capabilityAdminRoutes(scope, ctx);
      await databaseAdminRoutes(scope, ctx);
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
}

/** The examples of the operator API's operations, one catalogue per folder, loaded only when the reference is first served. */
export async function operatorApiExamples(): Promise<ExampleCatalogue[]> {
  return Promise.all([
    import('./examples.js').then((m) => m.adminExamples),
    import('./examples-threads.js').then((m) => m.adminThreadsExamples),
    import('./examples-tickets.js').then((m) => m.adminTicketsExamples),
    import('./examples-workspaces.js').then((m) => m.adminWorkspacesExamples),
    import('./examples-aml.js').then((m) => m.adminAmlExamples),
    import('./examples-bank-files.js').then((m) => m.bankFilesExamples),
    import('./examples-payout-batches.js').then((m) => m.payoutBatchesExamples),
    import('./examples-operators.js').then((m) => m.operatorsExamples),
    import('./examples-dashboard-users.js').then((m) => m.dashboardUsersExamples),
    import('./examples-audit-log.js').then((m) => m.auditLogExamples),
    import('./examples-overview.js').then((m) => m.overviewExamples),
  ]);
}
