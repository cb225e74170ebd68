import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { answerWrite, type KeyPolicy } from '../../platform/idempotency.js';
import { pageOf } from '../../platform/list-query.js';
import { RequiredIdempotencyHeaders, requireIdempotencyKey } from '../../platform/required-key.js';
import { errorResponses } from '../../platform/schema.js';
import { AttachmentFile, sendAttachment } from './attachment-reply.js';
import { checkAttachments } from './attachments.js';
import { listConversations } from './repo.js';
import {
  AddMessageRequest,
  AttachmentParams,
  CloseConversationRequest,
  ConversationEnvelope,
  ConversationListQuery,
  ConversationParams,
  ConversationsEnvelope,
  EndUserQuery,
  MessageEnvelope,
  messageBodyLimitBytes,
  OpenConversationRequest,
} from './schema.js';
import {
  addMessage,
  attachmentOf,
  closeConversation,
  loadConversation,
  openConversation,
  partnerConversation,
} from './service.js';
import { conversationSummaryView } from './view.js';

const tags = ['Conversations'];
const ok = <T>(value: T) => ({ ok: true as const, value });

/**
 * The money writes' rules in the workspace's key space: a failure in execution (a closed conversation, 409) consumes
 * the key, and no account parts the key space, the end user being part of the payload
 * (docs/decisions/api-contract.md, "Conversations and support tickets"). The spec's "scoped per endpoint" is the
 * endpoint each route names, its id in it.
 */
const conversationKeys: KeyPolicy = { onFailure: 'consume', scope: 'workspace' };

/**
 * The partner's side of conversations. Mutations require an Idempotency-Key (spec: Conversations), checked before
 * the body; the key is bound to its endpoint, the method and path with the conversation's id, so the same key on
 * another endpoint or another conversation is 409. A conversation of another workspace is 401, one the partner
 * names with another end user 404; both are answered before the key is taken, so they leave it unused.
 */
export async function conversationRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const keyed = { config: { kind: 'create' as const }, preValidation: requireIdempotencyKey };

  app.post(
    '/conversations',
    {
      ...keyed,
      bodyLimit: messageBodyLimitBytes,
      schema: {
        operationId: 'conversations.create',
        tags,
        summary: 'Open a conversation with the brokerage about one end user, with its first message (enveloped)',
        headers: RequiredIdempotencyHeaders,
        body: OpenConversationRequest,
        response: { 201: ConversationEnvelope, ...errorResponses('create', [400, 401, 409]) },
      },
    },
    async (request, reply) => {
      const attachments = checkAttachments(request.body.attachments);
      const { endUserEmail, subject, message } = request.body;
      return answerWrite(
        ctx,
        request,
        reply,
        { endpoint: 'POST /v1/conversations', status: 201 },
        (commit) =>
          openConversation(
            ctx.db,
            ctx.clock,
            { workspaceId: request.workspace.id, endUserEmail, subject, author: 'partner', message, attachments },
            (tx, view) => commit(tx, ok(view)),
          ),
        conversationKeys,
      );
    },
  );

  app.post(
    '/conversations/:conversationId/messages',
    {
      ...keyed,
      bodyLimit: messageBodyLimitBytes,
      schema: {
        operationId: 'conversations.addMessage',
        tags,
        summary: 'Write to an open conversation (409 once closed); answers the message (enveloped)',
        headers: RequiredIdempotencyHeaders,
        params: ConversationParams,
        body: AddMessageRequest,
        response: { 201: MessageEnvelope, ...errorResponses('create', [400, 401, 404, 409]) },
      },
    },
    async (request, reply) => {
      const attachments = checkAttachments(request.body.attachments);
      const { conversationId } = request.params;
      await partnerConversation(ctx.db, request.workspace.id, conversationId, request.body.endUserEmail);
      const endpoint = `POST /v1/conversations/${conversationId}/messages`;
      return answerWrite(
        ctx,
        request,
        reply,
        { endpoint, status: 201 },
        (commit) =>
          addMessage(
            ctx.db,
            ctx.clock,
            conversationId,
            { author: 'partner', message: request.body.message, attachments },
            (tx, view) => commit(tx, ok(view)),
          ),
        conversationKeys,
      );
    },
  );

  app.post(
    '/conversations/:conversationId/close',
    {
      ...keyed,
      schema: {
        operationId: 'conversations.close',
        tags,
        summary: 'Close a conversation: nobody writes to it again (409 when closed already); enveloped',
        headers: RequiredIdempotencyHeaders,
        params: ConversationParams,
        body: CloseConversationRequest,
        response: { 200: ConversationEnvelope, ...errorResponses('create', [400, 401, 404, 409]) },
      },
    },
    async (request, reply) => {
      const { conversationId } = request.params;
      await partnerConversation(ctx.db, request.workspace.id, conversationId, request.body.endUserEmail);
      const endpoint = `POST /v1/conversations/${conversationId}/close`;
      return answerWrite(
        ctx,
        request,
        reply,
        { endpoint, status: 200 },
        (commit) => closeConversation(ctx.db, ctx.clock, conversationId, 'partner', (tx, view) => commit(tx, ok(view))),
        conversationKeys,
      );
    },
  );

  app.get(
    '/conversations',
    {
      schema: {
        operationId: 'conversations.list',
        tags,
        summary: "The workspace's conversations, newest first, without their messages (enveloped)",
        querystring: ConversationListQuery,
        response: { 200: ConversationsEnvelope, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => {
      const { endUserEmail, status } = request.query;
      const rows = await listConversations(ctx.db, {
        workspaceId: request.workspace.id,
        endUserEmail,
        statuses: status,
        ...pageOf(request.query),
      });
      return ok(rows.map(conversationSummaryView));
    },
  );

  app.get(
    '/conversations/:conversationId',
    {
      schema: {
        operationId: 'conversations.get',
        tags,
        summary: 'One conversation with its messages; endUserEmail is required and must be its end user (enveloped)',
        params: ConversationParams,
        querystring: EndUserQuery,
        response: { 200: ConversationEnvelope, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request) => {
      const { conversationId } = request.params;
      const row = await partnerConversation(ctx.db, request.workspace.id, conversationId, request.query.endUserEmail);
      return ok(await loadConversation(ctx.db, row));
    },
  );

  app.get(
    '/conversations/:conversationId/messages/:messageId/attachments/:number',
    {
      schema: {
        operationId: 'conversations.attachment',
        tags,
        summary: "One attachment of a message, as the file itself; endUserEmail as for the conversation's read",
        params: AttachmentParams,
        querystring: EndUserQuery,
        response: { 200: AttachmentFile, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request, reply) => {
      const { conversationId, messageId, number } = request.params;
      const row = await partnerConversation(ctx.db, request.workspace.id, conversationId, request.query.endUserEmail);
      return sendAttachment(reply, await attachmentOf(ctx.db, row, messageId, number));
    },
  );
}
