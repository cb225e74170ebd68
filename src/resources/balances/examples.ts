import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const balancesExamples: ExampleCatalogue = {
  'balances.list': {
    responses: {
      '200': {
        value: {
          balances: [],
        },
      },
    },
    errors: {
      '400': {
        message:
          'query parameter currency must be one of: AVAX, BNB, BTC, CUSD, ETH, EUR, GBP, POL, SOL, TRX, USD, USDC, USDT, XRP',
      },
    },
  },
};
