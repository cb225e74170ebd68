import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { existence, stateError } from '../../domain/errors.js';
import { auditChange } from '../../platform/audit/scope.js';
import { keyExists, releaseKey } from '../../platform/idempotency.js';
import { errorResponses, Obj } from '../../platform/schema.js';

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
        tags: ['Operators'],
        summary:
          'Release an idempotency key left consumed by a failed or interrupted write, after checking its outcome',
        body: ReleaseRequest,
        response: {
          200: Type.Object({ released: Type.Literal(true), previousState: Type.String() }),
          ...errorResponses('read', [400, 401, 404, 409]),
        },
      },
    },
    async (request) => {
      const { workspaceId, key, accountScope } = request.body;
      const scope = accountScope ?? '';
      const released = await ctx.db.transaction(async (tx) => {
        const state = await releaseKey(tx, workspaceId, key, scope);
        if (state === undefined) return undefined;
        const target = { type: 'idempotency-key', id: key };
        auditChange(tx, { workspaceId, target, before: { state, accountScope: scope }, after: null });
        return state;
      });
      if (released) return { released: true as const, previousState: released };
      if (await keyExists(ctx.db, workspaceId, key))
        throw stateError('The key completed successfully: it replays its answer and is not released');
      throw existence(`No idempotency key ${key} in workspace ${workspaceId}`);
    },
  );
}
