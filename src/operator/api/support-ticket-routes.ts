import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { supportTicketStatuses } from '../../domain/states/support-ticket-status.js';
import { limits } from '../../limits.js';
import { pageOf, pageSizeDefault, pageSizeMax } from '../../platform/list-query.js';
import { errorResponses, Obj, StringEnum } from '../../platform/schema.js';
import { listTickets, ticketMessages } from '../../resources/support-tickets/repo.js';
import {
  OperatorTicket,
  OperatorTicketSummary,
  StatusFilter,
  TicketMessage,
  TicketParams,
  TicketText,
} from '../../resources/support-tickets/schema.js';
import { addTicketMessage, anyTicket, changeTicketStatus } from '../../resources/support-tickets/service.js';
import { operatorTicketSummaryView, operatorTicketView } from '../../resources/support-tickets/view.js';

const tags = ['Operators'];

const OperatorTicketQuery = Obj({
  workspaceId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Absent: every workspace' })),
  status: StatusFilter,
  limit: Type.Optional(
    Type.Integer({ minimum: 0, maximum: pageSizeMax, description: `Page size; 0 or absent: ${pageSizeDefault}` }),
  ),
  page: Type.Optional(
    Type.Integer({ minimum: 0, maximum: limits.threadListPageMax, description: 'Page number, from 0' }),
  ),
});

const SupportStatus = StringEnum(supportTicketStatuses, {
  description: 'OPEN is never a target; CLOSED is final (src/domain/states/support-ticket-status.ts)',
});

/** The brokerage's support desk: every workspace's tickets, replies and status changes (events to the partner). */
export async function supportTicketAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const shown = async (ticketId: string) => {
    const row = await anyTicket(ctx.db, ticketId);
    return operatorTicketView(row, await ticketMessages(ctx.db, row.id));
  };

  app.get(
    '/support-tickets',
    {
      schema: {
        operationId: 'admin.supportTickets.list',
        tags,
        summary: "Every workspace's support tickets (or one workspace's), newest first, without their messages",
        querystring: OperatorTicketQuery,
        response: { 200: Type.Array(OperatorTicketSummary), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => {
      const { workspaceId, status } = request.query;
      const rows = await listTickets(ctx.db, { workspaceId, statuses: status, ...pageOf(request.query) });
      return rows.map(operatorTicketSummaryView);
    },
  );

  app.get(
    '/support-tickets/:ticketId',
    {
      schema: {
        operationId: 'admin.supportTickets.get',
        tags,
        summary: 'One support ticket with its messages, of any workspace',
        params: TicketParams,
        response: { 200: OperatorTicket, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => shown(request.params.ticketId),
  );

  app.post(
    '/support-tickets/:ticketId/messages',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'admin.supportTickets.addMessage',
        tags,
        summary: 'Reply as support, optionally setting a status with the reply (409 on a closed ticket)',
        params: TicketParams,
        body: Obj({ message: TicketText, status: Type.Optional(SupportStatus) }),
        response: { 201: TicketMessage, ...errorResponses('create', [400, 401, 404, 409]) },
      },
    },
    async (request, reply) => {
      const { message, status } = request.body;
      const added = await addTicketMessage(ctx.db, ctx.clock, request.params.ticketId, {
        author: 'brokerage',
        message,
        status,
      });
      return reply.code(201).send(added);
    },
  );

  app.post(
    '/support-tickets/:ticketId/status',
    {
      schema: {
        operationId: 'admin.supportTickets.setStatus',
        tags,
        summary: 'Set the status of a ticket as support; the same status again is no change (409 when not allowed)',
        params: TicketParams,
        body: Obj({ status: SupportStatus }),
        response: { 200: OperatorTicket, ...errorResponses('read', [400, 401, 404, 409]) },
      },
    },
    async (request) => {
      const { ticketId } = request.params;
      await changeTicketStatus(ctx.db, ctx.clock, ticketId, {
        by: 'brokerage',
        action: 'set',
        to: request.body.status,
      });
      return shown(ticketId);
    },
  );
}
