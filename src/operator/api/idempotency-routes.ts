import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses, Obj, titled } from '../../platform/schema.js';
import { releaseIdempotencyKey } from '../workspaces/key-release.js';

const ReleaseRequest = Obj({
  workspaceId: Type.String({ minLength: 1, maxLength: 64 }),
  key: Type.String({ minLength: 1, maxLength: 128 }),
  accountScope: Type.Optional(
    Type.String({ maxLength: 100, description: "'' (default): the workspace's own account" }),
  ),
});

export async function idempotencyAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/idempotency-keys/release',
    {
      schema: {
        operationId: 'admin.idempotencyKeys.release',
        tags: ['Operators'],
        summary:
          'Release an idempotency key left consumed by a failed or interrupted write, after checking its outcome',
        body: ReleaseRequest,
        response: {
          200: titled('Released key', Type.Object({ released: Type.Literal(true), previousState: Type.String() })),
          ...errorResponses('read', [400, 401, 404, 409]),
        },
      },
    },
    async (request) => releaseIdempotencyKey(ctx.db, request.body),
  );
}
