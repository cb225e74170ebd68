import type { ExampleCatalogue } from '../../platform/openapi-examples.js';
import { anaOrdersUserData, sepaDepositInfo } from '../deposits/examples.js';

// Fixtures other examples build on: an order paid out in BRL by PIX to Bruno Costa, as a read answers it (the
// stored keys' order), and its beneficiary.

/** Bruno Costa, the BRL beneficiary, as an order read back shows him: exampleOrder and every order built on it. */
const brunoCostaUserData = {
  city: 'Berlin',
  taxId: '52998224725',
  country: 'BR',
  lastName: 'Costa',
  firstName: 'Bruno',
  userEmail: 'bruno@example.com',
  postalCode: '10115',
  phoneNumber: '+5511999998888',
} as const;

/** His PIX key, as an order read back shows it: exampleOrder and every order built on it. */
const brunoCostaPixTransferData = {
  type: 'PIX_BR',
  destinationName: 'Bruno Costa',
  destinationTaxId: '52998224725',
  destinationPixCode: 'bruno@example.com',
} as const;

/**
 * Order PRE71WSDG1PE411: EUR 100 by SEPA to BRL 619.65 by PIX, waiting for the payer, as orders.get answers it. The
 * same order at its other steps: the simulate helpers (completed, refunded, expired), pendingPayments.createOrder
 * and the operators' compliance decision (operator/api/examples.ts).
 */
export const exampleOrder = {
  orderId: 'PRE71WSDG1PE411',
  quoteId: '5055b2b9-038c-4195-b819-688679c1844d',
  status: 'Pending',
  originCurrency: 'EUR',
  originRail: 'SEPA',
  originAmount: 100,
  destinationCurrency: 'BRL',
  destinationRail: 'PIX_BR',
  destinationAmount: 619.65,
  conversionRate: 6.227688984881209,
  fee: 0,
  expectedFee: 0.5,
  expectedGasFee: 0,
  feeCurrency: 'EUR',
  destinationTransferData: brunoCostaPixTransferData,
  deposit: {
    depositId: 'PREFJZCDVW0IZTH',
    currency: 'EUR',
    rail: 'SEPA',
    expectedAmount: 100,
    amount: 0,
    depositInfo: sepaDepositInfo('PREFJZCDVW0IZTH', 'NL24BRKS2229999095', 100),
  },
  trade: {
    pair: 'EUR/BRL',
    conversionRate: 6.227688984881209,
    originAmount: 99.5,
    destinationAmount: 619.65,
    status: 'Pending',
  },
  withdraw: {
    currency: 'BRL',
    rail: 'PIX_BR',
    amount: 619.65,
    status: 'Pending',
  },
  payBy: 1748943012,
  createdAt: 1748856612,
  updatedAt: 1748856612,
  userData: anaOrdersUserData,
  destinationUserData: brunoCostaUserData,
};

const { userData: _payer, ...withoutPayer } = exampleOrder;
/**
 * exampleOrder as an order placed with no payer's userData shows it: simulate.completeOrderPayout (paid from the
 * balance) and pendingPayments.createOrder.
 */
export const exampleOrderWithoutPayer = withoutPayer;

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const ordersExamples: ExampleCatalogue = {
  'orders.list': {
    responses: {
      '200': {
        value: [],
      },
    },
    errors: {
      '400': {
        message: 'Unknown query parameter colour',
      },
    },
  },
  'orders.count': {
    responses: {
      '200': {
        value: {
          count: 6,
        },
      },
    },
    errors: {
      '400': {
        message: 'Unknown query parameter colour',
      },
    },
  },
  'orders.get': {
    parameters: {
      orderId: exampleOrder.orderId,
    },
    responses: {
      '200': {
        value: exampleOrder,
      },
    },
    errors: {
      '400': {
        message: 'A path parameter is longer than 254 characters',
      },
      '404': {
        message: 'Order PRE000000000000 does not exist',
      },
    },
  },
  'orders.cancel': {
    parameters: {
      orderId: 'PREUPPR3FBFDPMM',
    },
    responses: {
      '200': {
        value: {
          success: true,
          message: 'Order PREUPPR3FBFDPMM deleted',
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Order AAAAAAAAAAAA does not exist',
      },
      '409': {
        message: 'Order PRE0EANT5JMYKEM is PartiallyPaid; only a Pending order can be deleted',
      },
    },
  },
  'orders.confirmPayin': {
    request: {
      value: {
        orderId: 'PRETNJU2U9UYY9P',
        referenceId: 'UTR123456789',
      },
    },
    parameters: {
      orderId: 'PRETNJU2U9UYY9P',
    },
    responses: {
      '200': {
        value: {},
      },
    },
    errors: {
      '400': {
        message: 'orderId PREOTHER0000000 does not match the order in the path (PREFKER5IQKTAE7)',
      },
      '409': {
        message: 'Order PREFKER5IQKTAE7 collects on SEPA, which takes no payin confirmation',
      },
    },
  },
};
