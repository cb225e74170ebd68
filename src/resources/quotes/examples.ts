import { type ExampleCatalogue, exampleNowSeconds } from '../../platform/openapi-examples.js';

// Two quotes as a stage workspace with the default fee (50 bps) answers them: EUR collected by SEPA, paid out as
// USDC on Polygon (MATIC) or as BRL by PIX. fee = 0.5% of the origin amount; destinationAmount = (originAmount -
// fee) x conversionRate, rounded down at the destination's precision (less the gas fee on a crypto payout).

/** EUR 250 by SEPA to USDC on MATIC. orders.create (orders/examples-create.ts) places this very quote. */
export const usdcQuote = {
  quoteId: '1262697a-f0e5-460a-aa8e-bb8b963124c6',
  originCurrency: 'EUR',
  destinationCurrency: 'USDC',
  originNetwork: 'SEPA',
  destinationNetwork: 'MATIC',
  originAmount: 250,
  destinationAmount: 287.608858,
  price: 0.8648551411,
  conversionRate: 1.156263,
  pair: 'EUR/USDC',
  fee: 1.25,
  expectedGasFee: 0.01,
  feeCurrency: 'EUR',
  expireAt: exampleNowSeconds + 30,
} as const;

/** EUR 250 to BRL paid by PIX; orders.create places it too. */
export const brlQuote = {
  quoteId: 'f882737c-b18c-43a5-86c4-f463c35a93e0',
  originCurrency: 'EUR',
  destinationCurrency: 'BRL',
  originNetwork: 'SEPA',
  destinationNetwork: 'PIX_BR',
  originAmount: 250,
  destinationAmount: 1549.13,
  price: 0.1605732082,
  conversionRate: 6.227688985,
  pair: 'EUR/BRL',
  fee: 1.25,
  expectedGasFee: 0,
  feeCurrency: 'EUR',
  expireAt: exampleNowSeconds + 30,
} as const;

export const quotesExamples: ExampleCatalogue = {
  'quotes.create': {
    request: {
      cases: {
        usdcOnPolygon: {
          summary: 'EUR by SEPA to USDC on Polygon (MATIC)',
          value: {
            originCurrency: 'EUR',
            originRail: 'SEPA',
            destinationCurrency: 'USDC',
            destinationRail: 'MATIC',
            originAmount: 250,
          },
        },
        brlByPix: {
          summary: 'EUR to BRL by PIX',
          value: { originCurrency: 'EUR', destinationCurrency: 'BRL', destinationRail: 'PIX_BR', originAmount: 250 },
        },
      },
    },
    responses: {
      201: {
        cases: {
          usdcOnPolygon: { summary: 'EUR by SEPA to USDC on Polygon (MATIC)', value: usdcQuote },
          brlByPix: { summary: 'EUR to BRL by PIX', value: brlQuote },
        },
      },
    },
    errors: {
      400: [
        {
          summary: 'A rail the currency does not offer',
          message:
            'destinationRail PIX_BR is not accepted for USDC; accepted methods: ETH, ARBITRUM, BASE, BSC, MATIC, OPTIMISM, SOL, AVALANCHE, BALANCE',
          numbered: 'invalidParameters',
        },
        {
          summary: 'A currency that cannot be sent',
          message: 'originCurrency COP cannot be used as an origin currency',
          numbered: 'notSupportedCurrency',
        },
      ],
      403: { message: 'Pair EUR/USDT is not enabled for this workspace; GET /v1/pairs lists the enabled pairs' },
      503: [
        {
          summary: 'No price now',
          error: 'ExternalServiceError',
          message: 'The price source ecb-daily-xml has no price for USDC',
        },
        { summary: 'Unexpected failure', message: 'The operation could not be completed; retry later.' },
      ],
    },
  },
};
