import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { esc } from '../domain/html.js';
import { mayDo } from '../domain/partner-users/permissions.js';
import { attemptsOf, verificationEventsOf } from '../events/timeline.js';
import { formatMoment } from '../platform/browser/format.js';
import { pageSizeDefault } from '../platform/list-query.js';
import { type ListedStatus, listedStatuses, listVerifications } from '../resources/kyc/repo-reviews.js';
import { kycStatusOf } from '../resources/kyc/service.js';
import { requireDashboardPermission } from './auth.js';
import { sendDashboardNotice, sendDashboardPage } from './layout.js';
import { doneNotice, eventsSection, factsTable, timelineSection } from './objects-views.js';
import { sandboxWorkspace } from './sandbox-actions.js';
import { kycForm } from './sandbox-views.js';

// GET /dashboard/kyc and /dashboard/kyc/<email> (issue 30, "Objects"): the workspace's verifications, newest first
// and filtered by status, and one customer's: what GET /v1/kyc answers (status, missing fields, account id), their
// newest submitted attempt (when, the session's id) and their verification events with every delivery attempt. A
// verification is named by the customer's email, as the partner API names it (accountId). What the customer typed
// and the partner's KYC profile are never shown: the partner API does not answer them. Its timeline starts when the
// verified account was created, as the console's customer page dates it (operator/console/timeline-customer.ts):
// the list's created_at_ms, where its since_ms is when it entered its status (the newest submission).

type ListQuery = { Querystring: { status?: string; page?: string } };
type OneRoute = { Params: { id: string }; Querystring: { done?: string } };

const kycPath = (email: string) => `/dashboard/kyc/${encodeURIComponent(email)}`;

export async function dashboardKycRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const reading = { schema: { hide: true }, preHandler: requireDashboardPermission('dashboard.read') };

  app.get<ListQuery>('/dashboard/kyc', reading, async (request, reply) => {
    const me = request.partnerUser;
    const status = request.query.status || undefined;
    const pageText = request.query.page ?? '0';
    if (
      (status !== undefined && !(listedStatuses as readonly string[]).includes(status)) ||
      !/^\d{1,5}$/.test(pageText)
    ) {
      return sendDashboardNotice(reply, 400, 'Request not understood', 'Choose a status from the list.', me);
    }
    const page = Number(pageText);
    const rows = await listVerifications(ctx.db, {
      workspaceId: me.workspaceId,
      ...(status === undefined ? {} : { statuses: [status as ListedStatus] }),
      newestFirst: true,
      limit: pageSizeDefault,
      offset: page * pageSizeDefault,
    });
    const options = ['<option value="">Any status</option>']
      .concat(listedStatuses.map((s) => `<option value="${s}"${s === status ? ' selected' : ''}>${s}</option>`))
      .join('');
    const link = (p: number) =>
      `/dashboard/kyc?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) }).toString()}`;
    const pages = [
      page > 0 ? `<a href="${esc(link(page - 1))}" rel="prev">Newer</a>` : '',
      rows.length === pageSizeDefault ? `<a href="${esc(link(page + 1))}" rel="next">Older</a>` : '',
    ]
      .filter((l) => l !== '')
      .join(' · ');
    const table =
      rows.length === 0
        ? '<p>No verification.</p>'
        : `<div class="table-wrap"><table class="cards"><caption>Verifications, newest first</caption>
<thead><tr><th scope="col">Customer</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Since</th></tr></thead><tbody>
${rows
  .map(
    (r) => `<tr><td data-label="Customer"><a href="${esc(kycPath(r.email))}">${esc(r.email)}</a></td>
<td data-label="Kind">${r.account_kind === 'organisation' ? 'KYB' : 'KYC'}</td><td data-label="Status">${esc(r.status)}</td>
<td data-label="Since">${esc(formatMoment(r.since_ms))}</td></tr>`,
  )
  .join('\n')}
</tbody></table></div>`;
    return sendDashboardPage(reply, {
      title: 'KYC',
      user: me,
      current: '/dashboard/kyc',
      body: `<h1>KYC</h1>
<form method="get" action="/dashboard/kyc"><label>Status <select name="status">${options}</select></label>
<div class="actions"><button class="secondary" type="submit">Filter</button></div></form>
${table}
${pages ? `<nav aria-label="Pages"><p>${pages}</p></nav>` : ''}`,
    });
  });

  app.get<OneRoute>(
    '/dashboard/kyc/:id',
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          properties: { id: { type: 'string', minLength: 3, maxLength: 254 } },
          required: ['id'],
        },
      },
      preHandler: requireDashboardPermission('dashboard.read'),
    },
    async (request: FastifyRequest<OneRoute>, reply) => {
      const me = request.partnerUser;
      const email = request.params.id;
      const workspace = await ctx.workspaces.get(me.workspaceId);
      const [row] = await listVerifications(ctx.db, { workspaceId: me.workspaceId, email, limit: 1, offset: 0 });
      const answer = workspace ? await kycStatusOf(ctx.db, workspace, email) : undefined;
      if (!row || !answer) return sendDashboardNotice(reply, 404, 'Not found', 'There is nothing here.', me);
      const { value } = answer;
      const events = await verificationEventsOf(ctx.db, me.workspaceId, row.email);
      const attempts = await attemptsOf(
        ctx.db,
        events.map((e) => e.id),
      );
      const sandbox =
        mayDo(me.role, 'dashboard.sandbox.use') && (await sandboxWorkspace(ctx, me.workspaceId)) !== undefined
          ? kycForm(me, `${kycPath(row.email)}/simulate`)
          : '';
      return sendDashboardPage(reply, {
        title: `KYC ${row.email}`,
        user: me,
        current: '/dashboard/kyc',
        body: `<p><a href="/dashboard/kyc">KYC</a></p>
<h1>KYC ${esc(row.email)}</h1>
${doneNotice(request.query.done)}
${factsTable([
  ['Status', value.status],
  ['Kind', row.account_kind === 'organisation' ? 'KYB' : 'KYC'],
  ['Account id', 'accountId' in value && value.accountId ? value.accountId : '—'],
  ['Missing fields', value.missingFields.length === 0 ? 'None' : value.missingFields.join(', ')],
  ['Last submitted', row.submitted_at_ms === null ? 'Not yet' : formatMoment(row.submitted_at_ms)],
  ['Session', row.session_id ?? '—'],
])}
${sandbox}
${timelineSection(row.created_at_ms, events, [])}
${eventsSection(events, attempts)}`,
      });
    },
  );
}
