import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { limits } from '../../limits.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { formatMoment } from '../../platform/browser/format.js';
import { findWorkspace } from '../../workspaces/repo.js';
import { requirePermission } from './auth.js';
import { type ConsolePage, sendConsolePage } from './layout.js';
import { customersByEmail, matchesOfId, type SearchMatch } from './search-repo.js';
import { customerPath } from './timeline-views.js';
import { webhookEndpointPath } from './webhooks-views.js';

// Search (GET /console/search?q=...): one box for any id the platform issues or an email (operator console issue,
// item 3). The answer lists every match, each linked to the page that shows it: its own (orders, deposits,
// withdrawals, customers, workspaces), or the record it belongs to (a quote's order, a ticket's order, a
// screening's customer), else its workspace.

const emailPattern = /^[^\s@]+@[^\s@]+$/;

const workspacePath = (id: string) => `/console/workspaces/${encodeURIComponent(id)}`;
const searchPath = (text: string) => `/console/search?q=${encodeURIComponent(text)}`;

/** The page a match links to. */
export function pathOfMatch(m: SearchMatch): string {
  const customer = m.email ? customerPath(m.workspace_id, m.email) : undefined;
  switch (m.kind) {
    case 'order':
      return `/console/orders/${encodeURIComponent(m.id)}`;
    case 'deposit':
      return `/console/deposits/${encodeURIComponent(m.id)}`;
    case 'withdrawal':
      return `/console/withdrawals/${encodeURIComponent(m.id)}`;
    case 'workspace':
      return workspacePath(m.id);
    case 'customer':
    case 'conversation':
    case 'banking account':
    case 'screening':
      return customer ?? workspacePath(m.workspace_id);
    case 'quote':
    case 'pending payment':
    case 'support ticket':
      if (m.order_id) return `/console/orders/${encodeURIComponent(m.order_id)}`;
      if (m.entity_id) return searchPath(m.entity_id);
      return customer ?? workspacePath(m.workspace_id);
    case 'event':
      // An entity event's envelope id is its entity's id: searching it finds the entity's page.
      return customer ?? (m.entity_id ? searchPath(m.entity_id) : workspacePath(m.workspace_id));
    case 'webhook endpoint':
      return webhookEndpointPath(m.id);
  }
}

function searchPage(me: SignedInOperator, text: string, matches: readonly SearchMatch[], names: Map<string, string>) {
  const rows = matches
    .map(
      (m) => `<tr><td data-label="Kind">${esc(m.kind)}</td>
<td data-label="Id"><a href="${esc(pathOfMatch(m))}">${esc(m.id)}</a>${m.matched_on === 'id' ? '' : ` <span class="muted">(by ${esc(m.matched_on)})</span>`}</td>
<td data-label="Workspace">${esc(names.get(m.workspace_id) ?? m.workspace_id)}</td>
<td data-label="Status">${esc(m.status ?? '—')}</td><td data-label="Created">${esc(formatMoment(m.created_at_ms))}</td></tr>`,
    )
    .join('\n');
  const answer =
    text === ''
      ? ''
      : matches.length === 0
        ? `<p role="status">Nothing matches ${esc(text)}.</p>`
        : `<h2>${matches.length} ${matches.length === 1 ? 'match' : 'matches'}</h2>
<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Kind</th><th scope="col">Id</th><th scope="col">Workspace</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
  return {
    title: text ? `Search: ${text}` : 'Search',
    operator: me,
    current: '/console/search',
    body: `<h1>Search</h1>
<form method="get" action="/console/search" role="search">
<label>Id or email <span class="hint">An order, deposit, withdrawal, quote, pending payment, banking account, webhook endpoint, event, ticket, conversation, screening or workspace id, a reference code, or a customer's email</span>
<input name="q" value="${esc(text)}" maxlength="${limits.consoleSearchLengthMax}" required></label>
<div class="actions"><button type="submit">Search</button></div>
</form>
${answer}`,
  } satisfies ConsolePage;
}

export async function searchPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: { q?: string } }>(
    '/console/search',
    { schema: { hide: true }, preHandler: requirePermission('console.view') },
    async (request, reply) => {
      const text = (request.query.q ?? '').trim().slice(0, limits.consoleSearchLengthMax);
      const matches =
        text === ''
          ? []
          : emailPattern.test(text)
            ? await customersByEmail(ctx.db, text)
            : await matchesOfId(ctx.db, text);
      const names = new Map<string, string>();
      for (const id of new Set(matches.map((m) => m.workspace_id))) {
        const workspace = await findWorkspace(ctx.db, id);
        if (workspace) names.set(id, workspace.name);
      }
      return sendConsolePage(reply, searchPage(request.operator, text, matches, names));
    },
  );
}
