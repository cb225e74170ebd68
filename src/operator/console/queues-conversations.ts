import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { formatMoment } from '../../platform/browser/format.js';
import { formField } from '../../platform/browser/forms.js';
import { anyConversation, attachmentOf, loadConversation } from '../../resources/conversations/service.js';
import { closeConversationAsBrokerage, replyToConversation } from './queues-actions.js';
import {
  actionForm,
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
import { sendStoredFile } from './queues-files.js';
import { filterForm } from './queues-filter.js';
import { conversationsQueue } from './queues-repo.js';
import { replyText, thread } from './queues-threads.js';
import { workspaceLabels } from './workspace-names.js';

// Conversations (GET /console/queues/conversations): threads between the brokerage and a partner about an end user,
// those awaiting the brokerage first (open, the partner spoke last). A conversation's page shows its messages with
// their attachments (served by the console from our own table, like the KYC documents); support replies (text) or
// closes it: the operator API's service (conversations/service.ts), so the partner's GET shows the same.

const path = `${queuesPath}/conversations`;
const done: Record<string, string> = { replied: 'Your reply was sent.', closed: 'The conversation was closed.' };
const statusOptions: [string, string][] = [
  ['awaiting', 'Awaiting the brokerage'],
  ['OPEN', 'Open'],
  ['CLOSED', 'Closed'],
  ['', 'Any status'],
];

type ConversationParams = { Params: { conversationId: string } };
type AttachmentParams = { Params: { conversationId: string; messageId: string; number: string } };

export async function conversationsQueueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(path, guarded('console.view'), async (request, reply) => {
    const q = request.query;
    const given = (q as Record<string, unknown>).status;
    const chosen = typeof given === 'string' ? given : 'awaiting';
    const status = statusOptions.some(([v]) => v === chosen) ? chosen : 'awaiting';
    const workspaceId = queryText(q, 'workspaceId', 64);
    const endUserEmail = queryText(q, 'endUserEmail');
    const page = pageNumber(q);
    const rows = await conversationsQueue(ctx.db, {
      status,
      endUserEmail,
      workspaceId,
      limit: queuePageSize + 1,
      offset: page * queuePageSize,
    });
    const workspace = await workspaceLabels(
      ctx.db,
      rows.map((c) => c.workspace_id),
    );
    const shown = rows.slice(0, queuePageSize).map((c) => {
      const waiting = c.status === 'OPEN' && c.last_message_by === 'partner';
      return `<tr>${cell('Subject', `<a href="${esc(`${path}/${c.id}`)}">${esc(c.subject)}</a>`)}
${cell('Status', esc(waiting ? 'Awaiting the brokerage' : c.status === 'OPEN' ? 'Open' : 'Closed'))}
${cell('End user', esc(c.end_user_email))}${cell('Workspace', workspace(c.workspace_id))}${cell('Messages', String(c.message_count))}
${cell('Last message', esc(formatMoment(c.last_message_at_ms)))}</tr>`;
    });
    return sendQueuePage(request, reply, {
      title: 'Conversations',
      body: `<p>Conversations with partners about their end users; those awaiting the brokerage first.</p>
${filterForm(path, [
  { name: 'status', label: 'Status', value: status, options: statusOptions },
  { name: 'endUserEmail', label: 'End user email', value: endUserEmail },
  { name: 'workspaceId', label: 'Workspace id', value: workspaceId },
])}
${queueTable(['Subject', 'Status', 'End user', 'Workspace', 'Messages', 'Last message'], shown, 'No conversation matches these filters.')}
${pager(path, { status, endUserEmail, workspaceId }, page, rows.length > queuePageSize)}`,
    });
  });

  async function showConversation(
    request: FastifyRequest<ConversationParams>,
    reply: FastifyReply,
    notes: { error?: string; draft?: string } = {},
    status = 200,
  ) {
    const me = request.operator;
    const found = await attempt(() => anyConversation(ctx.db, request.params.conversationId));
    if (!found.ok) return sendMissing(request, reply, found);
    const row = found.value;
    const conversation = await loadConversation(ctx.db, row);
    const base = `${path}/${row.id}`;
    const open = row.status === 'OPEN';
    const list = conversation.messages.map((m) => ({
      author: m.author,
      body: m.message,
      createdAtMs: m.createdAt * 1000,
      attachments: m.attachments.map((a) => ({
        href: `${base}/messages/${m.messageId}/attachments/${a.number}`,
        label: `${a.fileName ?? `Attachment ${a.number}`} (${a.contentType}, ${Math.ceil(a.sizeBytes / 1024)} KB)`,
      })),
    }));
    const replyForm =
      open && mayAct(me.role, 'admin.conversations.addMessage')
        ? `<h2>Reply</h2>
<form method="post" action="${esc(`${base}/messages`)}">${hiddenToken(me.csrfToken)}
<label>Message <textarea name="message" rows="6" required maxlength="10000">${esc(notes.draft ?? '')}</textarea></label>
<div class="actions"><button type="submit">Send the reply</button></div></form>`
        : '';
    const workspace = await workspaceLabels(ctx.db, [row.workspace_id]);
    const close = open
      ? actionForm(me, 'admin.conversations.close', `${base}/close`, 'Close the conversation', row.subject, {
          style: 'danger',
        })
      : '';
    return sendQueuePage(
      request,
      reply,
      {
        title: row.subject,
        body: `${messages(done[queryText(request.query, 'done', 20)], notes.error)}
<p><a href="${path}">All conversations</a></p>
<dl><dt>Status</dt><dd>${esc(row.status)}</dd><dt>End user</dt><dd>${esc(row.end_user_email)}</dd>
<dt>Workspace</dt><dd>${workspace(row.workspace_id)}</dd><dt>Opened</dt><dd>${esc(formatMoment(row.created_at_ms))}</dd></dl>
<h2>Messages</h2>
${thread(list)}
${open ? '' : '<p class="muted">The conversation is closed: it takes no more messages.</p>'}
${replyForm}
${close === '' ? '' : `<h2>Close</h2><div class="actions">${close}</div>`}`,
      },
      status,
    );
  }

  const withId = idParams('conversationId');
  app.get<ConversationParams>(`${path}/:conversationId`, guarded('console.view', withId), async (request, reply) =>
    showConversation(request, reply),
  );

  app.get<AttachmentParams>(
    `${path}/:conversationId/messages/:messageId/attachments/:number`,
    guarded('admin.conversations.attachment', {
      ...idParams('conversationId', 'messageId', 'number'),
      properties: {
        conversationId: { type: 'string', minLength: 1, maxLength: 64 },
        messageId: { type: 'string', minLength: 1, maxLength: 64 },
        number: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
      },
    }),
    async (request, reply) => {
      const { conversationId, messageId, number } = request.params;
      const found = await attempt(async () =>
        attachmentOf(ctx.db, await anyConversation(ctx.db, conversationId), messageId, Number(number)),
      );
      if (!found.ok) return sendMissing(request, reply, found);
      const file = found.value;
      return sendStoredFile(reply, {
        contentType: file.content_type,
        content: file.content,
        name: file.file_name?.replace(/\.[A-Za-z0-9]{1,5}$/, '') ?? `attachment-${file.position}`,
      });
    },
  );

  app.post<ConversationParams>(
    `${path}/:conversationId/messages`,
    guarded('admin.conversations.addMessage', withId),
    async (request, reply) => {
      const text = replyText(formField(request, 'message'));
      if (!text.ok) return showConversation(request, reply, { error: text.error }, 400);
      const outcome = await attempt(() => replyToConversation(ctx, request.params.conversationId, text.text));
      if (!outcome.ok) {
        return showConversation(request, reply, { error: outcome.message, draft: text.text }, outcome.status);
      }
      return reply.redirect(`${path}/${encodeURIComponent(request.params.conversationId)}?done=replied`, 303);
    },
  );

  app.post<ConversationParams>(
    `${path}/:conversationId/close`,
    guarded('admin.conversations.close', withId),
    async (request, reply) => {
      const outcome = await attempt(() => closeConversationAsBrokerage(ctx, request.params.conversationId));
      if (!outcome.ok) return showConversation(request, reply, { error: outcome.message }, outcome.status);
      return reply.redirect(`${path}/${encodeURIComponent(request.params.conversationId)}?done=closed`, 303);
    },
  );
}
