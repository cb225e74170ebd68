import type { Static } from 'typebox';
import { amountToJson } from '../../domain/money/currency-amount.js';
import { secondsOf } from '../../platform/clock.js';
import { linkedTransferDataView } from '../banking-accounts/view.js';
import type { WithdrawalRow } from './repo.js';
import type { Withdrawal } from './schema.js';

export function withdrawalView(row: WithdrawalRow): Static<typeof Withdrawal> {
  return {
    withdrawalId: row.id,
    currency: row.currency,
    amount: amountToJson(row.amount, row.currency),
    fee: amountToJson(row.fee, row.currency),
    feeCurrency: row.currency,
    rail: row.rail,
    status: row.status,
    destinationTransferData:
      row.banking_account_id === null ? row.destination : linkedTransferDataView(row.banking_account_id),
    ...(row.beneficiary === null ? {} : { beneficiary: row.beneficiary }),
    ...(row.failure_reason === null ? {} : { failureReason: row.failure_reason }),
    createdAt: secondsOf(Number(row.created_at_ms)),
    updatedAt: secondsOf(Number(row.updated_at_ms)),
  };
}
