import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses, Obj } from '../../platform/schema.js';
import { PendingPayment } from '../../resources/pending-payments/schema.js';
import { operatorRefund } from '../../resources/pending-payments/service.js';

export async function refundAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/pending-payments/:transferId/refund/:action',
    {
      schema: {
        operationId: 'admin.refunds.act',
        tags: ['Operators'],
        summary: 'Start (pending_approval) or approve (returning) the refund of a pending payment to its payer',
        params: Obj({
          transferId: Type.String({ minLength: 1, maxLength: 64 }),
          action: Type.Enum(['start', 'approve']),
        }),
        response: { 200: PendingPayment, ...errorResponses('read', [400, 401, 404, 409]) },
      },
    },
    async (request) => operatorRefund(ctx, request.params.transferId, request.params.action),
  );
}
