import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { operation } from '../../domain/errors.js';
import { ping } from '../../storage/db.js';

/** Readiness: the database answers. Used by load balancers; needs no token. */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Readiness: the database is reachable',
        response: { 200: Type.Object({ status: Type.Literal('ok'), store: Type.String() }) },
      },
    },
    async (request) => {
      try {
        await ping(ctx.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw operation('The database is unreachable');
      }
      return { status: 'ok' as const, store: ctx.db.kind };
    },
  );
}
