import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { type SupportTicketStatus, supportTicketStatuses } from '../../domain/states/support-ticket-status.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { formatMoment } from '../../platform/browser/format.js';
import { formField } from '../../platform/browser/forms.js';
import { listTickets, ticketMessages } from '../../resources/support-tickets/repo.js';
import { anyTicket } from '../../resources/support-tickets/service.js';
import { replyToTicket, setTicketStatus } from './queues-actions.js';
import {
  attempt,
  cell,
  guarded,
  idParams,
  messages,
  pageNumber,
  pager,
  queryText,
  queuePageSize,
  queuesPath,
  queueTable,
  sendMissing,
  sendQueuePage,
} from './queues-common.js';
import { filterForm } from './queues-filter.js';
import { replyText, thread } from './queues-threads.js';
import { workspaceLabels } from './workspace-names.js';

// Support tickets (GET /console/queues/tickets): partners' tickets, those awaiting the brokerage (OPEN, IN_PROGRESS)
// by default, with the operator list's filters (status, workspace). A ticket's page shows its thread; support
// replies (optionally setting a status with the reply), sets a status, or closes it: the operator API's service
// (support-tickets/service.ts), so the partner's GET of the ticket and its webhooks see the same.

const path = `${queuesPath}/tickets`;
const awaiting: readonly SupportTicketStatus[] = ['OPEN', 'IN_PROGRESS'];
const targets = supportTicketStatuses.filter((s) => s !== 'OPEN');
const done: Record<string, string> = { replied: 'Your reply was sent.', status: 'The status was changed.' };

type TicketParams = { Params: { ticketId: string } };

export async function ticketsQueueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(path, guarded('console.view'), async (request, reply) => {
    const q = request.query;
    const chosen = queryText(q, 'status', 30);
    const status =
      chosen === 'all' || (supportTicketStatuses as readonly string[]).includes(chosen) ? chosen : 'awaiting';
    const workspaceId = queryText(q, 'workspaceId', 64);
    const page = pageNumber(q);
    const statuses = status === 'awaiting' ? awaiting : status === 'all' ? undefined : [status];
    const rows = await listTickets(ctx.db, {
      workspaceId: workspaceId === '' ? undefined : workspaceId,
      statuses,
      limit: queuePageSize + 1,
      offset: page * queuePageSize,
    });
    const workspace = await workspaceLabels(
      ctx.db,
      rows.map((t) => t.workspace_id),
    );
    const shown = rows.slice(0, queuePageSize).map(
      (
        t,
      ) => `<tr>${cell('Subject', `<a href="${esc(`${path}/${t.id}`)}">${esc(t.subject)}</a>`)}${cell('Status', esc(t.status))}
${cell('Workspace', workspace(t.workspace_id))}${cell('Category', esc(t.category))}${cell('Messages', String(t.message_count))}
${cell('Opened', esc(formatMoment(t.created_at_ms)))}</tr>`,
    );
    const options: [string, string][] = [
      ['awaiting', 'Awaiting the brokerage'],
      ...supportTicketStatuses.map((s): [string, string] => [s, s]),
      ['all', 'Any status'],
    ];
    return sendQueuePage(request, reply, {
      title: 'Support tickets',
      body: `<p>Partners' requests to the brokerage's support, newest first.</p>
${filterForm(path, [
  { name: 'status', label: 'Status', value: status, options },
  { name: 'workspaceId', label: 'Workspace id', value: workspaceId },
])}
${queueTable(['Subject', 'Status', 'Workspace', 'Category', 'Messages', 'Opened'], shown, 'No ticket matches these filters.')}
${pager(path, { status, workspaceId }, page, rows.length > queuePageSize)}`,
    });
  });

  async function showTicket(
    request: FastifyRequest<TicketParams>,
    reply: FastifyReply,
    notes: { error?: string; draft?: string } = {},
    status = 200,
  ) {
    const me = request.operator;
    const found = await attempt(() => anyTicket(ctx.db, request.params.ticketId));
    if (!found.ok) return sendMissing(request, reply, found);
    const ticket = found.value;
    const list = await ticketMessages(ctx.db, ticket.id);
    const workspace = await workspaceLabels(ctx.db, [ticket.workspace_id]);
    const base = `${path}/${ticket.id}`;
    const closed = ticket.status === 'CLOSED';
    const statusOptions = (first: string) =>
      [
        first === '' ? '<option value="">Keep the status</option>' : '',
        ...targets.map((s) => `<option value="${s}">${s}</option>`),
      ].join('');
    const replyForm =
      closed || !mayAct(me.role, 'admin.supportTickets.addMessage')
        ? ''
        : `<h2>Reply</h2>
<form method="post" action="${esc(`${base}/messages`)}">${hiddenToken(me.csrfToken)}
<label>Message <textarea name="message" rows="6" required maxlength="10000">${esc(notes.draft ?? '')}</textarea></label>
<label>Status with the reply <select name="status">${statusOptions('')}</select></label>
<div class="actions"><button type="submit">Send the reply</button></div></form>`;
    const statusForm =
      closed || !mayAct(me.role, 'admin.supportTickets.setStatus')
        ? ''
        : `<h2>Status</h2>
<form method="post" action="${esc(`${base}/status`)}">${hiddenToken(me.csrfToken)}
<label>New status <select name="status">${statusOptions('x')}</select></label>
<div class="actions"><button class="secondary" type="submit">Set the status</button></div></form>
<form class="inline" method="post" action="${esc(`${base}/status`)}">${hiddenToken(me.csrfToken)}<input type="hidden" name="status" value="CLOSED"><div class="actions"><button class="danger" type="submit">Close the ticket</button></div></form>`;
    return sendQueuePage(
      request,
      reply,
      {
        title: ticket.subject,
        body: `${messages(done[queryText(request.query, 'done', 20)], notes.error)}
<p><a href="${path}">All tickets</a></p>
<dl><dt>Status</dt><dd>${esc(ticket.status)}</dd><dt>Workspace</dt><dd>${workspace(ticket.workspace_id)}</dd>
<dt>Category</dt><dd>${esc(ticket.category)}${ticket.entity_id ? esc(` · ${ticket.entity_type} ${ticket.entity_id}`) : ''}</dd>
<dt>Opened</dt><dd>${esc(formatMoment(ticket.created_at_ms))}</dd></dl>
<h2>Description</h2>
${thread([{ author: 'partner', body: ticket.description, createdAtMs: ticket.created_at_ms }])}
<h2>Messages</h2>
${thread(list.map((m) => ({ author: m.author, body: m.body, createdAtMs: m.created_at_ms })))}
${closed ? '<p class="muted">The ticket is closed: it takes no more messages or changes.</p>' : ''}
${replyForm}
${statusForm}`,
      },
      status,
    );
  }

  const withId = idParams('ticketId');
  app.get<TicketParams>(`${path}/:ticketId`, guarded('console.view', withId), async (request, reply) =>
    showTicket(request, reply),
  );

  const statusOf = (request: FastifyRequest): SupportTicketStatus | '' | undefined => {
    const value = formField(request, 'status');
    if (value === '') return '';
    return (targets as readonly string[]).includes(value) ? (value as SupportTicketStatus) : undefined;
  };

  app.post<TicketParams>(
    `${path}/:ticketId/messages`,
    guarded('admin.supportTickets.addMessage', withId),
    async (request, reply) => {
      const text = replyText(formField(request, 'message'));
      const status = statusOf(request);
      if (!text.ok) return showTicket(request, reply, { error: text.error }, 400);
      if (status === undefined) return showTicket(request, reply, { error: 'Choose a status.', draft: text.text }, 400);
      const outcome = await attempt(() =>
        replyToTicket(ctx, request.params.ticketId, text.text, status === '' ? undefined : status),
      );
      if (!outcome.ok) return showTicket(request, reply, { error: outcome.message, draft: text.text }, outcome.status);
      return reply.redirect(`${path}/${encodeURIComponent(request.params.ticketId)}?done=replied`, 303);
    },
  );

  app.post<TicketParams>(
    `${path}/:ticketId/status`,
    guarded('admin.supportTickets.setStatus', withId),
    async (request, reply) => {
      const status = statusOf(request);
      if (status === undefined || status === '') return showTicket(request, reply, { error: 'Choose a status.' }, 400);
      const outcome = await attempt(() => setTicketStatus(ctx, request.params.ticketId, status));
      if (!outcome.ok) return showTicket(request, reply, { error: outcome.message }, outcome.status);
      return reply.redirect(`${path}/${encodeURIComponent(request.params.ticketId)}?done=status`, 303);
    },
  );
}
