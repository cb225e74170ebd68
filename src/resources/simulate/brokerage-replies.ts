import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { authorization } from '../../domain/errors.js';
import { supportTicketStatuses } from '../../domain/states/support-ticket-status.js';
import { errorResponses, Obj, StringEnum } from '../../platform/schema.js';
import { ConversationParams, Message, MessageText } from '../conversations/schema.js';
import { addMessage, anyConversation } from '../conversations/service.js';
import { TicketMessage, TicketParams, TicketText } from '../support-tickets/schema.js';
import { addTicketMessage, ownedTicket } from '../support-tickets/service.js';

const tags = ['Sandbox simulation'];

/**
 * Stage plays the brokerage's side of the partner's own conversations and tickets, so that a partner can test its
 * handling of replies and of the events they fire without an operator. Registered inside simulateRoutes, under its
 * per-workspace switch.
 */
export async function simulateReplyRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/simulate/conversations/:conversationId/reply',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'simulate.conversationReply',
        tags,
        summary: "Reply as the brokerage in one of the workspace's conversations (conversation_message_added)",
        params: ConversationParams,
        body: Obj({ message: MessageText }),
        response: { 201: Message, ...errorResponses('create', [400, 401, 403, 404, 409]) },
      },
    },
    async (request, reply) => {
      const { conversationId } = request.params;
      const conversation = await anyConversation(ctx.db, conversationId);
      if (conversation.workspace_id !== request.workspace.id) {
        throw authorization(`Conversation ${conversationId} is outside this workspace`);
      }
      const message = { author: 'brokerage' as const, message: request.body.message, attachments: [] };
      return reply.code(201).send(await addMessage(ctx.db, ctx.clock, conversationId, message));
    },
  );

  app.post(
    '/simulate/support-tickets/:ticketId/reply',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'simulate.supportTicketReply',
        tags,
        summary: "Reply as support on one of the workspace's tickets, optionally setting its status",
        params: TicketParams,
        body: Obj({
          message: TicketText,
          status: Type.Optional(StringEnum(supportTicketStatuses, { description: 'Set with the reply, as support' })),
        }),
        response: { 201: TicketMessage, ...errorResponses('create', [400, 401, 403, 404, 409]) },
      },
    },
    async (request, reply) => {
      const { ticketId } = request.params;
      await ownedTicket(ctx.db, request.workspace.id, ticketId);
      const { message, status } = request.body;
      return reply
        .code(201)
        .send(await addTicketMessage(ctx.db, ctx.clock, ticketId, { author: 'brokerage', message, status }));
    },
  );
}
