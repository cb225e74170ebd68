import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { formatMoment } from '../../platform/browser/format.js';
import { decideDepositHold, decideOrderHold, type HoldDecision } from './queues-actions.js';
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
import { heldDeposits, heldOrders } from './queues-repo.js';
import { workspaceLabels } from './workspace-names.js';

// Compliance holds (GET /console/queues/holds): deposits and orders whose funds wait in ComplianceReview, oldest
// first. Clear lets the money on, reject returns it to the payer: the operator API's decisions
// (deposits/compliance.ts, orders/compliance.ts), for compliance and admins.

const path = `${queuesPath}/holds`;
const done: Record<string, string> = {
  'deposit-clear': 'The deposit was cleared: its funds are credited.',
  'deposit-reject': 'The deposit was rejected: its funds go back to the payer.',
  'order-clear': 'The order was cleared: it goes on.',
  'order-reject': 'The order was rejected: its funds are refunded to the payer.',
};

type Decided = { Params: { id: string; decision: string } };

export async function holdsQueueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function show(request: FastifyRequest, reply: FastifyReply, error?: string, status = 200) {
    const me = request.operator;
    const workspaceId = queryText(request.query, 'workspaceId', 64);
    const page = pageNumber(request.query);
    const filter = { workspaceId, limit: queuePageSize + 1, offset: page * queuePageSize };
    const [deposits, orders] = await Promise.all([heldDeposits(ctx.db, filter), heldOrders(ctx.db, filter)]);
    const workspace = await workspaceLabels(ctx.db, [
      ...deposits.map((d) => d.workspace_id),
      ...orders.map((o) => o.workspace_id),
    ]);
    const buttons = (kind: 'deposits' | 'orders', id: string) => {
      const action = kind === 'deposits' ? 'admin.compliance.decideDeposit' : 'admin.compliance.decideOrder';
      const url = (d: HoldDecision) => `${path}/${kind}/${encodeURIComponent(id)}/${d}`;
      const clear = actionForm(me, action, url('clear'), 'Clear', id);
      const reject = actionForm(me, action, url('reject'), 'Reject', id, { style: 'danger' });
      return clear === '' ? '' : `<div class="actions">${clear}${reject}</div>`;
    };
    const depositRows = deposits.slice(0, queuePageSize).map(
      (d) => `<tr>${cell('Deposit', `<code>${esc(d.id)}</code>`)}${cell('Workspace', workspace(d.workspace_id))}
${cell('Payer', esc(d.payer_email))}${cell('Held', esc(money(d.held_amount, d.currency)))}
${cell('Held since', esc(formatMoment(d.updated_at_ms)))}<td>${buttons('deposits', d.id)}</td></tr>`,
    );
    const orderRows = orders.slice(0, queuePageSize).map(
      (o) => `<tr>${cell('Order', `<code>${esc(o.id)}</code>`)}${cell('Workspace', workspace(o.workspace_id))}
${cell('Customer', esc(o.customer_email ?? o.payer_email ?? '—'))}${cell('Received', esc(`${money(o.received_amount, o.origin_currency)} of ${money(o.origin_amount, o.origin_currency)}`))}
${cell('To', esc(o.destination_currency))}${cell('Held since', esc(formatMoment(o.updated_at_ms)))}<td>${buttons('orders', o.id)}</td></tr>`,
    );
    const more = deposits.length > queuePageSize || orders.length > queuePageSize;
    const notice = done[queryText(request.query, 'done', 20)];
    return sendQueuePage(
      request,
      reply,
      {
        title: 'Compliance holds',
        body: `${messages(notice, error)}
<p>Funds held for compliance review. Clear credits them and lets the deposit or order go on; reject returns them to the payer.</p>
${filterForm(path, [{ name: 'workspaceId', label: 'Workspace id', value: workspaceId }])}
<h2>Deposits</h2>
${queueTable(['Deposit', 'Workspace', 'Payer', 'Held', 'Held since', ''], depositRows, 'No deposit is held.')}
<h2>Orders</h2>
${queueTable(['Order', 'Workspace', 'Customer', 'Received', 'To', 'Held since', ''], orderRows, 'No order is held.')}
${pager(path, { workspaceId }, page, more)}`,
      },
      status,
    );
  }

  app.get(path, guarded('console.view'), async (request, reply) => show(request, reply));

  const decisionParams = {
    ...idParams('id', 'decision'),
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 40 },
      decision: { type: 'string', enum: ['clear', 'reject'] },
    },
  };
  app.post<Decided>(
    `${path}/deposits/:id/:decision`,
    guarded('admin.compliance.decideDeposit', decisionParams),
    async (request, reply) => {
      const decision = request.params.decision as HoldDecision;
      const outcome = await attempt(() => decideDepositHold(ctx, request.params.id, decision));
      if (!outcome.ok) return show(request, reply, outcome.message, outcome.status);
      return reply.redirect(`${path}?done=deposit-${decision}`, 303);
    },
  );
  app.post<Decided>(
    `${path}/orders/:id/:decision`,
    guarded('admin.compliance.decideOrder', decisionParams),
    async (request, reply) => {
      const decision = request.params.decision as HoldDecision;
      const outcome = await attempt(() => decideOrderHold(ctx, request.params.id, decision));
      if (!outcome.ok) return show(request, reply, outcome.message, outcome.status);
      return reply.redirect(`${path}?done=order-${decision}`, 303);
    },
  );
}
