import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { errorResponses, Obj } from '../../platform/schema.js';
import {
  EventEnvelope,
  EventListQuery,
  EventPage,
  EventParams,
  ResendEventEnvelope,
  ResendEventRequest,
} from './schema.js';
import { listWorkspaceEvents, ownedEvent, resendEvent } from './service.js';
import { eventView } from './view.js';

// The events API (issue #12, item 2; docs/webhooks.md "Events API"): what every endpoint was sent, readable for
// EVENT_RETENTION_DAYS, and sent again on request.

const tags = ['Events'];

export async function eventRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/events',
    {
      schema: {
        operationId: 'events.list',
        tags,
        summary: "List the workspace's events, newest first, a page at a time (startingAfter, endingBefore)",
        querystring: EventListQuery,
        response: { 200: EventPage, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => listWorkspaceEvents(ctx, request.workspace, request.query),
  );

  app.get(
    '/events/:eventId',
    {
      schema: {
        operationId: 'events.get',
        tags,
        summary: 'Read one event: the envelope as delivered',
        params: EventParams,
        querystring: Obj({}),
        response: { 200: EventEnvelope, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request) => ({
      ok: true as const,
      value: eventView(await ownedEvent(ctx, request.workspace, request.params.eventId)),
    }),
  );

  app.post(
    '/events/:eventId/resend',
    {
      // Every field of the body is optional, so the body itself may be left out.
      config: { kind: 'create', bodyOptional: true },
      schema: {
        operationId: 'events.resend',
        tags,
        summary: 'Send an event again, unchanged (the same eventId), to every active endpoint or to one',
        params: EventParams,
        body: ResendEventRequest,
        response: { 200: ResendEventEnvelope, ...errorResponses('create', [400, 401, 404, 409]) },
      },
    },
    async (request) => resendEvent(ctx, request.workspace, request.params.eventId, request.body.webhookId),
  );
}
