import { currencyOf } from '../../catalogue/index.js';
import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** The countries EUR is collected and paid out in (SEPA's), as the catalogue holds them: currencies.list. */
const eurCountries = currencyOf('EUR')?.countries ?? [];

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const discoveryExamples: ExampleCatalogue = {
  'pairs.list': {
    responses: {
      200: {
        summary: 'Part of the list',
        value: { pairs: ['EUR/USD', 'EUR/BRL', 'EUR/MXN', 'EUR/USDC', 'USD/EUR', 'USDC/EUR'] },
      },
    },
  },
  'currencies.list': {
    responses: {
      200: {
        summary: 'Two of the currencies',
        value: {
          ok: true,
          value: [
            {
              code: 'EUR',
              name: 'Euro',
              kind: 'fiat',
              precision: 2,
              holdable: true,
              canBeOrigin: true,
              canBeDestination: true,
              payinMethods: [
                {
                  type: 'bank',
                  rail: 'SEPA',
                },
              ],
              acceptedOriginRails: ['SEPA'],
              payoutMethods: [
                {
                  method: 'sepa',
                  rail: 'SEPA',
                  type: 'bank',
                },
                {
                  method: 'balance',
                  rail: 'BALANCE',
                  type: 'balance',
                },
              ],
              countries: eurCountries,
            },
            {
              code: 'USDC',
              name: 'USD Coin',
              kind: 'crypto',
              precision: 6,
              holdable: true,
              canBeOrigin: true,
              canBeDestination: true,
              payinMethods: [
                {
                  type: 'crypto',
                  rail: 'ARBITRUM',
                },
                {
                  type: 'crypto',
                  rail: 'BASE',
                },
                {
                  type: 'crypto',
                  rail: 'BSC',
                },
                {
                  type: 'crypto',
                  rail: 'ETH',
                },
                {
                  type: 'crypto',
                  rail: 'MATIC',
                },
              ],
              acceptedOriginRails: ['ARBITRUM', 'BASE', 'BSC', 'ETH', 'MATIC', 'POLYGON'],
              payoutMethods: [
                {
                  method: 'eth',
                  rail: 'ETH',
                  type: 'crypto',
                },
                {
                  method: 'arbitrum',
                  rail: 'ARBITRUM',
                  type: 'crypto',
                },
                {
                  method: 'base',
                  rail: 'BASE',
                  type: 'crypto',
                },
                {
                  method: 'bsc',
                  rail: 'BSC',
                  type: 'crypto',
                },
                {
                  method: 'matic',
                  rail: 'MATIC',
                  type: 'crypto',
                },
                {
                  method: 'optimism',
                  rail: 'OPTIMISM',
                  type: 'crypto',
                },
                {
                  method: 'sol',
                  rail: 'SOL',
                  type: 'crypto',
                },
                {
                  method: 'avalanche',
                  rail: 'AVALANCHE',
                  type: 'crypto',
                },
                {
                  method: 'balance',
                  rail: 'BALANCE',
                  type: 'balance',
                },
              ],
              countries: [],
            },
          ],
        },
      },
    },
    errors: {
      '400': {
        message: 'Unknown query parameter colour',
      },
    },
  },
  'currencies.payinSchema': {
    parameters: {
      currency: 'BRL',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            currency: 'BRL',
            payinMethods: [
              {
                type: 'pix',
                rail: 'PIX_BR',
              },
              {
                type: 'bank',
                rail: 'BANK_DEPOSIT_BR',
              },
            ],
            acceptedOriginRails: ['PIX_BR', 'BANK_DEPOSIT_BR'],
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'path parameter currency must match pattern "^[A-Z]{3,5}$"',
      },
      '404': {
        message: 'Currency XYZ is not offered',
      },
    },
  },
  'currencies.destinationSchema': {
    parameters: {
      currency: 'USD',
      method: 'achUS',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            currency: 'USD',
            methods: [
              {
                method: 'achUS',
                rail: 'ACH_US',
                type: 'bank',
                fields: [
                  {
                    name: 'destinationName',
                    required: true,
                    type: 'string',
                    description:
                      "Beneficiary's full name: letters (accented allowed) in words separated by single spaces.",
                    acceptedIn: ['destinationTransferData'],
                    pattern: '^\\p{L}[\\p{L}\\p{M}]*( \\p{L}[\\p{L}\\p{M}]*)*$',
                  },
                  {
                    name: 'accountNumber',
                    required: true,
                    type: 'string',
                    description: 'US bank account number, 4 to 17 digits.',
                    acceptedIn: ['destinationTransferData'],
                    pattern: '^[0-9]+$',
                    minLength: 4,
                    maxLength: 17,
                  },
                ],
              },
            ],
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'method achUS is not a payout method of EUR; accepted methods: sepa, balance',
      },
    },
  },
  'currencies.networks': {
    parameters: {
      currency: 'KES',
      rail: 'MOBILE_MONEY_KE',
      rampType: 'deposit',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: [
            {
              id: 'ke-mpesa',
              name: 'Safaricom M-Pesa',
              rail: 'MOBILE_MONEY_KE',
              country: 'KE',
              rampTypes: ['deposit', 'withdraw'],
            },
            {
              id: 'ke-airtel-money',
              name: 'Airtel Money Kenya',
              rail: 'MOBILE_MONEY_KE',
              country: 'KE',
              rampTypes: ['deposit', 'withdraw'],
            },
          ],
        },
      },
    },
    errors: {
      '400': {
        message: 'query parameter country must match pattern "^[A-Z]{2}$"',
      },
      '503': {
        message: 'The corridor network lookup is unavailable; retry with backoff',
        error: 'ExternalServiceError',
      },
    },
  },
  'currencies.limits': {
    parameters: {
      currency: 'EUR',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            currency: 'EUR',
            limits: {
              payin: {
                min: 1,
                max: 100000,
              },
              payout: {
                min: 1,
                max: 100000,
              },
              asOf: '2026-11-21',
            },
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '503': {
        message: 'The corridor limits lookup is unavailable; retry with backoff',
        error: 'ExternalServiceError',
      },
    },
  },
  'currencies.identitySchema': {
    parameters: {
      currency: 'BRL',
      direction: 'payin',
      entityType: 'individual',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            currency: 'BRL',
            direction: 'payin',
            entityType: 'individual',
            required: ['firstName', 'userEmail'],
            optional: ['lastName', 'businessName'],
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'CLP has no payin corridor (it cannot be collected)',
      },
    },
  },
};
