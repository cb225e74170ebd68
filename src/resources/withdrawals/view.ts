import type { Static } from 'typebox';
import { currencyOf } from '../../catalogue/index.js';
import { numberOfMinor } from '../../domain/money/amount.js';
import { secondsOf } from '../../platform/clock.js';
import type { WithdrawalRow } from './repo.js';
import type { Withdrawal } from './schema.js';

export function withdrawalView(row: WithdrawalRow): Static<typeof Withdrawal> {
  const precision = currencyOf(row.currency)?.precision ?? 0;
  return {
    withdrawalId: row.id,
    currency: row.currency,
    amount: numberOfMinor(row.amount, precision),
    fee: numberOfMinor(row.fee, precision),
    feeCurrency: row.currency,
    rail: row.rail,
    status: row.status,
    destinationTransferData: row.destination,
    ...(row.beneficiary === null ? {} : { beneficiary: row.beneficiary }),
    ...(row.failure_reason === null ? {} : { failureReason: row.failure_reason }),
    createdAt: secondsOf(Number(row.created_at_ms)),
    updatedAt: secondsOf(Number(row.updated_at_ms)),
  };
}
