import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses, Obj, titled } from '../../platform/schema.js';
import {
  CreateWebhookRequest,
  Delivery,
  LegacyWebhook,
  ResendRequest,
  ResendResponse,
  SetLegacyWebhook,
  TestDelivery,
  UpdateWebhookRequest,
  WebhookEndpoint,
} from './schema.js';
import {
  createEndpoint,
  deleteEndpoint,
  deliveriesOf,
  endpointView,
  listWorkspaceEndpoints,
  ownedEndpoint,
  readLegacy,
  resend,
  setLegacy,
  updateEndpoint,
} from './service.js';
import { sendTestEvent } from './test-event.js';

const tags = ['Webhooks'];
const Params = Obj({ webhookId: Type.String({ minLength: 1, maxLength: 64 }) });
const NoQuery = Obj({});

export async function webhookRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/webhooks',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'webhooks.create',
        tags,
        summary: 'Register an endpoint: every event is POSTed to it, signed with its secret',
        body: CreateWebhookRequest,
        response: { 200: WebhookEndpoint, ...errorResponses('create', [400, 401, 403]) },
      },
    },
    async (request) => createEndpoint(ctx, request.workspace, request.body),
  );

  app.get(
    '/webhooks',
    {
      schema: {
        operationId: 'webhooks.list',
        tags,
        summary: 'List the endpoints (a bare array)',
        querystring: NoQuery,
        response: { 200: Type.Array(WebhookEndpoint), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => listWorkspaceEndpoints(ctx.db, request.workspace),
  );

  app.post(
    '/webhooks/resend',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'webhooks.resend',
        tags,
        summary: 'Re-send the latest event of a completed order or deposit to every endpoint',
        body: ResendRequest,
        response: { 200: ResendResponse, ...errorResponses('create', [400, 401, 404, 409]) },
      },
    },
    async (request) => resend(ctx.db, ctx.clock, request.workspace, request.body.entityType, request.body.entityId),
  );

  app.get(
    '/webhooks/:webhookId',
    {
      schema: {
        operationId: 'webhooks.get',
        tags,
        summary: 'Read one endpoint (never its secret)',
        params: Params,
        querystring: NoQuery,
        response: { 200: WebhookEndpoint, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request) => endpointView(await ownedEndpoint(ctx.db, request.workspace, request.params.webhookId)),
  );

  app.put(
    '/webhooks/:webhookId',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'webhooks.update',
        tags,
        summary: 'Change an endpoint; a new secret signs every delivery from now on',
        params: Params,
        body: UpdateWebhookRequest,
        response: { 200: WebhookEndpoint, ...errorResponses('create', [400, 401, 404]) },
      },
    },
    async (request) => updateEndpoint(ctx, request.workspace, request.params.webhookId, request.body),
  );

  app.delete(
    '/webhooks/:webhookId',
    {
      schema: {
        operationId: 'webhooks.delete',
        tags,
        summary: 'Delete an endpoint: it receives nothing more; its delivery log stays readable',
        params: Params,
        querystring: NoQuery,
        response: {
          200: titled('Deletion', Type.Object({ success: Type.Boolean(), message: Type.String() })),
          ...errorResponses('read', [401, 404]),
        },
      },
    },
    async (request) => deleteEndpoint(ctx.db, ctx.clock, request.workspace, request.params.webhookId),
  );

  app.get(
    '/webhooks/:webhookId/deliveries',
    {
      schema: {
        operationId: 'webhooks.deliveries',
        tags,
        summary:
          'The delivery log of an endpoint, newest first: one row per attempt, numbered (one attempt per event ' +
          "unless the endpoint's retryPolicy retries)",
        params: Params,
        querystring: Obj({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) }),
        response: { 200: Type.Array(Delivery), ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request) => deliveriesOf(ctx.db, request.workspace, request.params.webhookId, request.query.limit ?? 100),
  );

  app.post(
    '/webhooks/:webhookId/test',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'webhooks.test',
        tags,
        summary:
          'Send a signed webhook_test event to this endpoint now and answer the outcome (status, latency, error); ' +
          'it is in the delivery log, and never retried',
        params: Params,
        response: { 200: TestDelivery, ...errorResponses('create', [400, 401, 404]) },
      },
    },
    async (request) => sendTestEvent(ctx, request.workspace, request.params.webhookId),
  );

  app.get(
    '/webhook',
    {
      schema: {
        operationId: 'webhook.get',
        tags,
        summary: 'Legacy: the single callback URL (delivered unsigned)',
        querystring: NoQuery,
        response: { 200: LegacyWebhook, ...errorResponses('read', [401]) },
      },
    },
    async (request) => readLegacy(ctx.db, request.workspace),
  );

  app.put(
    '/webhook',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'webhook.set',
        tags,
        summary: 'Legacy: set the single callback URL; it receives every event, unsigned',
        body: SetLegacyWebhook,
        response: { 200: LegacyWebhook, ...errorResponses('create', [400, 401]) },
      },
    },
    async (request) => setLegacy(ctx, request.workspace, request.body.url),
  );
}
