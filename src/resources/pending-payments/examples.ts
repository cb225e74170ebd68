import type { ExampleCatalogue } from '../../platform/openapi-examples.js';
import { exampleOrder, exampleOrderWithoutPayer } from '../orders/examples.js';

/**
 * Payment 150723a1: EUR 120 to deposit method PRETN4ELNQAIGBK that no order claims yet, as simulate.methodTransfer
 * creates it (simulate/examples.ts). pendingPayments.get shows it linked to an order; the operators' refund
 * (operator/api/examples.ts) shows another like it.
 */
export const examplePendingPayment = {
  transferId: '150723a1-da4f-4825-8559-c6debdeb59a0',
  currency: 'EUR',
  amount: 120,
  status: 'UNMATCHED',
  counterparty: {
    iban: 'DE89370400440532013000',
    name: 'Payer',
  },
  createdAt: 1748856681,
  updatedAt: 1748856681,
  methodId: 'PRETN4ELNQAIGBK',
};

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const pendingPaymentsExamples: ExampleCatalogue = {
  'pendingPayments.createOrder': {
    request: {
      value: {
        quoteId: 'c5f36c79-38e4-4987-8c2a-1820688929dd',
        destinationUserData: {
          firstName: 'Bruno',
          lastName: 'Costa',
          userEmail: 'bruno@example.com',
          country: 'BR',
          city: 'Berlin',
          postalCode: '10115',
          taxId: '52998224725',
          phoneNumber: '+5511999998888',
        },
        destinationTransferData: {
          type: 'PIX_BR',
          destinationName: 'Bruno Costa',
          destinationPixCode: 'bruno@example.com',
          destinationTaxId: '52998224725',
        },
        externalReference: 'PP-1',
      },
    },
    parameters: {
      transferId: examplePendingPayment.transferId,
    },
    responses: {
      '201': {
        value: {
          ...exampleOrderWithoutPayer,
          orderId: 'PRELEYUIGUIE2FB',
          quoteId: 'c5f36c79-38e4-4987-8c2a-1820688929dd',
          status: 'Received',
          originAmount: 120,
          destinationAmount: 743.58,
          expectedFee: 0.6,
          deposit: {
            depositId: 'PREP7BR8D1C513D',
            currency: 'EUR',
            rail: 'SEPA',
            expectedAmount: 120,
            amount: 120,
            depositInfo: {
              depositType: 'PENDING_PAYMENT',
              transferId: examplePendingPayment.transferId,
            },
            receivedAt: 1748856681,
          },
          trade: { ...exampleOrder.trade, originAmount: 119.4, destinationAmount: 743.58 },
          withdraw: { ...exampleOrder.withdraw, amount: 743.58 },
          payBy: 1748943081,
          createdAt: 1748856681,
          updatedAt: 1748856681,
          externalReference: 'PP-1',
        },
      },
    },
    errors: {
      '400': {
        message:
          "quoteId 24ffefc8-06d7-4353-9e23-d9b34798ece0 prices 71 EUR from SEPA; the payment is 70 EUR from a rail: quote exactly the payment's amount",
      },
      '409': {
        message:
          'Pending payment 3cc85b61-a716-4889-b62d-10092fcfd49a has refundStatus pending_approval; it cannot be linked to an order',
      },
    },
  },
  'pendingPayments.list': {
    responses: {
      '200': {
        value: {
          ok: true,
          value: [
            {
              transferId: '8f469afd-c803-46ad-a5e0-7790c356c26d',
              currency: 'EUR',
              amount: 30,
              status: 'UNMATCHED',
              counterparty: {
                iban: 'PT50000201231234567890154',
                name: 'Ana Silva',
              },
              createdAt: 1748856677,
              updatedAt: 1748856677,
              sourceOrderId: 'PREQZFLBZ5XKEFB',
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
  'pendingPayments.count': {
    parameters: {
      currency: 'EUR',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            count: 1,
          },
        },
      },
    },
  },
  'pendingPayments.get': {
    parameters: {
      transferId: examplePendingPayment.transferId,
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            ...examplePendingPayment,
            status: 'LINKED',
            linkedOrderId: 'PRELEYUIGUIE2FB',
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Pending payment 00000000-0000-4000-8000-000000000000 does not exist',
      },
    },
  },
};
