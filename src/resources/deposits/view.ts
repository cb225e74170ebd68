import type { Static } from 'typebox';
import { amountToJson } from '../../domain/money/currency-amount.js';
import { secondsOf } from '../../platform/clock.js';
import type { DepositRow } from './repo.js';
import type { Deposit } from './schema.js';

/** The public deposit object: the same for create, read, list and the deposit events. */
export function depositView(row: DepositRow): Static<typeof Deposit> {
  const number = (minor: bigint) => amountToJson(minor, row.currency);
  return {
    depositId: row.id,
    userData: row.user_data,
    createdAt: secondsOf(Number(row.created_at_ms)),
    ...(row.received_at_ms === null ? {} : { receivedAt: secondsOf(Number(row.received_at_ms)) }),
    rail: row.rail,
    ...(row.expected_amount === null ? {} : { expectedAmount: number(row.expected_amount) }),
    amount: number(row.amount),
    currency: row.currency,
    feeCurrency: row.currency,
    fee: number(row.fee),
    expectedFee: number(row.expected_fee),
    status: row.status,
    depositInfoPending: row.deposit_info_pending,
    depositInfo: row.deposit_info as { depositType: string },
    ...(row.openbanking ? { openbanking: row.openbanking } : {}),
  };
}
