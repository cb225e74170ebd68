import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/schema.js';
import { QuoteRequest, QuoteResponse } from './schema.js';
import { createQuote } from './service.js';

export async function quoteRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/quotes',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'quotes.create',
        tags: ['Quotes'],
        summary: 'Lock a price for a pair; the quote backs at most one order until expireAt',
        body: QuoteRequest,
        response: { 201: QuoteResponse, ...errorResponses('create', [400, 401, 403]) },
      },
    },
    async (request, reply) => reply.code(201).send(await createQuote(ctx, request.workspace, request.body)),
  );
}
