import { movements, type Posting, systemAccounts } from '../../domain/ledger/entry.js';
import { recordBalanceUpdated } from '../../ledger/balance-updated.js';
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

/** Origin funds taken from the account's balance (402 FundsError when it is short: the check constraint). */
export async function takeFromBalance(tx: Queryable, order: OrderRow, nowMs: number) {
  const postings = movements.transfer(
    { accountId: order.account_id },
    orders,
    order.origin_currency,
    order.origin_amount,
  );
  await postOrderEntry(tx, order, 'order_balance_debit', postings, nowMs);
  await recordBalanceUpdated(
    tx,
    order.workspace_id,
    order.account_id,
    order.origin_currency,
    nowMs,
    order.customer_email ?? undefined,
  );
}

/** The destination amount credited to the account's balance (a BALANCE payout). */
export async function creditToBalance(tx: Queryable, order: OrderRow, nowMs: number) {
  const postings = movements.transfer(
    orders,
    { accountId: order.account_id },
    order.destination_currency,
    order.destination_amount,
  );
  await postOrderEntry(tx, order, 'order_balance_credit', postings, nowMs);
  await recordBalanceUpdated(
    tx,
    order.workspace_id,
    order.account_id,
    order.destination_currency,
    nowMs,
    order.customer_email ?? undefined,
  );
}

/** Origin funds given back to the account's balance (a failed payout of a BALANCE-origin order). */
export async function refundToBalance(tx: Queryable, order: OrderRow, nowMs: number) {
  const postings = movements.transfer(
    orders,
    { accountId: order.account_id },
    order.origin_currency,
    order.origin_amount,
  );
  await postOrderEntry(tx, order, 'order_refund', postings, nowMs);
  await recordBalanceUpdated(
    tx,
    order.workspace_id,
    order.account_id,
    order.origin_currency,
    nowMs,
    order.customer_email ?? undefined,
  );
}

/** The payout left for the rail, or came back from it. */
export const payoutPostings = (order: OrderRow) =>
  movements.transfer(
    orders,
    { accountId: systemAccounts.clearingOutbound },
    order.destination_currency,
    order.destination_amount,
  );
