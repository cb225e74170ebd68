import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** John Smith's savings account at Chase, as a partner sends it: bankingAccounts.create, whose answer masks the number. */
const johnSmithAchAccount = {
  type: 'ACH_US',
  destinationName: 'John Smith',
  accountNumber: '123456789',
  routingNumber: '021000021',
  country: 'US',
  city: 'New York',
  postalCode: '10001',
  state: 'NY',
  address: '350 Fifth Avenue',
  accountType: 'PERSONAL',
  bankAccountType: 'SAVINGS',
} as const;

/** John Smith as a partner sends him: bankingAccounts.create, whose answer masks his tax id. */
const johnSmithUserData = {
  firstName: 'John',
  lastName: 'Smith',
  userEmail: 'john.smith@example.com',
  country: 'US',
  city: 'New York',
  postalCode: '10001',
  taxId: '123-45-6789',
} as const;

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const bankingAccountsExamples: ExampleCatalogue = {
  'bankingAccounts.create': {
    request: {
      value: {
        currency: 'USD',
        destinationTransferData: johnSmithAchAccount,
        destinationUserData: johnSmithUserData,
        label: 'John at Chase',
      },
    },
    responses: {
      '201': {
        value: {
          ok: true,
          value: {
            bankingAccountId: '7441eade-bce8-4b23-8622-0bda6fda49bd',
            currency: 'USD',
            rail: 'ACH_US',
            last4: '6789',
            fingerprint: 'z3oIERhqbE4anHwQfR7rnA',
            destinationTransferData: { ...johnSmithAchAccount, accountNumber: '****6789' },
            createdAt: 1748856664,
            label: 'John at Chase',
            destinationUserData: { ...johnSmithUserData, taxId: '****6789' },
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'currency ZZZ has no bank payout rail: a banking account holds a fiat payout destination',
        numbered: 'notSupportedCurrency',
      },
      '409': {
        message:
          'This account is already stored as banking account 174a2a7d-32b0-4e28-b9f9-b479fbf70c77 for the same owner; reuse it',
        error: 'DuplicityError',
      },
    },
  },
  'bankingAccounts.list': {
    responses: {
      '200': {
        value: {
          ok: true,
          value: [
            {
              bankingAccountId: '174a2a7d-32b0-4e28-b9f9-b479fbf70c77',
              currency: 'USD',
              rail: 'ACH_US',
              last4: '6789',
              fingerprint: 'bgQVGtHyKb5raqQ4X8VYhA',
              destinationTransferData: {
                city: 'New York',
                type: 'ACH_US',
                state: 'NY',
                address: '350 Fifth Avenue',
                country: 'US',
                postalCode: '10001',
                accountType: 'PERSONAL',
                accountNumber: '****6789',
                routingNumber: '021000021',
                bankAccountType: 'SAVINGS',
                destinationName: 'John Smith',
              },
              createdAt: 1748856665,
              destinationUserData: {
                city: 'New York',
                taxId: '****6789',
                country: 'US',
                lastName: 'Smith',
                firstName: 'John',
                userEmail: 'john.smith@example.com',
                postalCode: '10001',
              },
            },
          ],
        },
      },
    },
    errors: {
      '400': {
        message: 'Unknown query parameter status',
      },
    },
  },
  'bankingAccounts.get': {
    parameters: {
      bankingAccountId: 'aecfe78d-0edb-49b9-b1ce-4ffbf560dc65',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            bankingAccountId: 'aecfe78d-0edb-49b9-b1ce-4ffbf560dc65',
            currency: 'EUR',
            rail: 'SEPA',
            last4: '2606',
            fingerprint: '5TUWY1m2hYB1L1tK2UAE5w',
            destinationTransferData: {
              city: 'Paris',
              iban: '****2606',
              type: 'SEPA',
              country: 'FR',
              postalCode: '75001',
              destinationName: 'Marie Dupont',
            },
            createdAt: 1748856664,
            customerEmail: 'sepa@example.com',
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Banking account f2e057dc-cf3e-472a-ade2-15bd24f3a814 does not exist',
      },
    },
  },
  'bankingAccounts.delete': {
    parameters: {
      bankingAccountId: 'f7b77e62-1bc9-4780-bd9a-1b4aecaecaca',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            bankingAccountId: 'f7b77e62-1bc9-4780-bd9a-1b4aecaecaca',
            deleted: true,
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Banking account f7b77e62-1bc9-4780-bd9a-1b4aecaecaca does not exist',
      },
    },
  },
};
