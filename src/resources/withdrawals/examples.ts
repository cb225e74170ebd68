import { type ExampleCatalogue, idempotencyConflicts, writeLimited } from '../../platform/openapi-examples.js';

/** Ana Silva's own account in Portugal, as a partner sends it and as the created payout repeats it: withdrawals.create. */
const anaSilvaSepaAccount = {
  type: 'SEPA',
  destinationName: 'Ana Silva',
  iban: 'PT50000201231234567890154',
  country: 'PT',
  city: 'Lisboa',
  postalCode: '1100-053',
} as const;

/**
 * Withdrawal b64881bc: EUR 10 by SEPA to Bruno Costa in Berlin, on its way, as withdrawals.get answers it (the stored
 * keys' order). The simulate helpers move one like it (simulate/helper-examples.ts).
 */
export const exampleWithdrawal = {
  withdrawalId: 'b64881bc-c1cc-4e47-8ea0-43729e64ac8b',
  currency: 'EUR',
  amount: 10,
  fee: 0,
  feeCurrency: 'EUR',
  rail: 'SEPA',
  status: 'Pending',
  destinationTransferData: {
    city: 'Berlin',
    iban: 'DE89370400440532013000',
    type: 'SEPA',
    country: 'DE',
    postalCode: '10115',
    destinationName: 'Bruno Costa',
  },
  createdAt: 1748856615,
  updatedAt: 1748856615,
};

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const withdrawalsExamples: ExampleCatalogue = {
  'withdrawals.create': {
    request: {
      value: {
        currency: 'EUR',
        amount: 100,
        destinationTransferData: anaSilvaSepaAccount,
      },
    },
    responses: {
      201: {
        summary: 'Pending: the payout is on its way',
        value: {
          ...exampleWithdrawal,
          withdrawalId: '4bf5bd1f-400b-4b62-9b51-705585d28928',
          amount: 100,
          destinationTransferData: anaSilvaSepaAccount,
          createdAt: 1748856610,
          updatedAt: 1748856610,
        },
      },
    },
    errors: {
      402: { message: 'Insufficient EUR balance' },
      403: {
        message:
          'The beneficiary of banking account 9b2f4c1e-7d3a-4e8b-a5c6-1f0e2d3c4b5a has a confirmed sanctions match (AML screening 3c691af5-7856-47a9-818b-cf8fb0d06fcc); no money moves for this account',
      },
      404: { message: 'Banking account 9b2f4c1e-7d3a-4e8b-a5c6-1f0e2d3c4b5a does not exist' },
      409: idempotencyConflicts,
      503: writeLimited,
    },
  },
  'withdrawals.list': {
    responses: {
      '200': {
        value: [],
      },
    },
  },
  'withdrawals.get': {
    parameters: {
      withdrawalId: exampleWithdrawal.withdrawalId,
    },
    responses: {
      '200': {
        value: exampleWithdrawal,
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Withdrawal f9c8f5ec-ca01-45ec-9f72-f223c52eca8f does not exist',
      },
    },
  },
};
