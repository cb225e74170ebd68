import type { ExampleCatalogue } from '../../platform/openapi-examples.js';
import {
  closedTicketRefusal,
  exampleTicketWithoutMessages,
  ticketAnswer,
  ticketQuestion,
} from '../../resources/support-tickets/examples.js';

// The partner's tickets of resources/support-tickets/examples.ts as an operator sees them: each in its workspace.

/** Ticket bb5386c2, which an operator took up: admin.supportTickets.list, and .get with its message. */
const takenUpTicket = {
  workspaceId: '88b155be-221c-4c36-bea4-724110e83107',
  ...exampleTicketWithoutMessages,
  ticketId: 'bb5386c2-9e97-49dd-878a-1effa9be3405',
  category: 'TECHNICAL',
  status: 'IN_PROGRESS',
  messageCount: 1,
  createdAt: 1748856664,
  updatedAt: 1748856664,
} as const;

/** The operator's message in it: admin.supportTickets.addMessage, and .get. */
const lookingIntoIt = {
  messageId: 'a2398558-f0b1-4952-862e-e797cf808f79',
  ticketId: takenUpTicket.ticketId,
  author: 'brokerage',
  message: 'Looking into it.',
  createdAt: 1748856664,
} as const;

/** Examples of the reference (platform/openapi-examples.ts) for the operators' side of support tickets. */
export const adminTicketsExamples: ExampleCatalogue = {
  'admin.supportTickets.list': {
    parameters: {
      limit: 500,
    },
    responses: {
      '200': {
        value: [
          takenUpTicket,
          {
            workspaceId: '35b71040-67a1-4377-ac6f-cd0d05a1fb73',
            ...exampleTicketWithoutMessages,
            ticketId: 'a8d403e4-2743-40bc-935b-1e0fd52af493',
            createdAt: 1748856664,
            updatedAt: 1748856664,
          },
        ],
      },
    },
  },
  'admin.supportTickets.get': {
    parameters: {
      ticketId: takenUpTicket.ticketId,
    },
    responses: {
      '200': {
        value: { ...takenUpTicket, messages: [lookingIntoIt] },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Support ticket 2a1b675c-7c95-4ca7-9f1c-ff795e31c347 does not exist',
      },
    },
  },
  'admin.supportTickets.addMessage': {
    request: {
      value: {
        message: 'Looking into it.',
        status: 'IN_PROGRESS',
      },
    },
    parameters: {
      ticketId: takenUpTicket.ticketId,
    },
    responses: {
      '201': {
        value: lookingIntoIt,
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '409': closedTicketRefusal,
    },
  },
  'admin.supportTickets.setStatus': {
    request: {
      value: {
        status: 'RESOLVED',
      },
    },
    parameters: {
      ticketId: ticketQuestion.ticketId,
    },
    responses: {
      '200': {
        value: {
          workspaceId: '59ecb1de-66e4-4635-b2e7-a2537448c86d',
          ...exampleTicketWithoutMessages,
          ticketId: ticketQuestion.ticketId,
          status: 'RESOLVED',
          messageCount: 2,
          createdAt: 1748856663,
          updatedAt: 1748856663,
          messages: [ticketQuestion, ticketAnswer],
        },
      },
    },
    errors: {
      '400': {
        message: 'status must be one of: OPEN, IN_PROGRESS, WAITING_ON_PARTNER, RESOLVED, CLOSED',
      },
      '409': closedTicketRefusal,
    },
  },
};
