import type { ExampleCatalogue } from '../../platform/openapi-examples.js';
import { examplePendingPayment } from '../pending-payments/examples.js';
import { closedTicketRefusal, ticketQuestion } from '../support-tickets/examples.js';

/** Who sends the simulated transfers to a deposit and to an order: simulate.depositTransfer and .orderTransfer. */
const anaSilvaCounterparty = {
  name: 'Ana Silva',
  iban: 'PT50000201231234567890154',
} as const;

/** The answer to a simulated transfer: simulate.depositTransfer and .orderTransfer, each with the id it paid. */
const transferAccepted = {
  success: true,
  message: 'Inbound transfer accepted; it settles as success',
} as const;

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const simulateExamples: ExampleCatalogue = {
  'simulate.kyc': {
    request: {
      value: {
        userEmail: 'ana.orders@example.com',
        status: 'APPROVED',
      },
    },
    responses: {
      '200': {
        value: {
          success: true,
          userEmail: 'ana.orders@example.com',
          accountId: 'ana.orders@example.com',
          status: 'APPROVED',
          transitions: [
            {
              previousStatus: 'NOT_AVAILABLE',
              status: 'PENDING',
            },
            {
              previousStatus: 'PENDING',
              status: 'IN_PROGRESS',
            },
          ],
        },
      },
    },
    errors: {
      '400': {
        message: 'status must be one of: NOT_AVAILABLE, PENDING, IN_PROGRESS, REVIEWING, APPROVED, REJECTED',
      },
      '403': {
        message: 'Sandbox simulation is off for this workspace',
      },
      '409': {
        message: 'Cannot move rejected@example.com to APPROVED: verification is REJECTED, a final state',
      },
    },
  },
  'simulate.mailbox': {
    parameters: {
      email: 'flow-approved@example.com',
    },
    responses: {
      '200': {
        value: {
          messages: [
            {
              id: '8a4132a0-401a-4768-af42-9427419e3e7a',
              to: 'flow-approved@example.com',
              subject: 'Your verification code',
              text: 'Your verification code is 888998. It is valid for 10 minutes. If you did not ask for it, ignore this email.',
              createdAt: 1748856657338,
            },
          ],
        },
      },
    },
  },
  'simulate.depositTransfer': {
    request: {
      value: {
        depositId: 'PREMBC4BZL1HVWW',
        amount: 1000,
        counterparty: anaSilvaCounterparty,
      },
    },
    responses: {
      '200': {
        value: { ...transferAccepted, depositId: 'PREMBC4BZL1HVWW' },
      },
    },
    errors: {
      '400': {
        message: 'fromAddress is for crypto origins; EUR takes counterparty',
      },
      '409': {
        message: 'Deposit PRELNYPGQ9PL914 is Failed and accepts no further transfers',
      },
    },
  },
  'simulate.orderTransfer': {
    request: {
      value: {
        orderId: 'PRECJQ9ISWRNUP6',
        amount: 80.85,
        counterparty: anaSilvaCounterparty,
      },
    },
    responses: {
      '200': {
        value: { ...transferAccepted, orderId: 'PRECJQ9ISWRNUP6' },
      },
    },
    errors: {
      '400': {
        message: 'counterparty.accountNumber is not the payer field of EUR; send iban',
      },
      '404': {
        message: 'No route POST /v1/simulate/incoming-transfer/order',
      },
      '409': {
        message: 'Order PRE1BCRX0VKQJV6 is Expired and accepts no further transfers',
      },
    },
  },
  'simulate.methodTransfer': {
    request: {
      value: {
        methodId: examplePendingPayment.methodId,
        amount: examplePendingPayment.amount,
        counterparty: {
          name: 'Payer',
          iban: 'DE89370400440532013000',
        },
      },
    },
    responses: {
      '201': {
        value: examplePendingPayment,
      },
    },
    errors: {
      '409': {
        message: 'Deposit method PRETO2YHEF8W4SC is not active yet',
      },
    },
  },
  'simulate.conversationReply': {
    request: {
      value: {
        message: 'Please send ID.',
      },
    },
    parameters: {
      conversationId: '48e990e6-c3cd-443f-b515-b6a3f14216ef',
    },
    responses: {
      '201': {
        value: {
          messageId: '15146af7-bfcc-42a5-aed8-848b3a9a7706',
          conversationId: '48e990e6-c3cd-443f-b515-b6a3f14216ef',
          author: 'brokerage',
          message: 'Please send ID.',
          attachments: [],
          createdAt: 1748856673,
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '403': {
        message: 'Sandbox simulation is off for this workspace',
      },
      '404': {
        message: 'Conversation 00921129-16d8-4255-a5d6-3bbef71815b8 does not exist',
      },
      '409': {
        message: 'Conversation 48e990e6-c3cd-443f-b515-b6a3f14216ef is CLOSED: it takes no more messages',
      },
    },
  },
  'simulate.supportTicketReply': {
    request: {
      value: {
        message: ticketQuestion.message,
        status: 'WAITING_ON_PARTNER',
      },
    },
    parameters: {
      ticketId: ticketQuestion.ticketId,
    },
    responses: {
      '201': {
        value: ticketQuestion,
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '409': closedTicketRefusal,
    },
  },
};
