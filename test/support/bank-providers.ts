// A production providers file that connects two banks by files: EUR collected into a SEPA account and paid out by
// pain.001, USD collected into an ACH account and paid out by NACHA, with manual identity review.

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
