import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses, Obj } from '../../platform/schema.js';
import { decideComplianceHold } from '../../resources/deposits/compliance.js';
import { Deposit } from '../../resources/deposits/schema.js';
import { decideOrderCompliance } from '../../resources/orders/compliance.js';
import { Order } from '../../resources/orders/schema.js';

const Params = Obj({
  depositId: Type.String({ minLength: 1, maxLength: 40 }),
  decision: Type.Enum(['clear', 'reject']),
});

export async function complianceAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/deposits/:depositId/compliance/:decision',
    {
      schema: {
        operationId: 'admin.compliance.decideDeposit',
        tags: ['Operators'],
        summary: 'Clear (credit) or reject (return to the payer) funds held for compliance review',
        params: Params,
        response: { 200: Deposit, ...errorResponses('read', [400, 401, 404, 409]) },
      },
    },
    async (request) => decideComplianceHold(ctx.db, ctx.clock, request.params.depositId, request.params.decision),
  );
  app.post(
    '/orders/:orderId/compliance/:decision',
    {
      schema: {
        operationId: 'admin.compliance.decideOrder',
        tags: ['Operators'],
        summary: "Clear (the order goes on) or reject (refund to the payer) an order's funds held for review",
        params: Obj({
          orderId: Type.String({ minLength: 1, maxLength: 40 }),
          decision: Type.Enum(['clear', 'reject']),
        }),
        response: { 200: Order, ...errorResponses('read', [400, 401, 404, 409]) },
      },
    },
    async (request) => decideOrderCompliance(ctx, request.params.orderId, request.params.decision),
  );
}
