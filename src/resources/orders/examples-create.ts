import { type ExampleCatalogue, idempotencyConflicts, writeLimited } from '../../platform/openapi-examples.js';
import { anaSilvaUserData, sepaDepositInfoAsCreated } from '../deposits/examples.js';
import { brlQuote, usdcQuote } from '../quotes/examples.js';

// Placing an order on each of the two quotes of quotes/examples.ts: the request sends the parties, the answer
// repeats them after the quote's amounts.

/** Bruno Costa as a partner sends him: the beneficiary of the BRL case, its request and its answer. */
const brunoCostaSent = {
  firstName: 'Bruno',
  lastName: 'Costa',
  userEmail: 'bruno.costa@example.com',
  country: 'BR',
  city: 'São Paulo',
  postalCode: '01310-100',
  taxId: '52998224725',
} as const;

/** The USDC case's parties: Ana pays, and the USDC goes to her own wallet on Polygon. Its request and its answer. */
const usdcParties = {
  userData: anaSilvaUserData,
  destinationUserData: anaSilvaUserData,
  destinationTransferData: {
    type: 'MATIC',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
  },
} as const;

/** The BRL case's parties: Ana pays, Bruno receives by PIX. Its request and its answer. */
const brlParties = {
  userData: anaSilvaUserData,
  destinationUserData: brunoCostaSent,
  destinationTransferData: {
    type: 'PIX_BR',
    destinationName: 'Bruno Costa',
    destinationPixCode: 'bruno.costa@example.com',
    destinationTaxId: '52998224725',
  },
} as const;

/** The order placed on `quote`, waiting for the payer's SEPA transfer: the answer to each case. */
const placedOrder = (
  quote: typeof usdcQuote | typeof brlQuote,
  parties: typeof usdcParties | typeof brlParties,
  order: { orderId: string; depositId: string; iban: string; conversionRate: number; tradeOriginAmount: number },
) => ({
  orderId: order.orderId,
  quoteId: quote.quoteId,
  status: 'Pending',
  originCurrency: quote.originCurrency,
  originRail: quote.originNetwork,
  originAmount: quote.originAmount,
  destinationCurrency: quote.destinationCurrency,
  destinationRail: quote.destinationNetwork,
  destinationAmount: quote.destinationAmount,
  conversionRate: order.conversionRate,
  fee: 0,
  expectedFee: quote.fee,
  expectedGasFee: quote.expectedGasFee,
  feeCurrency: quote.feeCurrency,
  ...parties,
  deposit: {
    depositId: order.depositId,
    currency: quote.originCurrency,
    rail: quote.originNetwork,
    expectedAmount: quote.originAmount,
    amount: 0,
    depositInfo: sepaDepositInfoAsCreated(order.depositId, order.iban, quote.originAmount),
  },
  trade: {
    pair: quote.pair,
    conversionRate: order.conversionRate,
    originAmount: order.tradeOriginAmount,
    destinationAmount: quote.destinationAmount,
    status: 'Pending',
  },
  withdraw: {
    currency: quote.destinationCurrency,
    rail: quote.destinationNetwork,
    amount: quote.destinationAmount,
    status: 'Pending',
  },
  payBy: 1748943010,
  createdAt: 1748856610,
  updatedAt: 1748856610,
});

/** Examples of the reference (platform/openapi-examples.ts) for placing an order: its cases and refusals. */
export const orderCreateExamples: ExampleCatalogue = {
  'orders.create': {
    request: {
      cases: {
        usdcOnPolygon: {
          summary: 'The USDC quote, paid out to the payer’s own wallet on Polygon',
          value: { quoteId: usdcQuote.quoteId, ...usdcParties },
        },
        brlByPix: {
          summary: 'The BRL quote, paid by PIX to a beneficiary in Brazil',
          value: { quoteId: brlQuote.quoteId, ...brlParties },
        },
      },
    },
    responses: {
      201: {
        cases: {
          usdcOnPolygon: {
            summary: 'Pending: waiting for the payer’s SEPA transfer',
            value: placedOrder(usdcQuote, usdcParties, {
              orderId: 'PRE5574S31EQ9QV',
              depositId: 'PRECEQVG2HVMTXL',
              iban: 'NL83BRKS0818626984',
              conversionRate: 1.156263,
              tradeOriginAmount: 248.74,
            }),
          },
          brlByPix: {
            summary: 'Pending: waiting for the payer’s SEPA transfer',
            value: placedOrder(brlQuote, brlParties, {
              orderId: 'PREU0OWUOKBDLUN',
              depositId: 'PREPIJSX5I2AKTX',
              iban: 'NL80BRKS7830322090',
              conversionRate: 6.227688984881209,
              tradeOriginAmount: 248.75,
            }),
          },
        },
      },
    },
    errors: {
      402: { message: 'Insufficient EUR balance' },
      403: {
        message: `The payer ${anaSilvaUserData.userEmail} has verification status NOT_AVAILABLE; APPROVED is required`,
      },
      404: { message: `Quote ${usdcQuote.quoteId} does not exist` },
      409: idempotencyConflicts,
      503: writeLimited,
    },
  },
};
