import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/schema.js';
import { DepositMethod } from '../deposits/methods.js';
import { Deposit } from '../deposits/schema.js';
import { Order } from '../orders/schema.js';
import { Withdrawal } from '../withdrawals/schema.js';
import { advanceWorkspaceClock, readWorkspaceClock } from './clock.js';
import { expireDepositNow, expireOrderNow } from './expiry.js';
import {
  AdvanceClockRequest,
  AdvancedClock,
  DepositIdParams,
  MethodIdParams,
  OrderIdParams,
  WithdrawalIdParams,
  WorkspaceClock,
} from './helper-schema.js';
import { activateMethodNow } from './method-activation.js';
import { moveOrderPayout, moveWithdrawalPayout, type OrderPayoutMove, type WithdrawalMove } from './payouts.js';

const tags = ['Sandbox simulation'];
// 404 unknown id, 401 another workspace's (spec, Authentication 4), 409 a state that cannot take the move.
const refusals = errorResponses('create', [401, 403, 404, 409]);
const config = { kind: 'create' as const };

const withdrawalMoves: Record<WithdrawalMove, string> = {
  complete: "Complete a Pending withdrawal's payout now (Success: withdrawal_status_updated, withdrawal_completed)",
  fail: "Fail a Pending withdrawal's payout now, as a rail rejection (Failed: the hold released)",
  return:
    "Return a withdrawal's payout now (Pending or Success to Returned: the amount credited back, as a real return)",
};

const orderPayoutMoves: Record<OrderPayoutMove, string> = {
  complete:
    "Complete an order's payout leg in flight (Exchanging or Withdrawn to Success: order_status_updated), as a confirmed delivery",
  fail: "Fail an order's payout leg in flight (Exchanging or Withdrawn to Refunded), as a rail rejection",
  return: "Return an order's payout leg in flight (Exchanging or Withdrawn to Refunded), as an institution's return",
};

/**
 * Stage's helpers by id and the workspace's test clock: registered inside simulateRoutes (stage only, under its
 * per-workspace switch), so production answers 404 for every path here as for every /v1/simulate path.
 */
export async function simulateHelperRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  for (const move of Object.keys(withdrawalMoves) as WithdrawalMove[]) {
    app.post(
      `/simulate/withdrawals/:withdrawalId/${move}`,
      {
        config,
        schema: {
          operationId: `simulate.${move}Withdrawal`,
          tags,
          summary: withdrawalMoves[move],
          params: WithdrawalIdParams,
          response: { 200: Withdrawal, ...refusals },
        },
      },
      async (request) => moveWithdrawalPayout(ctx, request.workspace, request.params.withdrawalId, move),
    );
  }

  for (const move of Object.keys(orderPayoutMoves) as OrderPayoutMove[]) {
    app.post(
      `/simulate/orders/:orderId/payout/${move}`,
      {
        config,
        schema: {
          operationId: `simulate.${move}OrderPayout`,
          tags,
          summary: orderPayoutMoves[move],
          params: OrderIdParams,
          response: { 200: Order, ...refusals },
        },
      },
      async (request) => moveOrderPayout(ctx, request.workspace, request.params.orderId, move),
    );
  }

  app.post(
    '/simulate/orders/:orderId/expire',
    {
      config,
      schema: {
        operationId: 'simulate.expireOrder',
        tags,
        summary: "End a Pending or PartiallyPaid order's payment window now (Expired: order_status_updated)",
        params: OrderIdParams,
        response: { 200: Order, ...refusals },
      },
    },
    async (request) => expireOrderNow(ctx, request.workspace, request.params.orderId),
  );

  app.post(
    '/simulate/deposits/:depositId/expire',
    {
      config,
      schema: {
        operationId: 'simulate.expireDeposit',
        tags,
        summary: 'End a Pending deposit with nothing received now (Cancelled, as DELETE does; deposits have no window)',
        params: DepositIdParams,
        response: { 200: Deposit, ...refusals },
      },
    },
    async (request) => expireDepositNow(ctx.db, ctx.clock, request.workspace, request.params.depositId),
  );

  app.post(
    '/simulate/deposit-methods/:methodId/activate',
    {
      config,
      schema: {
        operationId: 'simulate.activateDepositMethod',
        tags,
        summary: 'Activate a PENDING deposit method now (ACTIVE with its details: deposit_method_activated)',
        params: MethodIdParams,
        response: { 200: DepositMethod, ...refusals },
      },
    },
    async (request) => activateMethodNow(ctx, request.workspace, request.params.methodId),
  );

  app.get(
    '/simulate/clock',
    {
      schema: {
        operationId: 'simulate.clock',
        tags,
        summary: "The workspace's test clock: its now and how far it runs ahead of the system time",
        response: { 200: WorkspaceClock, ...errorResponses('read', [401, 403]) },
      },
    },
    async (request) => readWorkspaceClock(ctx, request.workspace),
  );

  app.post(
    '/simulate/clock/advance',
    {
      config,
      schema: {
        operationId: 'simulate.advanceClock',
        tags,
        summary:
          "Move the workspace's test clock forward: quotes, payment windows, key replay and hosted links age; due orders expire at once",
        body: AdvanceClockRequest,
        response: { 200: AdvancedClock, ...errorResponses('create', [400, 401, 403, 409]) },
      },
    },
    async (request) => advanceWorkspaceClock(ctx, request.workspace, request.body.seconds),
  );
}
