import type { Static } from 'typebox';
import { linkedBankAccountRail } from '../../catalogue/payout-identifiers.js';
import { secondsOf } from '../../platform/clock.js';
import type { BankingAccountReadRow } from './repo.js';
import type { BankingAccount } from './schema.js';

/**
 * The public banking account: what was stored, with the identifiers masked when it was stored, so a read never
 * opens the sealed instrument and a destination stored under earlier rules reads exactly as it was stored.
 */
export function bankingAccountView(row: BankingAccountReadRow): Static<typeof BankingAccount> {
  return {
    bankingAccountId: row.id,
    currency: row.currency,
    rail: row.rail,
    ...(row.label === null ? {} : { label: row.label }),
    ...(row.customer_email === null ? {} : { customerEmail: row.customer_email }),
    last4: row.last4,
    fingerprint: row.fingerprint,
    destinationTransferData: row.transfer_data_masked,
    ...(row.user_data_masked === null ? {} : { destinationUserData: row.user_data_masked }),
    createdAt: secondsOf(Number(row.created_at_ms)),
  };
}

/**
 * destinationTransferData as an order or a withdrawal paid to a banking account shows it: as the partner sent it,
 * never the instrument it resolved to (that would echo the identifiers a banking account's own reads mask).
 */
export const linkedTransferDataView = (bankingAccountId: string): Record<string, string> => ({
  type: linkedBankAccountRail,
  bankingAccountId,
});
