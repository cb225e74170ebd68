import type { ExampleCatalogue } from '../../platform/openapi-examples.js';
import { exampleDeposit, exampleDepositMethod, sepaDepositInfo } from '../deposits/examples.js';
import { exampleOrder, exampleOrderWithoutPayer } from '../orders/examples.js';
import { exampleWithdrawal } from '../withdrawals/examples.js';

// Examples of the sandbox helpers by id and of the test clock (helper-routes.ts), as a stage server answers them:
// captured from a run, times moved to the reference's example moment. The orders, deposits and withdrawals they move
// are the resources' own examples at another step.

/** Withdrawal 931f469b (like withdrawals.get's, EUR 120.5) after the helper moved it to `status`. */
const withdrawalMoved = (status: string, extra: object = {}) => ({
  ...exampleWithdrawal,
  withdrawalId: '931f469b-8de5-454f-aea9-5af8a1d4137e',
  amount: 120.5,
  status,
  createdAt: 1748856616,
  updatedAt: 1748856616,
  ...extra,
});
/** Order PREW7L4MLX1Z1B8 (like orders.get's), paid, refunded after its payout failed for `failureReason`. */
const refundedOrder = (failureReason: string) => ({
  ...exampleOrder,
  orderId: 'PREW7L4MLX1Z1B8',
  quoteId: '6b4f7425-eedb-4bb3-a53b-383d6c1cf220',
  status: 'Refunded',
  deposit: {
    ...exampleOrder.deposit,
    depositId: 'PRETUDJJHSO24OM',
    amount: 100,
    depositInfo: sepaDepositInfo('PRETUDJJHSO24OM', 'NL45BRKS0862916801', 100),
    receivedAt: 1795649437,
  },
  trade: { ...exampleOrder.trade, status: 'Reversed', executedAt: 1795649437 },
  withdraw: { ...exampleOrder.withdraw, status: 'Reversed', withdrawnAt: 1795649437 },
  payBy: 1748943016,
  createdAt: 1748856616,
  updatedAt: 1748856616,
  failureReason,
});
const withdrawalMove = (status: string, extra: object = {}) => ({
  parameters: { withdrawalId: '931f469b-8de5-454f-aea9-5af8a1d4137e' },
  responses: { 200: { value: withdrawalMoved(status, extra) } },
});
const orderPayoutMove = (failureReason: string) => ({
  parameters: { orderId: 'PREW7L4MLX1Z1B8' },
  responses: { 200: { value: refundedOrder(failureReason) } },
});

export const simulateHelperExamples: ExampleCatalogue = {
  'simulate.completeWithdrawal': withdrawalMove('Success'),
  'simulate.failWithdrawal': withdrawalMove('Failed', { failureReason: 'The payout rail rejected the payout' }),
  'simulate.returnWithdrawal': withdrawalMove('Returned', {
    failureReason: 'The payout was returned by the receiving institution',
  }),
  'simulate.completeOrderPayout': {
    parameters: { orderId: 'PRE4KX9QZ2M7WB1' },
    responses: {
      200: {
        value: {
          ...exampleOrderWithoutPayer,
          orderId: 'PRE4KX9QZ2M7WB1',
          quoteId: '5d0c2a8e-3f61-4b9a-9e0d-7c1b2a4f6e83',
          status: 'Success',
          originRail: 'BALANCE',
          fee: 0.5,
          deposit: {
            ...exampleOrder.deposit,
            depositId: 'PRE8N3VQX5T2KLA',
            rail: 'BALANCE',
            amount: 100,
            depositInfo: { depositType: 'BALANCE' },
            receivedAt: 1748856617,
          },
          trade: { ...exampleOrder.trade, status: 'Success', executedAt: 1748856617 },
          withdraw: { ...exampleOrder.withdraw, status: 'Success', withdrawnAt: 1748856617, completedAt: 1748856617 },
          payBy: 1748943016,
          createdAt: 1748856616,
          updatedAt: 1748856617,
        },
      },
    },
  },
  'simulate.failOrderPayout': orderPayoutMove('The payout rail rejected the payout'),
  'simulate.returnOrderPayout': orderPayoutMove('The payout was returned by the receiving institution'),
  'simulate.expireOrder': {
    parameters: { orderId: 'PRESQB11MOHXI4M' },
    responses: {
      200: {
        value: {
          ...exampleOrder,
          orderId: 'PRESQB11MOHXI4M',
          quoteId: '217e078b-d99d-4f7e-9426-d1e5d83fdbf7',
          status: 'Expired',
          deposit: {
            ...exampleOrder.deposit,
            depositId: 'PREF2848VRZWM1C',
            depositInfo: sepaDepositInfo('PREF2848VRZWM1C', 'NL16BRKS8069327847', 100),
          },
          trade: { ...exampleOrder.trade, status: 'Cancelled' },
          withdraw: { ...exampleOrder.withdraw, status: 'Cancelled' },
          payBy: 1748943016,
          createdAt: 1748856616,
          updatedAt: 1748856616,
          failureReason: 'The payment window ended before any funds arrived',
        },
      },
    },
  },
  'simulate.expireDeposit': {
    parameters: { depositId: 'PREB3VJCNAF772Y' },
    responses: {
      200: {
        value: {
          ...exampleDeposit,
          depositId: 'PREB3VJCNAF772Y',
          userData: {
            country: 'PT',
            firstName: 'Ana',
            userEmail: 'ana.orders@example.com',
          },
          createdAt: 1748856617,
          status: 'Cancelled',
          depositInfo: sepaDepositInfo('PREB3VJCNAF772Y', 'NL37BRKS3106217030', 250),
          expectedAmount: 250,
        },
      },
    },
  },
  'simulate.activateDepositMethod': {
    parameters: { methodId: 'PREG7QK2OW0WQQ1' },
    responses: {
      200: {
        value: {
          ...exampleDepositMethod,
          methodId: 'PREG7QK2OW0WQQ1',
          depositInfo: sepaDepositInfo('PREG7QK2OW0WQQ1', 'NL74BRKS5330182506'),
          createdAt: 1748856617,
        },
      },
    },
  },
  'simulate.clock': {
    responses: {
      200: {
        value: {
          now: 1748856617,
          offsetSeconds: 0,
        },
      },
    },
  },
  'simulate.advanceClock': {
    request: { value: { seconds: 86400 } },
    responses: {
      200: {
        value: {
          now: 1748943017,
          offsetSeconds: 86400,
          expiredOrderIds: ['PRESQB11MOHXI4M'],
        },
      },
    },
  },
  'simulate.settings': { responses: { 200: { value: { outcomes: 'automatic' } } } },
  'simulate.updateSettings': {
    request: { value: { outcomes: 'manual' } },
    responses: { 200: { value: { outcomes: 'manual' } } },
  },
};
