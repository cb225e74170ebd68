import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { errorResponses, Obj } from '../../platform/schema.js';
import { CreateWebFormRequest, EntityParams, OpenBankingStatusResponse, WebForm } from './schema.js';
import { createWebForm, openBankingStatus } from './service.js';

const tags = ['Open banking payments'];

/** The partner's two open banking operations on an order or deposit id (the spec does not show their paths). */
export async function openBankingRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/openbanking/:id/web-form',
    {
      // Every field of the body is optional, so the body itself may be left out.
      config: { kind: 'create', bodyOptional: true },
      schema: {
        operationId: 'openbanking.webForm',
        tags,
        summary:
          'Create the hosted payment web form of an order or deposit (EUR over SEPA, GBP over GBP_BANK_TRANSFER)',
        params: EntityParams,
        body: CreateWebFormRequest,
        response: { 200: WebForm, ...errorResponses('create', [400, 401, 404, 409]) },
      },
    },
    async (request) => createWebForm(ctx, request.workspace, request.params.id, request.body),
  );

  app.get(
    '/openbanking/:id/status',
    {
      schema: {
        operationId: 'openbanking.status',
        tags,
        summary: 'Read the open banking payment status of an order or deposit (the id is detected)',
        params: EntityParams,
        querystring: Obj({}),
        response: { 200: OpenBankingStatusResponse, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request) => openBankingStatus(ctx, request.workspace, request.params.id),
  );
}
