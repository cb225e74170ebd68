import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { answerWrite, idempotencyKeyOf, type KeyPolicy } from '../../platform/idempotency.js';
import { pageOf } from '../../platform/list-query.js';
import { errorResponses, Obj } from '../../platform/schema.js';
import { IdempotencyHeaders } from '../../platform/write-guards.js';
import { ticketEntity } from './entity.js';
import { listTickets, ticketMessages } from './repo.js';
import {
  CreateTicketRequest,
  TicketEnvelope,
  TicketListQuery,
  TicketMessageEnvelope,
  TicketMessageRequest,
  TicketParams,
  TicketsEnvelope,
} from './schema.js';
import { addTicketMessage, changeTicketStatus, createTicket, ownedTicket } from './service.js';
import { ticketSummaryView, ticketView } from './view.js';

const tags = ['Support tickets'];
const ok = <T>(value: T) => ({ ok: true as const, value });

/**
 * The money writes' rules (a failure in execution, such as a closed ticket's 409, consumes the key); a ticket is the
 * workspace's, so no account parts the key space.
 */
const ticketKeys: KeyPolicy = { onFailure: 'consume', scope: 'workspace' };

/**
 * The partner's side of support tickets. Writes take an optional Idempotency-Key with the three writes' rules (a
 * malformed one is 400 before the body is read); the key is bound to the method and path, the ticket's id in it.
 * Another workspace's ticket, or payment named by a new ticket, is 401; both are checked before the key is taken.
 */
export async function supportTicketRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const keyed = {
    config: { kind: 'create' as const },
    preValidation: async (request: FastifyRequest) => void idempotencyKeyOf(request),
  };

  app.post(
    '/support-tickets',
    {
      ...keyed,
      schema: {
        operationId: 'supportTickets.create',
        tags,
        summary: "Open a ticket with the brokerage's support, optionally about one order, deposit or withdrawal",
        headers: IdempotencyHeaders,
        body: CreateTicketRequest,
        response: { 201: TicketEnvelope, ...errorResponses('create', [400, 401, 404, 409]) },
      },
    },
    async (request, reply) => {
      const { subject, description, category } = request.body;
      const entity = await ticketEntity(ctx.db, request.workspace, request.body);
      return answerWrite(
        ctx,
        request,
        reply,
        { endpoint: 'POST /v1/support-tickets', status: 201 },
        (commit) =>
          createTicket(
            ctx.db,
            ctx.clock,
            { workspaceId: request.workspace.id, subject, description, category, entity },
            (tx, row) => commit(tx, ok(ticketView(row, []))),
          ),
        ticketKeys,
      );
    },
  );

  app.post(
    '/support-tickets/:ticketId/messages',
    {
      ...keyed,
      schema: {
        operationId: 'supportTickets.addMessage',
        tags,
        summary: 'Write to a ticket; an answer to support (WAITING_ON_PARTNER) or on a RESOLVED one: IN_PROGRESS',
        headers: IdempotencyHeaders,
        params: TicketParams,
        body: TicketMessageRequest,
        response: { 201: TicketMessageEnvelope, ...errorResponses('create', [400, 401, 404, 409]) },
      },
    },
    async (request, reply) => {
      const { ticketId } = request.params;
      await ownedTicket(ctx.db, request.workspace.id, ticketId);
      const endpoint = `POST /v1/support-tickets/${ticketId}/messages`;
      return answerWrite(
        ctx,
        request,
        reply,
        { endpoint, status: 201 },
        (commit) =>
          addTicketMessage(
            ctx.db,
            ctx.clock,
            ticketId,
            { author: 'partner', message: request.body.message },
            (tx, message) => commit(tx, ok(message)),
          ),
        ticketKeys,
      );
    },
  );

  app.post(
    '/support-tickets/:ticketId/close',
    {
      ...keyed,
      schema: {
        operationId: 'supportTickets.close',
        tags,
        summary: 'Close a ticket: final, it takes no more messages (409 when closed already)',
        headers: IdempotencyHeaders,
        params: TicketParams,
        response: { 200: TicketEnvelope, ...errorResponses('create', [401, 404, 409]) },
      },
    },
    async (request, reply) => {
      const { ticketId } = request.params;
      await ownedTicket(ctx.db, request.workspace.id, ticketId);
      const endpoint = `POST /v1/support-tickets/${ticketId}/close`;
      return answerWrite(
        ctx,
        request,
        reply,
        { endpoint, status: 200 },
        (commit) =>
          changeTicketStatus(ctx.db, ctx.clock, ticketId, { by: 'partner', action: 'close' }, async (tx, row) =>
            commit(tx, ok(ticketView(row, await ticketMessages(tx, row.id)))),
          ),
        ticketKeys,
      );
    },
  );

  app.get(
    '/support-tickets',
    {
      schema: {
        operationId: 'supportTickets.list',
        tags,
        summary: "The workspace's tickets, newest first, without their messages (enveloped)",
        querystring: TicketListQuery,
        response: { 200: TicketsEnvelope, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => {
      const rows = await listTickets(ctx.db, {
        workspaceId: request.workspace.id,
        statuses: request.query.status,
        ...pageOf(request.query),
      });
      return ok(rows.map(ticketSummaryView));
    },
  );

  app.get(
    '/support-tickets/:ticketId',
    {
      schema: {
        operationId: 'supportTickets.get',
        tags,
        summary: 'One ticket with its messages (enveloped)',
        params: TicketParams,
        querystring: Obj({}),
        response: { 200: TicketEnvelope, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => {
      const row = await ownedTicket(ctx.db, request.workspace.id, request.params.ticketId);
      return ok(ticketView(row, await ticketMessages(ctx.db, row.id)));
    },
  );
}
