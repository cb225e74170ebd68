import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts) for the operators' side of support tickets. */
export const adminTicketsExamples: ExampleCatalogue = {
  'admin.supportTickets.list': {
    parameters: {
      limit: 500,
    },
    responses: {
      '200': {
        value: [
          {
            workspaceId: '88b155be-221c-4c36-bea4-724110e83107',
            ticketId: 'bb5386c2-9e97-49dd-878a-1effa9be3405',
            subject: 'Payout not received',
            description: 'The beneficiary says nothing arrived.',
            category: 'TECHNICAL',
            status: 'IN_PROGRESS',
            messageCount: 1,
            createdAt: 1748856664,
            updatedAt: 1748856664,
          },
          {
            workspaceId: '35b71040-67a1-4377-ac6f-cd0d05a1fb73',
            ticketId: 'a8d403e4-2743-40bc-935b-1e0fd52af493',
            subject: 'Payout not received',
            description: 'The beneficiary says nothing arrived.',
            category: 'PAYMENT',
            status: 'OPEN',
            messageCount: 0,
            createdAt: 1748856664,
            updatedAt: 1748856664,
          },
        ],
      },
    },
  },
  'admin.supportTickets.get': {
    parameters: {
      ticketId: 'bb5386c2-9e97-49dd-878a-1effa9be3405',
    },
    responses: {
      '200': {
        value: {
          workspaceId: '88b155be-221c-4c36-bea4-724110e83107',
          ticketId: 'bb5386c2-9e97-49dd-878a-1effa9be3405',
          subject: 'Payout not received',
          description: 'The beneficiary says nothing arrived.',
          category: 'TECHNICAL',
          status: 'IN_PROGRESS',
          messageCount: 1,
          createdAt: 1748856664,
          updatedAt: 1748856664,
          messages: [
            {
              messageId: 'a2398558-f0b1-4952-862e-e797cf808f79',
              ticketId: 'bb5386c2-9e97-49dd-878a-1effa9be3405',
              author: 'brokerage',
              message: 'Looking into it.',
              createdAt: 1748856664,
            },
          ],
        },
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
      ticketId: 'bb5386c2-9e97-49dd-878a-1effa9be3405',
    },
    responses: {
      '201': {
        value: {
          messageId: 'a2398558-f0b1-4952-862e-e797cf808f79',
          ticketId: 'bb5386c2-9e97-49dd-878a-1effa9be3405',
          author: 'brokerage',
          message: 'Looking into it.',
          createdAt: 1748856664,
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
  'admin.supportTickets.setStatus': {
    request: {
      value: {
        status: 'RESOLVED',
      },
    },
    parameters: {
      ticketId: 'de732442-4c40-4d84-a4c2-80440c90cbc2',
    },
    responses: {
      '200': {
        value: {
          workspaceId: '59ecb1de-66e4-4635-b2e7-a2537448c86d',
          ticketId: 'de732442-4c40-4d84-a4c2-80440c90cbc2',
          subject: 'Payout not received',
          description: 'The beneficiary says nothing arrived.',
          category: 'PAYMENT',
          status: 'RESOLVED',
          messageCount: 2,
          createdAt: 1748856663,
          updatedAt: 1748856663,
          messages: [
            {
              messageId: '3decfbd3-4785-475a-bb44-b91a67576137',
              ticketId: 'de732442-4c40-4d84-a4c2-80440c90cbc2',
              author: 'brokerage',
              message: 'Which beneficiary bank?',
              createdAt: 1748856663,
            },
            {
              messageId: 'c2403c53-070c-4f43-b108-bd7520089722',
              ticketId: 'de732442-4c40-4d84-a4c2-80440c90cbc2',
              author: 'partner',
              message: 'Banco do Brasil.',
              createdAt: 1748856663,
            },
          ],
        },
      },
    },
    errors: {
      '400': {
        message: 'status must be one of: OPEN, IN_PROGRESS, WAITING_ON_PARTNER, RESOLVED, CLOSED',
      },
      '409': {
        message:
          'Support ticket 37118bef-6377-4321-b34f-698beba73578 is CLOSED: a closed ticket takes no messages or changes',
      },
    },
  },
};
