import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { operation } from '../../domain/errors.js';
import { limits } from '../../limits.js';
import { titled } from '../../platform/schema.js';

/**
 * Readiness: the database answers now. Used by load balancers; needs no token. While the database is away the
 * check fails at once (a refused connection) or within healthCheckTimeoutMs, never after a request's full bound.
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'health.check',
        tags: ['Health'],
        summary: 'Readiness: the database is reachable',
        response: {
          200: titled('Status of the server', Type.Object({ status: Type.Literal('ok'), store: Type.String() })),
        },
      },
    },
    async (request) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), limits.healthCheckTimeoutMs);
      });
      try {
        await Promise.race([ctx.db.ping(), late]);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        throw operation('The database is unreachable');
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok' as const, store: ctx.db.kind };
    },
  );
}
