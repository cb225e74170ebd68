import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { orderStatuses } from '../../domain/states/order-status.js';
import { answerWrite } from '../../platform/idempotency.js';
import { jsonArray, sendJsonText } from '../../platform/json-text.js';
import { countQuerySchema, listQuerySchema } from '../../platform/list-query.js';
import { errorResponses, Obj, titled } from '../../platform/schema.js';
import { IdempotencyHeaders, writeGuards } from '../../platform/write-guards.js';
import { createOrderFromPayment } from './from-payment.js';
import { prepareOrder } from './prepare.js';
import { accountScopeOf } from './quote-checks.js';
import { orderToShow } from './read.js';
import { countOrders, listOrders } from './repo.js';
import {
  ConfirmPayinRequest,
  CreateOrderFromPaymentRequest,
  CreateOrderRequest,
  Order,
  OrderListItem,
} from './schema.js';
import { confirmPayin, createOrder, deleteOrder } from './service.js';
import { orderJson, orderListItemJson } from './view-json.js';

const tags = ['Orders'];
const OrderParams = Obj({ orderId: Type.String({ minLength: 1, maxLength: 40 }) });
const NoQuery = Obj({});

export async function orderRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/orders',
    {
      config: { kind: 'create' },
      preValidation: writeGuards(ctx),
      schema: {
        operationId: 'orders.create',
        tags,
        summary: 'Bind a live quote to a payer and a payout instrument: collect, convert and pay out',
        headers: IdempotencyHeaders,
        body: CreateOrderRequest,
        response: { 201: Order, ...errorResponses('create', [400, 401, 402, 403, 404, 409]) },
      },
    },
    async (request, reply) => {
      const { body, checked, quote } = await prepareOrder(ctx.db, ctx.secretsKeyring, request.workspace, request.body);
      return answerWrite(
        ctx,
        request,
        reply,
        { endpoint: 'POST /v1/orders', status: 201, accountScope: accountScopeOf(quote) },
        (commit, claim) => createOrder(ctx, request.workspace, quote, body, checked, commit, claim),
      );
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        operationId: 'orders.list',
        tags,
        summary: 'List orders, newest first (a bare array); search matches ids, externalReference, reference codes',
        querystring: listQuerySchema(orderStatuses),
        response: { 200: Type.Array(OrderListItem), ...errorResponses('read', [400, 401]) },
      },
    },
    // Written straight from the rows (view-json.ts), the same text the response schema's serializer would write.
    async (request, reply) =>
      sendJsonText(reply, jsonArray(await listOrders(ctx.db, request.workspace.id, request.query), orderListItemJson)),
  );

  app.get(
    '/orders/count',
    {
      schema: {
        operationId: 'orders.count',
        tags,
        summary: 'Count orders matching the filters',
        querystring: countQuerySchema(orderStatuses),
        response: {
          200: titled('Count', Type.Object({ count: Type.Integer() })),
          ...errorResponses('read', [400, 401]),
        },
      },
    },
    async (request) => ({ count: await countOrders(ctx.db, request.workspace.id, request.query) }),
  );

  app.get(
    '/orders/:orderId',
    {
      schema: {
        operationId: 'orders.get',
        tags,
        summary: 'Read one order',
        params: OrderParams,
        querystring: NoQuery,
        response: { 200: Order, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, orderJson(await orderToShow(ctx.db, request.workspace, request.params.orderId))),
  );

  app.delete(
    '/orders/:orderId',
    {
      schema: {
        operationId: 'orders.cancel',
        tags,
        summary: 'Delete (cancel) an order while it is Pending; 409 StateError in any other status',
        params: OrderParams,
        querystring: NoQuery,
        response: {
          200: titled('Cancellation', Type.Object({ success: Type.Boolean(), message: Type.String() })),
          ...errorResponses('read', [401, 404, 409]),
        },
      },
    },
    async (request) => deleteOrder(ctx.db, ctx.clock, request.workspace, request.params.orderId),
  );

  app.post(
    '/orders/:orderId/confirm-payin',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'orders.confirmPayin',
        tags,
        summary: 'Confirm the payin of an order whose origin rail needs it (IMPS: the UTR); 409 for any other order',
        params: OrderParams,
        body: ConfirmPayinRequest,
        response: {
          200: titled('Confirmation, an empty object', Obj({})),
          ...errorResponses('create', [400, 401, 404, 409]),
        },
      },
    },
    async (request) => confirmPayin(ctx.db, ctx.clock, request.workspace, request.params.orderId, request.body),
  );

  app.post(
    '/pending-payments/:transferId/create-order',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'pendingPayments.createOrder',
        tags: ['Pending payments'],
        summary: 'Create an order from an unmatched pending payment: it is the origin leg, already received',
        params: Obj({ transferId: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: CreateOrderFromPaymentRequest,
        response: { 201: Order, ...errorResponses('create', [400, 401, 403, 404, 409]) },
      },
    },
    async (request, reply) => {
      const order = await createOrderFromPayment(ctx, request.workspace, request.params.transferId, request.body);
      return reply.code(201).send(order);
    },
  );
}
