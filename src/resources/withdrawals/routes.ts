import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { withdrawalStatuses } from '../../domain/states/withdrawal-status.js';
import { answerWrite } from '../../platform/idempotency.js';
import { listQuerySchema } from '../../platform/list-query.js';
import { errorResponses, Obj } from '../../platform/schema.js';
import { IdempotencyHeaders, writeGuards } from '../../platform/write-guards.js';
import { listWithdrawals } from './repo.js';
import { CreateWithdrawalRequest, Withdrawal } from './schema.js';
import { createWithdrawal, ownedWithdrawal, prepareWithdrawal } from './service.js';
import { withdrawalView } from './view.js';

const tags = ['Withdrawals'];

export async function withdrawalRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/withdrawals',
    {
      config: { kind: 'create' },
      preValidation: writeGuards(ctx),
      schema: {
        operationId: 'withdrawals.create',
        tags,
        summary: 'Pay out from the workspace balance: amount and fee are held at once, or 402 and nothing moves',
        headers: IdempotencyHeaders,
        body: CreateWithdrawalRequest,
        response: { 201: Withdrawal, ...errorResponses('create', [400, 401, 402, 403, 404, 409]) },
      },
    },
    async (request, reply) => {
      const { body, checked } = await prepareWithdrawal(ctx.db, ctx.secretsKeyring, request.workspace, request.body);
      return answerWrite(ctx, request, reply, { endpoint: 'POST /v1/withdrawals', status: 201 }, (_commit, claim) =>
        createWithdrawal(ctx, request.workspace, body, checked, claim),
      );
    },
  );

  app.get(
    '/withdrawals',
    {
      schema: {
        operationId: 'withdrawals.list',
        tags,
        summary: 'List withdrawals, newest first (a bare array; there is no count endpoint)',
        querystring: listQuerySchema(withdrawalStatuses),
        response: { 200: Type.Array(Withdrawal), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => (await listWithdrawals(ctx.db, request.workspace.id, request.query)).map(withdrawalView),
  );

  app.get(
    '/withdrawals/:withdrawalId',
    {
      schema: {
        operationId: 'withdrawals.get',
        tags,
        summary: 'Read one withdrawal',
        params: Obj({ withdrawalId: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Obj({}),
        response: { 200: Withdrawal, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => withdrawalView(await ownedWithdrawal(ctx.db, request.workspace, request.params.withdrawalId)),
  );
}
