import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { findHolderAccount, workspaceAccountId } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { holdableCurrencyValues } from '../../catalogue/rail-values.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import { balancesOf } from '../../ledger/ledger.js';
import { Email, errorResponses, Obj, StringEnum, titled } from '../../platform/schema.js';

const BalancesQuery = Obj({
  currency: Type.Optional(StringEnum(holdableCurrencyValues)),
  userEmail: Type.Optional({ ...Email, description: "A customer's balances; without it, the workspace's own" }),
});

const Balance = Type.Object({
  currency: Type.String(),
  available: Type.Number({ description: 'Can be spent' }),
  pending: Type.Number({ description: 'Held: withdrawals in flight, funds under review' }),
  total: Type.Number({ description: 'available + pending' }),
});

export async function balanceRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/balances',
    {
      schema: {
        operationId: 'balances.list',
        tags: ['Balances'],
        summary: "Balances of the workspace's own account, or of a customer's with userEmail",
        querystring: BalancesQuery,
        response: {
          200: titled('Balances', Type.Object({ balances: Type.Array(Balance) })),
          ...errorResponses('read', [400, 401]),
        },
      },
    },
    async (request) => {
      const { userEmail, currency } = request.query;
      const accountId =
        userEmail === undefined
          ? workspaceAccountId(request.workspace.id)
          : (await findHolderAccount(ctx.db, request.workspace.id, userEmail))?.id;
      const rows = accountId === undefined ? [] : await balancesOf(ctx.db, accountId, currency);
      return {
        balances: rows.map((row) => ({
          currency: row.currency,
          available: amountToJson(row.available, row.currency),
          pending: amountToJson(row.pending, row.currency),
          total: amountToJson(row.available + row.pending, row.currency),
        })),
      };
    },
  );
}
