import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { depositStatuses } from '../../domain/states/deposit-status.js';
import { answerWrite } from '../../platform/idempotency.js';
import { countQuerySchema, listQuerySchema } from '../../platform/list-query.js';
import { errorResponses, Obj, titled } from '../../platform/schema.js';
import { IdempotencyHeaders, writeGuards } from '../../platform/write-guards.js';
import {
  CreateMethodRequest,
  createDepositMethod,
  DepositMethod,
  listDepositMethods,
  readDepositMethod,
} from './methods.js';
import { countDeposits, listDeposits } from './repo.js';
import { CreateDepositRequest, Deposit } from './schema.js';
import { checkDepositRequest, createDeposit, deleteDeposit, ownedDeposit } from './service.js';
import { depositView } from './view.js';

const tags = ['Deposits'];
const DepositParams = Obj({ depositId: Type.String({ minLength: 1, maxLength: 40 }) });
const NoQuery = Obj({});

export async function depositRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/deposits',
    {
      config: { kind: 'create' },
      preValidation: writeGuards(ctx),
      schema: {
        operationId: 'deposits.create',
        tags,
        summary: 'Collect funds into the workspace balance: answers the payment instructions',
        headers: IdempotencyHeaders,
        body: CreateDepositRequest,
        response: { 201: Deposit, ...errorResponses('create', [400, 401, 403, 409]) },
      },
    },
    async (request, reply) => {
      const checked = checkDepositRequest(request.body);
      return answerWrite(ctx, request, reply, { endpoint: 'POST /v1/deposits', status: 201 }, (_, claim) =>
        createDeposit(ctx, request.workspace, request.body, checked, claim),
      );
    },
  );

  app.post(
    '/deposits/methods',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'depositMethods.create',
        tags,
        summary: 'Create a receiving bank account (EUR, USD, GBP, MXN, ARS, BRL); it reads PENDING until activated',
        body: CreateMethodRequest,
        response: { 201: DepositMethod, ...errorResponses('create', [400, 401, 403]) },
      },
    },
    async (request, reply) => reply.code(201).send(await createDepositMethod(ctx, request.workspace, request.body)),
  );

  app.get(
    '/deposits/methods',
    {
      schema: {
        operationId: 'depositMethods.list',
        tags,
        summary: 'List receiving methods',
        querystring: NoQuery,
        response: { 200: Type.Array(DepositMethod), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => listDepositMethods(ctx.db, request.workspace),
  );

  app.get(
    '/deposits/methods/:methodId',
    {
      schema: {
        operationId: 'depositMethods.get',
        tags,
        summary: 'Read one receiving method',
        params: Obj({ methodId: Type.String({ minLength: 1, maxLength: 40 }) }),
        querystring: NoQuery,
        response: { 200: DepositMethod, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => readDepositMethod(ctx.db, request.workspace, request.params.methodId),
  );

  app.get(
    '/deposits',
    {
      schema: {
        operationId: 'deposits.list',
        tags,
        summary: 'List deposits, newest first (a bare array)',
        querystring: listQuerySchema(depositStatuses),
        response: { 200: Type.Array(Deposit), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => (await listDeposits(ctx.db, request.workspace.id, request.query)).map(depositView),
  );

  app.get(
    '/deposits/count',
    {
      schema: {
        operationId: 'deposits.count',
        tags,
        summary: 'Count deposits matching the filters',
        querystring: countQuerySchema(depositStatuses),
        response: {
          200: titled('Count', Type.Object({ count: Type.Integer() })),
          ...errorResponses('read', [400, 401]),
        },
      },
    },
    async (request) => ({ count: await countDeposits(ctx.db, request.workspace.id, request.query) }),
  );

  app.get(
    '/deposits/:depositId',
    {
      schema: {
        operationId: 'deposits.get',
        tags,
        summary: 'Read one deposit',
        params: DepositParams,
        querystring: NoQuery,
        response: { 200: Deposit, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request) => depositView(await ownedDeposit(ctx.db, request.workspace, request.params.depositId)),
  );

  app.delete(
    '/deposits/:depositId',
    {
      schema: {
        operationId: 'deposits.cancel',
        tags,
        summary: 'Cancel a deposit while it is Pending (no funds arrived yet)',
        params: DepositParams,
        querystring: NoQuery,
        response: {
          200: titled('Cancellation', Type.Object({ success: Type.Boolean(), message: Type.String() })),
          ...errorResponses('read', [401, 404, 409]),
        },
      },
    },
    async (request) => deleteDeposit(ctx.db, ctx.clock, request.workspace, request.params.depositId),
  );
}
