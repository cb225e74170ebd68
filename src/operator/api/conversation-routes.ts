import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { authors } from '../../domain/author.js';
import { existence } from '../../domain/errors.js';
import { pageOf } from '../../platform/list-query.js';
import { errorResponses, Obj, StringEnum } from '../../platform/schema.js';
import { AttachmentFile, sendAttachment } from '../../resources/conversations/attachment-reply.js';
import { checkAttachments } from '../../resources/conversations/attachments.js';
import { listConversations } from '../../resources/conversations/repo.js';
import {
  AttachmentParams,
  ConversationListQuery,
  ConversationParams,
  Message,
  MessageText,
  messageBodyLimitBytes,
  NewAttachments,
  OperatorConversation,
  OperatorConversationSummary,
  Subject,
} from '../../resources/conversations/schema.js';
import {
  addMessage,
  anyConversation,
  attachmentOf,
  closeConversation,
  loadConversation,
  openConversation,
} from '../../resources/conversations/service.js';
import { operatorConversationSummaryView } from '../../resources/conversations/view.js';
import { findWorkspace } from '../../workspaces/repo.js';

const tags = ['Operators'];

const OperatorListQuery = Obj({
  workspaceId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Absent: every workspace' })),
  ...ConversationListQuery.properties,
  lastMessageBy: Type.Optional(
    StringEnum(authors, {
      description: "Whose message is the last; 'partner' with status OPEN: awaiting the brokerage",
    }),
  ),
});

/** The brokerage's side of conversations: operators open one about a workspace's end user, reply and close. */
export async function conversationAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const withWorkspace = async (row: Awaited<ReturnType<typeof anyConversation>>) => ({
    workspaceId: row.workspace_id,
    ...(await loadConversation(ctx.db, row)),
  });

  app.post(
    '/conversations',
    {
      config: { kind: 'create' },
      bodyLimit: messageBodyLimitBytes,
      schema: {
        operationId: 'admin.conversations.create',
        tags,
        summary: "Open a conversation with a workspace about one of its end users (the partner's webhooks hear it)",
        body: Obj({
          workspaceId: Type.String({ minLength: 1, maxLength: 64 }),
          endUserEmail: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
          subject: Subject,
          message: MessageText,
          attachments: Type.Optional(NewAttachments),
        }),
        response: { 201: OperatorConversation, ...errorResponses('create', [400, 401, 404]) },
      },
    },
    async (request, reply) => {
      const attachments = checkAttachments(request.body.attachments);
      const { workspaceId, endUserEmail, subject, message } = request.body;
      if (!(await findWorkspace(ctx.db, workspaceId))) throw existence(`Workspace ${workspaceId} does not exist`);
      const opened = await openConversation(ctx.db, ctx.clock, {
        workspaceId,
        endUserEmail,
        subject,
        author: 'brokerage',
        message,
        attachments,
      });
      return reply.code(201).send({ workspaceId, ...opened });
    },
  );

  app.post(
    '/conversations/:conversationId/messages',
    {
      config: { kind: 'create' },
      bodyLimit: messageBodyLimitBytes,
      schema: {
        operationId: 'admin.conversations.addMessage',
        tags,
        summary: 'Reply in a conversation as the brokerage (409 once it is closed)',
        params: ConversationParams,
        body: Obj({ message: MessageText, attachments: Type.Optional(NewAttachments) }),
        response: { 201: Message, ...errorResponses('create', [400, 401, 404, 409]) },
      },
    },
    async (request, reply) => {
      const attachments = checkAttachments(request.body.attachments);
      const message = await addMessage(ctx.db, ctx.clock, request.params.conversationId, {
        author: 'brokerage',
        message: request.body.message,
        attachments,
      });
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/conversations/:conversationId/close',
    {
      schema: {
        operationId: 'admin.conversations.close',
        tags,
        summary: 'Close a conversation as the brokerage (409 when closed already)',
        params: ConversationParams,
        response: { 200: OperatorConversation, ...errorResponses('read', [401, 404, 409]) },
      },
    },
    async (request) => {
      const { workspace_id: workspaceId } = await anyConversation(ctx.db, request.params.conversationId);
      return {
        workspaceId,
        ...(await closeConversation(ctx.db, ctx.clock, request.params.conversationId, 'brokerage')),
      };
    },
  );

  app.get(
    '/conversations',
    {
      schema: {
        operationId: 'admin.conversations.list',
        tags,
        summary: "Every workspace's conversations (or one workspace's), newest first, without their messages",
        querystring: OperatorListQuery,
        response: { 200: Type.Array(OperatorConversationSummary), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => {
      const { workspaceId, endUserEmail, status, lastMessageBy } = request.query;
      const rows = await listConversations(ctx.db, {
        workspaceId,
        endUserEmail,
        statuses: status,
        lastMessageBy,
        ...pageOf(request.query),
      });
      return rows.map(operatorConversationSummaryView);
    },
  );

  app.get(
    '/conversations/:conversationId',
    {
      schema: {
        operationId: 'admin.conversations.get',
        tags,
        summary: 'One conversation with its messages, of any workspace',
        params: ConversationParams,
        response: { 200: OperatorConversation, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => withWorkspace(await anyConversation(ctx.db, request.params.conversationId)),
  );

  app.get(
    '/conversations/:conversationId/messages/:messageId/attachments/:number',
    {
      schema: {
        operationId: 'admin.conversations.attachment',
        tags,
        summary: 'One attachment of a message, as the file itself',
        params: AttachmentParams,
        response: { 200: AttachmentFile, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request, reply) => {
      const { conversationId, messageId, number } = request.params;
      const row = await anyConversation(ctx.db, conversationId);
      return sendAttachment(reply, await attachmentOf(ctx.db, row, messageId, number));
    },
  );
}
