import { movements, type Posting, systemAccounts } from '../../domain/ledger/entry.js';
import { recordBalanceUpdated } from '../../events/balance-updated.js';
import { postEntry } from '../../ledger/ledger.js';
import type { Queryable } from '../../storage/db.js';
import type { OrderRow } from './repo.js';

// The ledger entries of an order's legs. Funds in flight sit in `system:orders`; each leg moves them on.

const orders = { accountId: systemAccounts.orders };

export async function postOrderEntry(tx: Queryable, order: OrderRow, kind: string, postings: Posting[], nowMs: number) {
  await postEntry(tx, { workspaceId: order.workspace_id, kind, reference: order.id, postings, nowMs });
}

/** The conversion at the quoted rate: fees, gas and spread to the brokerage, the rest through liquidity. */
export function conversionPostings(order: OrderRow): Posting[] {
  return movements.convert({
    origin: order.origin_currency,
    originAmount: order.origin_amount,
    fees: order.fee + order.gas_fee,
    spread: order.spread,
    destination: order.destination_currency,
    destinationAmount: order.destination_amount,
  });
}

/** Origin funds that arrived on the rail, taken into the order. */
export const inboundPostings = (order: OrderRow, amount: bigint) =>
  movements.transfer({ accountId: systemAccounts.clearingInbound }, orders, order.origin_currency, amount);

/**
 * Moves an order's funds between its account's balance and the orders account, with balance_updated (a taking
 * that would overdraw is 402 FundsError: the check constraint).
 */
async function balanceMove(
  tx: Queryable,
  order: OrderRow,
  move: { kind: string; toBalance: boolean; currency: string; amount: bigint },
  nowMs: number,
) {
  const balance = { accountId: order.account_id };
  const [from, to] = move.toBalance ? [orders, balance] : [balance, orders];
  await postOrderEntry(tx, order, move.kind, movements.transfer(from, to, move.currency, move.amount), nowMs);
  const email = order.customer_email ?? undefined;
  await recordBalanceUpdated(
    tx,
    { workspaceId: order.workspace_id, accountId: order.account_id, currency: move.currency, userEmail: email },
    nowMs,
  );
}

/** Origin funds taken from the account's balance. */
export const takeFromBalance = (tx: Queryable, order: OrderRow, nowMs: number) =>
  balanceMove(
    tx,
    order,
    { kind: 'order_balance_debit', toBalance: false, currency: order.origin_currency, amount: order.origin_amount },
    nowMs,
  );

/** The destination amount credited to the account's balance (a BALANCE payout). */
export const creditToBalance = (tx: Queryable, order: OrderRow, nowMs: number) =>
  balanceMove(
    tx,
    order,
    {
      kind: 'order_balance_credit',
      toBalance: true,
      currency: order.destination_currency,
      amount: order.destination_amount,
    },
    nowMs,
  );

/** Origin funds given back to the account's balance (a failed payout of a BALANCE-origin order). */
export const refundToBalance = (tx: Queryable, order: OrderRow, nowMs: number) =>
  balanceMove(
    tx,
    order,
    { kind: 'order_refund', toBalance: true, currency: order.origin_currency, amount: order.origin_amount },
    nowMs,
  );

/** The payout left for the rail, or came back from it. */
export const payoutPostings = (order: OrderRow) =>
  movements.transfer(
    orders,
    { accountId: systemAccounts.clearingOutbound },
    order.destination_currency,
    order.destination_amount,
  );
