import type { FastifyInstance } from 'fastify';
import { findHolderAccount, workspaceAccountId } from '../accounts/accounts.js';
import type { AppContext } from '../app-context.js';
import { esc } from '../domain/html.js';
import { balancesOf } from '../ledger/ledger.js';
import { requireDashboardPermission } from './auth.js';
import { sendDashboardPage } from './layout.js';
import { money } from './objects-views.js';

// GET /dashboard/balances (issue 30, "Objects"): the workspace's balances per currency, and a customer's by email,
// read as GET /v1/balances reads them (the holder's account, then ledger/ledger.ts balancesOf) for the person's own
// workspace only.

type BalancesQuery = { Querystring: { email?: string } };

export async function dashboardBalancesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<BalancesQuery>(
    '/dashboard/balances',
    { schema: { hide: true }, preHandler: requireDashboardPermission('dashboard.read') },
    async (request, reply) => {
      const me = request.partnerUser;
      const email = (request.query.email ?? '').trim().slice(0, 254);
      const accountId =
        email === ''
          ? workspaceAccountId(me.workspaceId)
          : (await findHolderAccount(ctx.db, me.workspaceId, email))?.id;
      const rows = accountId === undefined ? [] : await balancesOf(ctx.db, accountId);
      const whose = email === '' ? "The workspace's own balances" : `The balances of ${email}`;
      const table =
        rows.length === 0
          ? `<p>${email !== '' && accountId === undefined ? 'There is no customer with this email in your workspace.' : 'No balance yet.'}</p>`
          : `<div class="table-wrap"><table class="cards"><caption>${esc(whose)}</caption>
<thead><tr><th scope="col">Currency</th><th scope="col">Available</th><th scope="col">Pending</th><th scope="col">Total</th></tr></thead><tbody>
${rows
  .map(
    (
      b,
    ) => `<tr><td data-label="Currency">${esc(b.currency)}</td><td data-label="Available">${esc(money(b.available, b.currency))}</td>
<td data-label="Pending">${esc(money(b.pending, b.currency))}</td><td data-label="Total">${esc(money(b.available + b.pending, b.currency))}</td></tr>`,
  )
  .join('\n')}
</tbody></table></div>`;
      return sendDashboardPage(reply, {
        title: 'Balances',
        user: me,
        current: '/dashboard/balances',
        body: `<h1>Balances</h1>
<p class="muted">Available can be spent; pending is held (withdrawals in flight, funds under review).</p>
${table}
<h2>A customer's balances</h2>
<form method="get" action="/dashboard/balances"><label>Customer's email <input type="email" name="email" maxlength="254" value="${esc(email)}"></label>
<div class="actions"><button class="secondary" type="submit">Show</button>${email === '' ? '' : ' <a href="/dashboard/balances">The workspace\'s own</a>'}</div></form>`,
      });
    },
  );
}
