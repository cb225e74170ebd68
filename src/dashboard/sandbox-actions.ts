import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findHolderAccount } from '../accounts/accounts.js';
import type { AppContext } from '../app-context.js';
import { ApiError } from '../domain/errors.js';
import { mayDo } from '../domain/partner-users/permissions.js';
import { limits } from '../limits.js';
import { recordAuditEvent } from '../platform/audit/events.js';
import { formField } from '../platform/browser/forms.js';
import { findDeposit } from '../resources/deposits/repo.js';
import { findOrder } from '../resources/orders/repo.js';
import { advanceWorkspaceClock, readWorkspaceClock } from '../resources/simulate/clock.js';
import { simulateDepositTransfer } from '../resources/simulate/deposit-transfer.js';
import { simulateKyc } from '../resources/simulate/kyc.js';
import { simulateOrderTransfer } from '../resources/simulate/order-transfer.js';
import type { WorkspaceContext } from '../workspaces/workspace.js';
import { requireDashboardPermission } from './auth.js';
import { sendDashboardNotice, sendDashboardPage } from './layout.js';
import { kycTargets, payerFieldOf, sandboxPage } from './sandbox-views.js';

// The stage sandbox's helpers from the dashboard (issue 30, "Objects"): simulate the incoming transfer of a deposit
// or an order, move a customer's verification, advance the workspace's test clock. Each calls the function
// /v1/simulate calls (resources/simulate/), for the signed-in person's own workspace, and only where /v1/simulate
// exists: a stage server and a workspace with simulation on; anywhere else the page and the forms answer 404, as
// /v1/simulate does in production. These functions run transactions of their own (and a job settles the transfer
// later), so they do not run in the dashboard's audit scope: their routes say `auditRecordedBy: 'handler'`
// (routes.ts), and each handler records its action with recordAuditEvent once the helper has succeeded.

/** The person's workspace when the sandbox's helpers exist for it (stage, simulation on); undefined elsewhere. */
export async function sandboxWorkspace(ctx: AppContext, workspaceId: string): Promise<WorkspaceContext | undefined> {
  if (ctx.config.brokerageEnv !== 'stage') return undefined;
  const workspace = await ctx.workspaces.get(workspaceId);
  return workspace?.simulation ? workspace : undefined;
}

type IdParams = { Params: { id: string } };
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 320 } },
  required: ['id'],
} as const;

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendDashboardNotice(reply, 404, 'Not found', 'There is nothing here.', request.partnerUser);

/** A refusal of the helper (a state it cannot move from, a bad amount) is a page with its status. */
function refused(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof ApiError && error.status < 500) {
    // A 401/403 of the partner API (an object of another workspace) is "not here" to a person.
    if (error.status === 401 || error.status === 403 || error.status === 404) return notFound(request, reply);
    return sendDashboardNotice(reply, error.status, 'The sandbox did not do this', error.message, request.partnerUser);
  }
  throw error;
}

/** A decimal amount as the partner API takes it (a JSON number), or undefined. */
function amountOf(text: string): number | undefined {
  if (!/^\d{1,15}(\.\d{1,18})?$/.test(text.trim())) return undefined;
  const value = Number(text.trim());
  return value > 0 && Number.isFinite(value) ? value : undefined;
}

/**
 * The payer of a simulated transfer from the form: a counterparty (fiat) or a fromAddress (crypto); undefined when
 * the currency's payer field is left empty.
 */
function payerOf(request: FastifyRequest, currency: string) {
  const field = payerFieldOf(currency);
  const value = formField(request, 'payerField').trim();
  if (field !== undefined && value === '') return undefined;
  if (field === 'fromAddress') return { fromAddress: value };
  const scenario = formField(request, 'scenario');
  return {
    ...(['success', 'failed', 'processing', 'compliance_review'].includes(scenario)
      ? { scenario: scenario as 'success' | 'failed' | 'processing' | 'compliance_review' }
      : {}),
    counterparty: {
      name: formField(request, 'payerName').trim() || 'Sandbox Payer',
      ...(field === undefined ? {} : { [field]: value }),
    },
  };
}

export async function dashboardSandboxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const helper = (action: string) => ({
    schema: { hide: true, params: idParams },
    preHandler: requireDashboardPermission('dashboard.sandbox.use'),
    config: { auditAction: action, auditRecordedBy: 'handler' as const },
  });

  /** The audit row of a helper that succeeded: the person, what they did, to what, in their workspace. */
  const record = (request: FastifyRequest, action: string, target: { type: string; id: string }, after: unknown) =>
    recordAuditEvent(
      ctx.db,
      {
        actor: request.actor,
        action,
        target,
        after,
        workspaceId: request.partnerUser.workspaceId,
        requestId: request.id,
      },
      ctx.clock.nowMs(),
    );

  app.get(
    '/dashboard/sandbox',
    { schema: { hide: true }, preHandler: requireDashboardPermission('dashboard.read') },
    async (request, reply) => {
      const me = request.partnerUser;
      const workspace = await sandboxWorkspace(ctx, me.workspaceId);
      if (!workspace) return notFound(request, reply);
      const done = (request.query as { done?: string }).done === 'clock' ? 'The test clock was moved forward.' : '';
      return sendDashboardPage(
        reply,
        sandboxPage({
          me,
          clock: await readWorkspaceClock(ctx, workspace),
          mayUse: mayDo(me.role, 'dashboard.sandbox.use'),
          done,
        }),
      );
    },
  );

  const transferAction = 'dashboard.sandbox.simulateTransfer';

  app.post<IdParams>('/dashboard/deposits/:id/simulate-transfer', helper(transferAction), async (request, reply) => {
    const workspace = await sandboxWorkspace(ctx, request.partnerUser.workspaceId);
    const deposit = workspace && (await findDeposit(ctx.db, workspace.id, request.params.id));
    if (!workspace || !deposit) return notFound(request, reply);
    const amount = amountOf(formField(request, 'amount'));
    const payer = payerOf(request, deposit.currency);
    if (amount === undefined || payer === undefined) {
      const text = amount === undefined ? 'Enter an amount.' : "Enter the payer's account.";
      return sendDashboardNotice(reply, 400, 'The sandbox did not do this', text, request.partnerUser);
    }
    try {
      const done = await simulateDepositTransfer(ctx, workspace, {
        depositId: deposit.id,
        amount,
        ...payer,
      });
      await record(request, transferAction, { type: 'deposit', id: deposit.id }, { amount, message: done.message });
    } catch (error) {
      return refused(request, reply, error);
    }
    return reply.redirect(`/dashboard/deposits/${encodeURIComponent(deposit.id)}?done=transfer`, 303);
  });

  app.post<IdParams>('/dashboard/orders/:id/simulate-transfer', helper(transferAction), async (request, reply) => {
    const workspace = await sandboxWorkspace(ctx, request.partnerUser.workspaceId);
    const order = workspace && (await findOrder(ctx.db, request.params.id));
    if (!workspace || !order || order.workspace_id !== workspace.id) return notFound(request, reply);
    const amount = amountOf(formField(request, 'amount'));
    const payer = payerOf(request, order.origin_currency);
    if (amount === undefined || payer === undefined) {
      const text = amount === undefined ? 'Enter an amount.' : "Enter the payer's account.";
      return sendDashboardNotice(reply, 400, 'The sandbox did not do this', text, request.partnerUser);
    }
    try {
      const done = await simulateOrderTransfer(ctx, workspace, {
        orderId: order.id,
        amount,
        ...payer,
      });
      await record(request, transferAction, { type: 'order', id: order.id }, { amount, message: done.message });
    } catch (error) {
      return refused(request, reply, error);
    }
    return reply.redirect(`/dashboard/orders/${encodeURIComponent(order.id)}?done=transfer`, 303);
  });

  const kycAction = 'dashboard.sandbox.moveVerification';
  app.post<IdParams>('/dashboard/kyc/:id/simulate', helper(kycAction), async (request, reply) => {
    const workspace = await sandboxWorkspace(ctx, request.partnerUser.workspaceId);
    // Only a customer the workspace has (its KYC page exists): /v1/simulate/kyc would create one for a new email.
    const holder = workspace && (await findHolderAccount(ctx.db, workspace.id, request.params.id));
    if (!workspace || !holder) return notFound(request, reply);
    const status = formField(request, 'status');
    if (!(kycTargets as readonly string[]).includes(status)) {
      return sendDashboardNotice(reply, 400, 'The sandbox did not do this', 'Choose a status.', request.partnerUser);
    }
    try {
      const moved = await simulateKyc(ctx.db, ctx.clock, workspace.id, {
        userEmail: request.params.id,
        status: status as (typeof kycTargets)[number],
      });
      await record(
        request,
        kycAction,
        { type: 'verification', id: moved.userEmail },
        { status: moved.status, transitions: moved.transitions },
      );
      return reply.redirect(`/dashboard/kyc/${encodeURIComponent(moved.userEmail)}?done=kyc`, 303);
    } catch (error) {
      return refused(request, reply, error);
    }
  });

  const clockAction = 'dashboard.sandbox.advanceClock';
  app.post(
    '/dashboard/sandbox/clock',
    { ...helper(clockAction), schema: { hide: true } },
    async (request: FastifyRequest, reply) => {
      const workspace = await sandboxWorkspace(ctx, request.partnerUser.workspaceId);
      if (!workspace) return notFound(request, reply);
      const amount = Number(formField(request, 'amount'));
      const unit = formField(request, 'unit') === 'minutes' ? 60 : 3600;
      const seconds = amount * unit;
      if (!Number.isInteger(amount) || amount < 1 || seconds > limits.testClockAdvanceMaxSeconds) {
        return sendDashboardNotice(
          reply,
          400,
          'The sandbox did not do this',
          `Enter a whole number of minutes or hours, at most ${limits.testClockAdvanceMaxSeconds / 3600} hours.`,
          request.partnerUser,
        );
      }
      try {
        const advanced = await advanceWorkspaceClock(ctx, workspace, seconds);
        await record(request, clockAction, { type: 'workspace', id: workspace.id }, { seconds, ...advanced });
      } catch (error) {
        return refused(request, reply, error);
      }
      return reply.redirect('/dashboard/sandbox?done=clock', 303);
    },
  );
}
