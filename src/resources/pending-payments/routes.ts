import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses, Obj } from '../../platform/schema.js';
import { countPendingPayments, listPendingPayments } from './repo.js';
import {
  PendingCountEnvelope,
  PendingCountQuery,
  PendingListQuery,
  PendingPaymentEnvelope,
  PendingPaymentsEnvelope,
} from './schema.js';
import { ownedPendingPayment, pendingPaymentView } from './service.js';

const tags = ['Pending payments'];
const ok = <T>(value: T) => ({ ok: true as const, value });

export async function pendingPaymentRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/pending-payments',
    {
      schema: {
        operationId: 'pendingPayments.list',
        tags,
        summary: 'Inbound payments that matched no deposit or order (enveloped)',
        querystring: PendingListQuery,
        response: { 200: PendingPaymentsEnvelope, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) =>
      ok((await listPendingPayments(ctx.db, request.workspace.id, request.query)).map(pendingPaymentView)),
  );
  app.get(
    '/pending-payments/count',
    {
      schema: {
        operationId: 'pendingPayments.count',
        tags,
        summary: 'Count pending payments',
        querystring: PendingCountQuery,
        response: { 200: PendingCountEnvelope, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => ok({ count: await countPendingPayments(ctx.db, request.workspace.id, request.query) }),
  );
  app.get(
    '/pending-payments/:transferId',
    {
      schema: {
        operationId: 'pendingPayments.get',
        tags,
        summary: 'One pending payment (enveloped)',
        params: Obj({ transferId: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Obj({}),
        response: { 200: PendingPaymentEnvelope, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) =>
      ok(pendingPaymentView(await ownedPendingPayment(ctx.db, request.workspace, request.params.transferId))),
  );
}
