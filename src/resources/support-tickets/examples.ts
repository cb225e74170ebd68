import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/**
 * Ticket 61d93cc0, open with no message yet, as supportTickets.create and .get answer it. supportTickets.close and
 * the operators' tickets (operator/api/examples-tickets.ts) are built on it.
 */
const exampleTicket = {
  ticketId: '61d93cc0-e15a-409b-87a7-f59fc6f0d522',
  subject: 'Payout not received',
  description: 'The beneficiary says nothing arrived.',
  category: 'PAYMENT',
  status: 'OPEN',
  messageCount: 0,
  createdAt: 1748856662,
  updatedAt: 1748856662,
  messages: [],
} as const;

const { messages: _messages, ...withoutMessages } = exampleTicket;
/** exampleTicket before its messages: supportTickets.close, and the operators' tickets (each with a workspaceId first). */
export const exampleTicketWithoutMessages = withoutMessages;

/**
 * The brokerage's question in ticket de732442: the sandbox's reply (simulate.supportTicketReply in
 * simulate/examples.ts), and the ticket as admin.supportTickets.setStatus answers it.
 */
export const ticketQuestion = {
  messageId: '3decfbd3-4785-475a-bb44-b91a67576137',
  ticketId: 'de732442-4c40-4d84-a4c2-80440c90cbc2',
  author: 'brokerage',
  message: 'Which beneficiary bank?',
  createdAt: 1748856663,
} as const;

/** The partner's answer to it: supportTickets.addMessage, and admin.supportTickets.setStatus. */
export const ticketAnswer = {
  ...ticketQuestion,
  messageId: 'c2403c53-070c-4f43-b108-bd7520089722',
  author: 'partner',
  message: 'Banco do Brasil.',
} as const;

/** The refusal of a write to a closed ticket: supportTickets.addMessage and .close, simulate.supportTicketReply, and the operators' writes. */
export const closedTicketRefusal = {
  message:
    'Support ticket 37118bef-6377-4321-b34f-698beba73578 is CLOSED: a closed ticket takes no messages or changes',
} as const;

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
          value: exampleTicket,
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
      ticketId: ticketAnswer.ticketId,
    },
    responses: {
      '201': {
        value: {
          ok: true,
          value: ticketAnswer,
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '409': closedTicketRefusal,
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
            ...exampleTicketWithoutMessages,
            ticketId: '89edba7f-ccf5-4eb7-8889-3c69ae586753',
            status: 'CLOSED',
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
      '409': closedTicketRefusal,
    },
  },
  'supportTickets.get': {
    parameters: {
      ticketId: exampleTicket.ticketId,
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: exampleTicket,
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
