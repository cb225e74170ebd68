import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const openbankingExamples: ExampleCatalogue = {
  'openbanking.webForm': {
    request: {
      value: {
        language: 'en',
      },
    },
    parameters: {
      id: 'PRERZ52J4OA2NHW',
    },
    responses: {
      '200': {
        value: {
          orderId: 'PRERZ52J4OA2NHW',
          webForm: 'https://pay.example.test/pay/OQgbxhqgS9JRezBbTabFCL1J-2dJK38lfLF2zREVKPg',
          embed:
            '<iframe src="https://pay.example.test/pay/OQgbxhqgS9JRezBbTabFCL1J-2dJK38lfLF2zREVKPg" title="Pay by bank" width="100%" height="640" allow="payment"></iframe>',
          usage:
            'Redirect the payer to webForm, or embed it with the iframe in embed. The link pays once and expires at 2026-11-25T23:39:22.456Z (30 minutes) unless paid; a new web form replaces it.',
        },
      },
    },
    errors: {
      '400': {
        message:
          'Deposit PREWSIUW18P6A7J collects USD over ACH_US; open banking pays EUR over SEPA and GBP over GBP_BANK_TRANSFER only',
        numbered: 'invalidParameters',
      },
      '404': {
        message: 'Deposit PRE000000000000 does not exist',
      },
      '409': [
        {
          message: 'An open banking payment of PRE481LNBVFCPOY is being settled; read its status',
        },
        {
          message: 'Deposit PRE75732GPD4P7H is Cancelled: it accepts no further funds',
        },
        {
          message: 'Order PRE1K2H4VLAWNH5 is Cancelled: it accepts no further funds',
        },
      ],
      '503': {
        message: 'No open banking provider is available in this environment yet; collect by bank transfer',
        error: 'ExternalServiceError',
      },
    },
  },
  'openbanking.status': {
    parameters: {
      id: 'PRE9Y7XA8IZC600',
    },
    responses: {
      '200': {
        value: {
          success: true,
          orderId: 'PRE9Y7XA8IZC600',
          openbanking: {
            sessionId: '466d8582-5574-432a-aeee-625f5a98910b',
            status: 'CREATED',
            currency: 'EUR',
            language: 'en',
            createdAt: 1748856682,
            updatedAt: 1748856682,
            expireAt: 1748858482,
            amount: 1234.5,
          },
          metadata: {
            entityType: 'deposit',
            currency: 'EUR',
            entityStatus: 'Pending',
            amount: 1234.5,
          },
          note: 'Waiting for the payer to pay through the web form; it expires at 2026-11-25T23:39:22.000Z.',
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Deposit PRE000000000000 does not exist',
      },
    },
  },
};
