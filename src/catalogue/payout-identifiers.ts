import { payoutRailByRail } from './payout-rails/index.js';
import type { CurrencyEntry, PayoutRailEntry, PayoutRailKind } from './types.js';

// Which payout-instrument fields identify an account, as data, for stored destinations (banking accounts). The
// spec asks that their reads never echo a full account identifier (IBAN, account number, CLABE, CCI, PIX key, tax
// id) and show the last four characters and a stable fingerprint instead, as card and bank APIs do.

/**
 * The kinds of payout rail a banking account may hold: fiat instruments that reach an account at an institution.
 * Crypto addresses and BALANCE are not banking accounts (decided 2026-11-25, docs/decisions/).
 */
export const storablePayoutRailKinds: readonly PayoutRailKind[] = ['bank', 'pix', 'phone', 'mobileMoney'];

/**
 * The destination rail naming a stored destination (spec: LINKED_BANK_ACCOUNT, among the destination rail values):
 * `destinationTransferData: { type: LINKED_BANK_ACCOUNT, bankingAccountId }`. It has no field set of its own; the
 * banking account's rail is the one paid out by.
 */
export const linkedBankAccountRail = 'LINKED_BANK_ACCOUNT';

/** The payout rails of a currency a banking account may hold, in the currency's order. */
export const storablePayoutRailsOf = (currency: CurrencyEntry): PayoutRailEntry[] =>
  currency.payoutRails.flatMap((rail) => {
    const entry = payoutRailByRail(rail);
    return entry !== undefined && storablePayoutRailKinds.includes(entry.kind) ? [entry] : [];
  });

/**
 * destinationTransferData keys that reach one account or wallet, in the order the main one is chosen: the first of
 * them a rail has is the identifier whose last four characters and fingerprint a read shows. A CLABE is
 * destinationBankAccountNumber (BANK_DEPOSIT_MX), a CCI destinationCCI, a PIX key destinationPixCode; a wallet is
 * addressed by destinationPhone (mobile money, phone deposits).
 */
export const accountIdentifierKeys = [
  'iban',
  'accountNumber',
  'destinationBankAccountNumber',
  'destinationBankAccount',
  'destinationCCI',
  'destinationPixCode',
  'destinationBreBKey',
  'destinationPhone',
] as const;

/**
 * destinationTransferData keys that name the institution holding the account: an account number is unique only
 * within its bank (or branch, or mobile operator), so a rail's required ones take part in the fingerprint.
 */
export const institutionKeys = [
  'routingNumber',
  'sortCode',
  'bic',
  'destinationBankCode',
  'destinationBankBranch',
  'destinationNetworkId',
] as const;

/** destinationTransferData keys a stored-destination read masks: the account identifiers and the tax id. */
export const confidentialTransferKeys: readonly string[] = [...accountIdentifierKeys, 'destinationTaxId'];

/**
 * Party identity (destinationUserData) keys a stored-destination read masks: the tax id, and a date of birth under
 * any of its usual names (the identity is free-form; issue #28: none is kept readable, not even in a masked copy).
 */
export const confidentialIdentityKeys: readonly string[] = ['taxId', 'dob', 'dateOfBirth', 'birthDate', 'birthdate'];

/** One payout rail under two names (spec: BANK_DEPOSIT_COL is the same payout rail as ACH_COP). */
export const samePayoutRailAs: Readonly<Record<string, string>> = { BANK_DEPOSIT_COL: 'ACH_COP' };
