import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { formatMoment } from '../../platform/browser/format.js';
import { openSensitive } from '../../platform/secrets/sensitive.js';
import { approveRefund } from './queues-actions.js';
import {
  actionForm,
  attempt,
  cell,
  guarded,
  idParams,
  messages,
  money,
  pageNumber,
  pager,
  queryText,
  queuePageSize,
  queuesPath,
  queueTable,
  sendQueuePage,
} from './queues-common.js';
import { filterForm } from './queues-filter.js';
import { refundsAwaitingApproval } from './queues-repo.js';
import { workspaceLabels } from './workspace-names.js';

// Refunds awaiting approval (GET /console/queues/refunds): pending payments whose refund to the payer was started
// (pending_approval), oldest first. Approve sends it (returning): the operator API's refund action
// (pending-payments/service.ts operatorRefund). The API has no rejection: an unapproved refund simply waits.

const path = `${queuesPath}/refunds`;
const approveAction = 'admin.refunds.act';

export async function refundsQueueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function show(request: FastifyRequest, reply: FastifyReply, error?: string, status = 200) {
    const me = request.operator;
    const workspaceId = queryText(request.query, 'workspaceId', 64);
    const page = pageNumber(request.query);
    const rows = await refundsAwaitingApproval(ctx.db, {
      workspaceId,
      limit: queuePageSize + 1,
      offset: page * queuePageSize,
    });
    const workspace = await workspaceLabels(
      ctx.db,
      rows.map((r) => r.workspace_id),
    );
    const shown = rows.slice(0, queuePageSize).map((r) => {
      // The payer's account is stored sealed (platform/secrets/sensitive.ts): the operator who approves sees it.
      const payer = Object.entries(openSensitive(ctx.secretsKeyring, r.counterparty))
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      const approve = actionForm(
        me,
        approveAction,
        `${path}/${encodeURIComponent(r.id)}/approve`,
        'Approve refund',
        r.id,
      );
      return `<tr>${cell('Payment', `<code>${esc(r.id)}</code>`)}${cell('Workspace', workspace(r.workspace_id))}
${cell('Customer', esc(r.email ?? '—'))}${cell('Amount', esc(money(r.amount, r.currency)))}${cell('Payer', esc(payer || '—'))}
${cell('Started', esc(formatMoment(r.updated_at_ms)))}<td>${approve}</td></tr>`;
    });
    const done =
      queryText(request.query, 'done', 20) === 'approved'
        ? 'The refund was approved: it is on its way to the payer.'
        : undefined;
    return sendQueuePage(
      request,
      reply,
      {
        title: 'Refunds awaiting approval',
        body: `${messages(done, error)}
<p>Refunds of pending payments to their payers, started and waiting for approval. Approving sends the money back through the rail.</p>
${filterForm(path, [{ name: 'workspaceId', label: 'Workspace id', value: workspaceId }])}
${queueTable(['Payment', 'Workspace', 'Customer', 'Amount', 'Payer', 'Started', ''], shown, 'No refund is waiting for approval.')}
${pager(path, { workspaceId }, page, rows.length > queuePageSize)}`,
      },
      status,
    );
  }

  app.get(path, guarded('console.view'), async (request, reply) => show(request, reply));

  app.post<{ Params: { transferId: string } }>(
    `${path}/:transferId/approve`,
    guarded(approveAction, idParams('transferId')),
    async (request, reply) => {
      const outcome = await attempt(() => approveRefund(ctx, request.params.transferId));
      if (!outcome.ok) return show(request, reply, outcome.message, outcome.status);
      return reply.redirect(`${path}?done=approved`, 303);
    },
  );
}
