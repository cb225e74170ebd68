import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const supportTicketsExamples: ExampleCatalogue = {
  'supportTickets.create': {
    request: {
      value: {
        subject: 'Payout not received',
        description: 'The beneficiary says nothing arrived.',
        category: 'PAYMENT',
      },
    },
    responses: {
      '201': {
        value: {
          ok: true,
          value: {
            ticketId: '61d93cc0-e15a-409b-87a7-f59fc6f0d522',
            subject: 'Payout not received',
            description: 'The beneficiary says nothing arrived.',
            category: 'PAYMENT',
            status: 'OPEN',
            messageCount: 0,
            createdAt: 1748856662,
            updatedAt: 1748856662,
            messages: [],
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'entityType and entityId go together: send both to name the payment, or neither',
      },
      '404': [
        {
          message: 'Order PRE000000000000 does not exist',
        },
        {
          message: 'Deposit PRE000000000000 does not exist',
        },
        {
          message: 'Withdrawal 452a8a7d-2fb8-4a36-988b-05b32066743f does not exist',
        },
      ],
      '409': {
        message: 'Idempotency-Key was used with a different payload; use a new key',
        error: 'DuplicityError',
      },
    },
  },
  'supportTickets.list': {
    responses: {
      '200': {
        value: {
          ok: true,
          value: [],
        },
      },
    },
    errors: {
      '400': {
        message: 'query parameter status[0] must be one of: OPEN, IN_PROGRESS, WAITING_ON_PARTNER, RESOLVED, CLOSED',
      },
    },
  },
  'supportTickets.addMessage': {
    request: {
      value: {
        message: 'Banco do Brasil.',
      },
    },
    parameters: {
      ticketId: 'de732442-4c40-4d84-a4c2-80440c90cbc2',
    },
    responses: {
      '201': {
        value: {
          ok: true,
          value: {
            messageId: 'c2403c53-070c-4f43-b108-bd7520089722',
            ticketId: 'de732442-4c40-4d84-a4c2-80440c90cbc2',
            author: 'partner',
            message: 'Banco do Brasil.',
            createdAt: 1748856663,
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '409': {
        message:
          'Support ticket 37118bef-6377-4321-b34f-698beba73578 is CLOSED: a closed ticket takes no messages or changes',
      },
    },
  },
  'supportTickets.close': {
    parameters: {
      ticketId: '89edba7f-ccf5-4eb7-8889-3c69ae586753',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            ticketId: '89edba7f-ccf5-4eb7-8889-3c69ae586753',
            subject: 'Payout not received',
            description: 'The beneficiary says nothing arrived.',
            category: 'PAYMENT',
            status: 'CLOSED',
            messageCount: 0,
            createdAt: 1748856663,
            updatedAt: 1748856663,
            closedAt: 1748856663,
            messages: [],
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Support ticket 6f2e132a-fe09-4ad9-abfc-5d2277a6d212 does not exist',
      },
      '409': {
        message:
          'Support ticket 37118bef-6377-4321-b34f-698beba73578 is CLOSED: a closed ticket takes no messages or changes',
      },
    },
  },
  'supportTickets.get': {
    parameters: {
      ticketId: '61d93cc0-e15a-409b-87a7-f59fc6f0d522',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            ticketId: '61d93cc0-e15a-409b-87a7-f59fc6f0d522',
            subject: 'Payout not received',
            description: 'The beneficiary says nothing arrived.',
            category: 'PAYMENT',
            status: 'OPEN',
            messageCount: 0,
            createdAt: 1748856662,
            updatedAt: 1748856662,
            messages: [],
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Support ticket 6f2e132a-fe09-4ad9-abfc-5d2277a6d212 does not exist',
      },
    },
  },
};
