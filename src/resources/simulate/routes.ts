import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { allowance } from '../../domain/errors.js';
import { errorResponses, Obj, PositiveAmount } from '../../platform/schema.js';
import { readMailbox } from '../../providers/mail/sandbox-mailbox.js';
import { PendingPayment } from '../pending-payments/schema.js';
import { detectPendingPayment } from '../pending-payments/service.js';
import { simulateReplyRoutes } from './brokerage-replies.js';
import {
  Counterparty,
  SimulateDepositTransfer,
  SimulationAccepted,
  simulateDepositTransfer,
} from './deposit-transfer.js';
import { simulateHelperRoutes } from './helper-routes.js';
import { simulateKyc } from './kyc.js';
import { OrderSimulationAccepted, SimulateOrderTransfer, simulateOrderTransfer } from './order-transfer.js';
import { MailboxQuery, MailboxResponse, SimulateKycRequest, SimulateKycResponse } from './schema.js';
import { simulateSettingsRoutes } from './settings.js';

const tags = ['Sandbox simulation'];

/** Stage only: the app does not register these routes in production, where they answer 404. */
export async function simulateRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.workspace.simulation) throw allowance('Sandbox simulation is off for this workspace');
  });

  app.post(
    '/simulate/kyc',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'simulate.kyc',
        tags,
        summary: "Move a customer's verification along the permitted path to a status (an event per change)",
        body: SimulateKycRequest,
        response: { 200: SimulateKycResponse, ...errorResponses('create', [400, 401, 403, 409]) },
      },
    },
    async (request) => simulateKyc(ctx.db, ctx.clock, request.workspace.id, request.body),
  );

  app.get(
    '/simulate/mailbox',
    {
      schema: {
        operationId: 'simulate.mailbox',
        tags,
        summary: "The sandbox mail sent to a customer (the hosted verification's one-time codes), newest first",
        querystring: MailboxQuery,
        response: { 200: MailboxResponse, ...errorResponses('read', [400, 401, 403]) },
      },
    },
    async (request) => ({
      messages: await readMailbox(ctx.db, request.workspace.id, request.query.email, request.query.limit ?? 20),
    }),
  );

  app.post(
    '/simulate/incoming-transfer/deposit',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'simulate.depositTransfer',
        tags,
        summary: 'Simulate the inbound transfer of a deposit (settles through a job within seconds)',
        body: SimulateDepositTransfer,
        response: { 200: SimulationAccepted, ...errorResponses('create', [400, 401, 403, 404, 409]) },
      },
    },
    async (request) => simulateDepositTransfer(ctx, request.workspace, request.body),
  );

  app.post(
    '/simulate/incoming-transfer/order',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'simulate.orderTransfer',
        tags,
        summary: "Simulate the inbound transfer of an order's origin leg (not for exchanges: they need none)",
        body: SimulateOrderTransfer,
        response: { 200: OrderSimulationAccepted, ...errorResponses('create', [400, 401, 403, 404, 409]) },
      },
    },
    async (request) => simulateOrderTransfer(ctx, request.workspace, request.body),
  );

  app.post(
    '/simulate/incoming-transfer/method',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'simulate.methodTransfer',
        tags,
        summary: 'Simulate a transfer to a receiving method that matches no deposit or order: a pending payment',
        body: Obj({
          methodId: Type.String({ minLength: 1, maxLength: 40 }),
          amount: PositiveAmount,
          counterparty: Counterparty,
        }),
        response: { 201: PendingPayment, ...errorResponses('create', [400, 401, 403, 404, 409]) },
      },
    },
    async (request, reply) => reply.code(201).send(await detectPendingPayment(ctx, request.workspace, request.body)),
  );

  await simulateReplyRoutes(app, ctx);
  await simulateHelperRoutes(app, ctx);
  await simulateSettingsRoutes(app, ctx);
}
