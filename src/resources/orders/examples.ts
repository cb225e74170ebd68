import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

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
      orderId: 'PRE71WSDG1PE411',
    },
    responses: {
      '200': {
        value: {
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
          destinationTransferData: {
            type: 'PIX_BR',
            destinationName: 'Bruno Costa',
            destinationTaxId: '52998224725',
            destinationPixCode: 'bruno@example.com',
          },
          deposit: {
            depositId: 'PREFJZCDVW0IZTH',
            currency: 'EUR',
            rail: 'SEPA',
            expectedAmount: 100,
            amount: 0,
            depositInfo: {
              depositType: 'SEPA',
              bic: 'BRKSNL20',
              iban: 'NL24BRKS2229999095',
              amount: 100,
              bankName: 'Brokerage Stage Bank (sandbox)',
              accountHolder: 'Brokerage Stage Collections',
              referenceCode: 'BRKFJZCDVW0IZTH',
            },
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
          userData: {
            city: 'Austin',
            state: 'TX',
            taxId: '52998224725',
            address: '1 Main St',
            country: 'PT',
            lastName: 'Silva',
            firstName: 'Ana',
            userEmail: 'ana.orders@example.com',
            postalCode: '73301',
            phoneNumber: '+254712345678',
          },
          destinationUserData: {
            city: 'Berlin',
            taxId: '52998224725',
            country: 'BR',
            lastName: 'Costa',
            firstName: 'Bruno',
            userEmail: 'bruno@example.com',
            postalCode: '10115',
            phoneNumber: '+5511999998888',
          },
        },
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
