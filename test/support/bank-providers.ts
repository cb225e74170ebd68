// A production providers file that connects two banks by files: EUR collected into a SEPA account and paid out by
// pain.001, USD collected into an ACH account and paid out by NACHA, with manual identity review; and the same file
// with accounts of a test's own (ownBankProviders), for tests whose statements must not follow another test's.

import { ibanCheckDigits } from '../../src/domain/payments/iban.js';
import type { ProvidersFile } from '../../src/providers/providers-file.js';

export const eurAccount = 'DE89370400440532013000';
export const usdAccount = '000123456789';
export const bankProviders: ProvidersFile = {
  collectionAccounts: [
    {
      currency: 'EUR',
      rail: 'SEPA',
      accountHolder: 'Brokerage Collections GmbH',
      iban: eurAccount,
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
    },
    {
      currency: 'USD',
      rail: 'ACH_US',
      beneficiaryName: 'Brokerage Inc',
      routingNumber: '021000021',
      accountNumber: usdAccount,
      bankName: 'JPMorgan Chase',
    },
  ],
  bankPayouts: {
    sepa: { debtorName: 'Brokerage Collections GmbH', iban: eurAccount, bic: 'COBADEFFXXX' },
    ach: {
      immediateDestination: '021000021',
      immediateDestinationName: 'JPMORGAN CHASE',
      immediateOrigin: '1234567890',
      immediateOriginName: 'BROKERAGE INC',
      companyName: 'BROKERAGE INC',
      companyId: '1234567890',
      originatingDfi: '021000021',
      secCode: 'PPD',
      entryDescription: 'PAYOUT',
    },
  },
  verification: { provider: 'manual-review' },
};

/** The BIC of the brokerage's EUR account (Commerzbank). */
export const eurBic = 'COBADEFFXXX';

let lastAccountNumber = 0;

/**
 * A EUR IBAN at the brokerage's bank that no other test uses, so that no other test's statements stand in its chain:
 * its 10-digit account number is the clock's last digits, never one this run has handed out already.
 */
export function ownEurIban(): string {
  lastAccountNumber = Math.max(Date.now() % 1e10, lastAccountNumber + 1);
  const bban = `37040044${String(lastAccountNumber).padStart(10, '0')}`;
  return `DE${ibanCheckDigits('DE', bban)}${bban}`;
}

let lastUsdAccount = 0;

/** A 12-digit USD account number that no other test of this run uses (the clock's last digits). */
export function ownUsdAccountNumber(): string {
  lastUsdAccount = Math.max(Date.now() % 1e12, lastUsdAccount + 1);
  return String(lastUsdAccount).padStart(12, '0');
}

export interface OwnBankOptions {
  /** The EUR collection account (SEPA), from ownEurIban(). */
  readonly iban: string;
  /** The USD collection account's number (ACH, routing 021000021), from ownUsdAccountNumber(); usdAccount when absent. */
  readonly usdAccount?: string;
  /** false: the EUR account alone is configured for collections (default true: USD too). */
  readonly usd?: boolean;
  /** false: pain.001 payouts keep bankProviders' debtor (default true: they are paid from `iban`). */
  readonly paysOutFromIban?: boolean;
}

/** bankProviders with the brokerage's EUR account (and, when asked, its USD one) replaced by a test's own. */
export function ownBankProviders(options: OwnBankOptions): ProvidersFile {
  const { iban, usd = true, paysOutFromIban = true } = options;
  const usdCollection = (bankProviders.collectionAccounts ?? []).filter((account) => account.currency !== 'EUR');
  return {
    ...bankProviders,
    collectionAccounts: [
      {
        currency: 'EUR',
        rail: 'SEPA',
        accountHolder: 'Brokerage Collections GmbH',
        iban,
        bic: eurBic,
        bankName: 'Commerzbank',
      },
      ...(usd
        ? usdCollection.map((account) =>
            options.usdAccount === undefined ? account : { ...account, accountNumber: options.usdAccount },
          )
        : []),
    ],
    ...(paysOutFromIban
      ? {
          bankPayouts: {
            ...bankProviders.bankPayouts,
            sepa: { debtorName: 'Brokerage Collections GmbH', iban, bic: eurBic },
          },
        }
      : {}),
  };
}
