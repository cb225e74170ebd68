import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { errorResponses, Obj } from '../../platform/schema.js';
import {
  BankingAccountEnvelope,
  BankingAccountListQuery,
  BankingAccountParams,
  BankingAccountsEnvelope,
  CreateBankingAccountRequest,
  DeletedBankingAccountEnvelope,
} from './schema.js';
import {
  createBankingAccount,
  deleteBankingAccount,
  listWorkspaceBankingAccounts,
  ownedBankingAccount,
} from './service.js';
import { bankingAccountView } from './view.js';

// Banking accounts are one of the spec's newer resources, answered as { ok: true, value } (Conventions 4).

const tags = ['Banking accounts'];
const ok = <T>(value: T) => ({ ok: true as const, value });

export async function bankingAccountRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/banking-accounts',
    {
      // Not keyed (the spec names no Idempotency-Key here): the same account stored again is 409, never a copy.
      config: { kind: 'create' },
      schema: {
        operationId: 'bankingAccounts.create',
        tags,
        summary: 'Store a payout destination for the workspace or a customer; orders and withdrawals name it later',
        body: CreateBankingAccountRequest,
        response: { 201: BankingAccountEnvelope, ...errorResponses('create', [400, 401, 409]) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await createBankingAccount(ctx, request.workspace, request.body))),
  );

  app.get(
    '/banking-accounts',
    {
      schema: {
        operationId: 'bankingAccounts.list',
        tags,
        summary: 'List banking accounts, newest first; identifiers masked',
        querystring: BankingAccountListQuery,
        response: { 200: BankingAccountsEnvelope, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => ok(await listWorkspaceBankingAccounts(ctx.db, request.workspace, request.query)),
  );

  app.get(
    '/banking-accounts/:bankingAccountId',
    {
      schema: {
        operationId: 'bankingAccounts.get',
        tags,
        summary: 'Read one banking account; identifiers masked',
        params: BankingAccountParams,
        querystring: Obj({}),
        response: { 200: BankingAccountEnvelope, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) =>
      ok(bankingAccountView(await ownedBankingAccount(ctx.db, request.workspace, request.params.bankingAccountId))),
  );

  app.delete(
    '/banking-accounts/:bankingAccountId',
    {
      schema: {
        operationId: 'bankingAccounts.delete',
        tags,
        summary: 'Delete a banking account; orders and withdrawals already made to it are not affected',
        params: BankingAccountParams,
        querystring: Obj({}),
        response: { 200: DeletedBankingAccountEnvelope, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => ok(await deleteBankingAccount(ctx.db, request.workspace, request.params.bankingAccountId)),
  );
}
