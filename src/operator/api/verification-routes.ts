import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { Email, errorResponses, Obj, titled } from '../../platform/schema.js';
import { decideVerification } from '../workspaces/service.js';

/** An operator's decision on a verification under review (manual review, or overriding a vendor's pending check). */
export async function verificationAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/workspaces/:workspaceId/verifications/:email/:decision',
    {
      schema: {
        operationId: 'admin.verifications.decide',
        tags: ['Operators'],
        summary: 'Approve or reject a verification that is REVIEWING (an event per change, kyc_completed included)',
        params: Obj({
          workspaceId: Type.String({ minLength: 1, maxLength: 64 }),
          email: Email,
          decision: Type.Enum(['approve', 'reject']),
        }),
        response: {
          200: titled('Verification decision', Type.Object({ accountId: Type.String(), status: Type.String() })),
          ...errorResponses('read', [400, 401, 404, 409]),
        },
      },
    },
    async (request) => {
      const { workspaceId, email, decision } = request.params;
      return decideVerification(ctx.db, ctx.clock, workspaceId, email, decision);
    },
  );
}
