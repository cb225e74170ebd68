import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { balancesOf } from '../../ledger/ledger.js';
import { formatMoment } from '../../platform/browser/format.js';
import { findWorkspace } from '../../workspaces/repo.js';
import { requirePermission } from './auth.js';
import { sendConsolePage, sendNotice } from './layout.js';
import {
  attemptsOf,
  type CustomerRecordRow,
  type CustomerRow,
  entriesOfAccount,
  findCustomer,
  recordsOfCustomer,
  type ScreeningSummaryRow,
  screeningsOfCustomer,
  verificationEventsOf,
} from './timeline-repo.js';
import { customerPath, money, recordPage, resentOf } from './timeline-views.js';

// A customer's page (operator console issue, item 3): a person is an email within a workspace. Their KYC status and
// its history (each verification_status_updated event, with its deliveries and a resend), their screenings, their
// orders, deposits and withdrawals, their balances and the ledger entries that touched their account.

type CustomerQuery = { Querystring: { workspace?: string; email?: string; resent?: string } };

const recordPaths = { order: 'orders', deposit: 'deposits', withdrawal: 'withdrawals' } as const;

function recordsTable(records: readonly CustomerRecordRow[]): string {
  if (records.length === 0) return '<p>No orders, deposits or withdrawals.</p>';
  const rows = records
    .map(
      (r) => `<tr><td data-label="Kind">${esc(r.kind)}</td>
<td data-label="Id"><a href="/console/${recordPaths[r.kind]}/${esc(encodeURIComponent(r.id))}">${esc(r.id)}</a></td>
<td data-label="Status">${esc(r.status)}</td><td data-label="Amount">${esc(money(r.amount, r.currency))}</td>
<td data-label="Created">${esc(formatMoment(r.created_at_ms))}</td></tr>`,
    )
    .join('\n');
  return `<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Kind</th><th scope="col">Id</th><th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Created</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
}

function screeningsTable(screenings: readonly ScreeningSummaryRow[]): string {
  if (screenings.length === 0) return '<p>No screening.</p>';
  const rows = screenings
    .map(
      (
        s,
      ) => `<tr><td data-label="Screening"><code>${esc(s.id)}</code></td><td data-label="Subject">${esc(s.entity_type)}</td>
<td data-label="Status">${esc(s.status)}</td><td data-label="Screened">${esc(formatMoment(s.created_at_ms))}</td></tr>`,
    )
    .join('\n');
  return `<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Screening</th><th scope="col">Subject</th><th scope="col">Status</th><th scope="col">Screened</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
}

async function customerSections(ctx: AppContext, customer: CustomerRow): Promise<string> {
  const [records, screenings, balances] = [
    await recordsOfCustomer(ctx.db, customer.workspace_id, customer.id, customer.email),
    await screeningsOfCustomer(ctx.db, customer.workspace_id, customer.id, customer.email),
    await balancesOf(ctx.db, customer.id),
  ];
  const balanceRows = balances
    .map(
      (
        b,
      ) => `<tr><td data-label="Currency">${esc(b.currency)}</td><td data-label="Available">${esc(money(b.available, b.currency))}</td>
<td data-label="Pending">${esc(money(b.pending, b.currency))}</td></tr>`,
    )
    .join('\n');
  const ledgerLink = `/console/ledger?account=${encodeURIComponent(customer.id)}`;
  return `<h2>Balances</h2>
${
  balances.length === 0
    ? '<p>No balance.</p>'
    : `<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Currency</th><th scope="col">Available</th><th scope="col">Pending</th></tr></thead><tbody>
${balanceRows}
</tbody></table></div>`
}
<p><a href="${esc(ledgerLink)}">The account's journal</a></p>
<h2>Orders, deposits and withdrawals</h2>
${recordsTable(records)}
<h2>Screenings</h2>
${screeningsTable(screenings)}`;
}

export async function customerPageRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<CustomerQuery>(
    '/console/customers',
    { schema: { hide: true }, preHandler: requirePermission('console.view') },
    async (request, reply) => {
      const me = request.operator;
      const { workspace: workspaceId = '', email = '' } = request.query;
      const customer = workspaceId && email ? await findCustomer(ctx.db, workspaceId, email) : undefined;
      if (!customer) return sendNotice(reply, 404, 'Not found', 'There is no such customer in this workspace.', me);
      const workspace = await findWorkspace(ctx.db, customer.workspace_id);
      const events = await verificationEventsOf(ctx.db, customer.workspace_id, customer.email);
      const resent = resentOf(request.query);
      const page = recordPage({
        me,
        title: `Customer ${customer.email}`,
        path: customerPath(customer.workspace_id, customer.email),
        workspace: { id: customer.workspace_id, name: workspace?.name ?? customer.workspace_id },
        facts: [
          ['Email', customer.email],
          ['KYC status', customer.verification_status],
          ['KYC id', customer.kyc_id ?? '—'],
          ['Account', customer.id, `/console/ledger?account=${encodeURIComponent(customer.id)}`],
        ],
        createdAtMs: customer.created_at_ms,
        events,
        attempts: await attemptsOf(
          ctx.db,
          events.map((e) => e.id),
        ),
        entries: await entriesOfAccount(ctx.db, customer.id),
        mayResend: mayAct(me.role, 'webhooks.resend'),
        extra: await customerSections(ctx, customer),
        ...(resent === undefined ? {} : { resent }),
      });
      return sendConsolePage(reply, page);
    },
  );
}
