import type { Static } from 'typebox';
import { pairOf } from '../../catalogue/index.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import type { OrderStatus } from '../../domain/states/order-status.js';
import { secondsOf } from '../../platform/clock.js';
import { linkedTransferDataView } from '../banking-accounts/view.js';
import type { OrderRow } from './repo.js';
import type { Order, OrderListItem } from './schema.js';
import { maskedBeneficiary } from './sealed-parties.js';

export type LegStatus = 'Pending' | 'Success' | 'Reversed' | 'Cancelled';

const ended: ReadonlySet<OrderStatus> = new Set(['Failed', 'Expired', 'Cancelled', 'Refunded']);

/** A leg is Success once done, Reversed when a refund undid it, Cancelled when the order ended before it ran. */
export function legStatus(row: OrderRow, doneAtMs: bigint | null): LegStatus {
  if (doneAtMs !== null) return row.status === 'Refunded' ? 'Reversed' : 'Success';
  return ended.has(row.status) ? 'Cancelled' : 'Pending';
}

/**
 * An order paid to a banking account may carry its stored beneficiary: shown as the banking account shows it, its
 * tax id masked (the masked form is kept beside the sealed value: sealed-parties.ts). Any other shows it as stored,
 * its sealed fields opened at the edge.
 */
export const beneficiaryView = (row: OrderRow, identity: Record<string, string>) =>
  row.banking_account_id === null ? identity : maskedBeneficiary(identity);

/** Where it pays out: its instrument, or the banking account it names. */
export const destinationView = (row: OrderRow): Record<string, string> =>
  row.banking_account_id === null ? row.destination : linkedTransferDataView(row.banking_account_id);

/** The fee is charged once the conversion ran (and given back by a refund). */
export const feeCharged = (row: OrderRow): boolean => row.traded_at_ms !== null && row.status !== 'Refunded';

/** The payout leg: Reversed when a refund undid a payout that left, else as any leg. */
export const withdrawStatus = (row: OrderRow): LegStatus =>
  row.status === 'Refunded' && row.withdrawn_at_ms !== null ? 'Reversed' : legStatus(row, row.completed_at_ms);

const at = (key: string, ms: bigint | null) => (ms === null ? {} : { [key]: secondsOf(Number(ms)) });

/** The public order object: the same for create, read and the order events (the list adds one field). */
export function orderView(row: OrderRow): Static<typeof Order> {
  const o = (minor: bigint) => amountToJson(minor, row.origin_currency);
  const d = (minor: bigint) => amountToJson(minor, row.destination_currency);
  return {
    orderId: row.id,
    quoteId: row.quote_id,
    status: row.status,
    originCurrency: row.origin_currency,
    originRail: row.origin_rail,
    originAmount: o(row.origin_amount),
    destinationCurrency: row.destination_currency,
    destinationRail: row.destination_rail,
    destinationAmount: d(row.destination_amount),
    conversionRate: Number(row.conversion_rate),
    fee: feeCharged(row) ? o(row.fee) : 0,
    expectedFee: o(row.fee),
    expectedGasFee: o(row.gas_fee),
    feeCurrency: row.origin_currency,
    ...(row.customer_email === null ? {} : { customerEmail: row.customer_email }),
    ...(row.user_data === null ? {} : { userData: row.user_data }),
    ...(row.destination_user_data === null
      ? {}
      : { destinationUserData: beneficiaryView(row, row.destination_user_data) }),
    destinationTransferData: destinationView(row),
    ...(row.external_reference === null ? {} : { externalReference: row.external_reference }),
    deposit: {
      depositId: row.deposit_id,
      currency: row.origin_currency,
      rail: row.origin_rail,
      expectedAmount: o(row.origin_amount),
      amount: o(row.received_amount),
      ...at('receivedAt', row.received_at_ms),
      depositInfo: row.deposit_info as { depositType: string },
    },
    trade: {
      pair: pairOf(row.origin_currency, row.destination_currency),
      conversionRate: Number(row.conversion_rate),
      originAmount: o(row.origin_amount - row.fee - row.gas_fee),
      destinationAmount: d(row.destination_amount),
      status: legStatus(row, row.traded_at_ms),
      ...at('executedAt', row.traded_at_ms),
    },
    withdraw: {
      currency: row.destination_currency,
      rail: row.destination_rail,
      amount: d(row.destination_amount),
      status: withdrawStatus(row),
      ...at('withdrawnAt', row.withdrawn_at_ms),
      ...at('completedAt', row.completed_at_ms),
    },
    ...(row.failure_reason === null ? {} : { failureReason: row.failure_reason }),
    payBy: secondsOf(Number(row.pay_by_ms)),
    createdAt: secondsOf(Number(row.created_at_ms)),
    updatedAt: secondsOf(Number(row.updated_at_ms)),
  };
}

/**
 * A list item as an object. The list page writes it as text (orderListItemJson); this is the definition that text
 * is held to (view-json.test.ts).
 */
export function orderListItem(row: OrderRow): Static<typeof OrderListItem> {
  const view = orderView(row);
  return view.externalReference === undefined ? view : { ...view, externalRefeference: view.externalReference };
}
