import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const adminThreadsExamples: ExampleCatalogue = {
  'admin.conversations.create': {
    request: {
      value: {
        workspaceId: '49bc89e7-da1a-4087-a8de-5bdf30242d95',
        endUserEmail: 'carla@example.com',
        subject: 'Proof of address',
        message: 'Please ask Carla for a recent utility bill.',
      },
    },
    responses: {
      '201': {
        value: {
          workspaceId: '49bc89e7-da1a-4087-a8de-5bdf30242d95',
          conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
          endUserEmail: 'carla@example.com',
          subject: 'Proof of address',
          status: 'OPEN',
          openedBy: 'brokerage',
          messageCount: 1,
          createdAt: 1748856674,
          updatedAt: 1748856674,
          messages: [
            {
              messageId: '5aa04ad6-c0c9-4b01-ac80-168c32b082b0',
              conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
              author: 'brokerage',
              message: 'Please ask Carla for a recent utility bill.',
              attachments: [],
              createdAt: 1748856674,
            },
          ],
          lastMessageBy: 'brokerage',
          lastMessageAt: 1748856674,
        },
      },
    },
    errors: {
      '404': {
        message: 'Workspace 25c14297-19c9-46a4-a742-9fb8a4922a8d does not exist',
      },
    },
  },
  'admin.conversations.list': {
    parameters: {
      workspaceId: '49bc89e7-da1a-4087-a8de-5bdf30242d95',
    },
    responses: {
      '200': {
        value: [
          {
            workspaceId: '49bc89e7-da1a-4087-a8de-5bdf30242d95',
            conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
            endUserEmail: 'carla@example.com',
            subject: 'Proof of address',
            status: 'OPEN',
            openedBy: 'brokerage',
            messageCount: 3,
            createdAt: 1748856674,
            updatedAt: 1748856674,
            lastMessageBy: 'brokerage',
            lastMessageAt: 1748856674,
          },
        ],
      },
    },
  },
  'admin.conversations.addMessage': {
    request: {
      value: {
        message: 'Thank you, cleared.',
        attachments: [
          {
            fileName: 'receipt.png',
            content: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          },
        ],
      },
    },
    parameters: {
      conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
    },
    responses: {
      '201': {
        value: {
          messageId: '03bab3e1-3224-4c96-a70c-211d535c5100',
          conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
          author: 'brokerage',
          message: 'Thank you, cleared.',
          attachments: [
            {
              number: 1,
              contentType: 'image/png',
              sizeBytes: 70,
              sha256: 'c414cd0e204de974f73753c7e28d7638e7b3691bb8b1a2bab6b25bb7fed7ce77',
              fileName: 'receipt.png',
            },
          ],
          createdAt: 1748856674,
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '409': {
        message: 'Conversation b81ce1cb-3c7a-415a-848d-70dec2edbde2 is CLOSED: it takes no more messages',
      },
    },
  },
  'admin.conversations.close': {
    parameters: {
      conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
    },
    responses: {
      '200': {
        value: {
          workspaceId: '49bc89e7-da1a-4087-a8de-5bdf30242d95',
          conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
          endUserEmail: 'carla@example.com',
          subject: 'Proof of address',
          status: 'CLOSED',
          openedBy: 'brokerage',
          messageCount: 3,
          createdAt: 1748856674,
          updatedAt: 1748856674,
          messages: [
            {
              messageId: '5aa04ad6-c0c9-4b01-ac80-168c32b082b0',
              conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
              author: 'brokerage',
              message: 'Please ask Carla for a recent utility bill.',
              attachments: [],
              createdAt: 1748856674,
            },
            {
              messageId: '3a1fccec-99ba-4a96-a2fc-2e22b13b7b30',
              conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
              author: 'partner',
              message: 'Attached.',
              attachments: [
                {
                  number: 1,
                  contentType: 'application/pdf',
                  sizeBytes: 50,
                  sha256: '2424e4b37c25d8dac4c66fd4ecd780c717b828582c3f9a9fc718672d2d5e31f1',
                  fileName: 'bill.pdf',
                },
              ],
              createdAt: 1748856674,
            },
          ],
          closedBy: 'brokerage',
          lastMessageBy: 'brokerage',
          lastMessageAt: 1748856674,
          closedAt: 1748856674,
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '409': {
        message: 'Conversation b81ce1cb-3c7a-415a-848d-70dec2edbde2 is CLOSED already',
      },
    },
  },
  'admin.conversations.get': {
    parameters: {
      conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
    },
    responses: {
      '200': {
        value: {
          workspaceId: '49bc89e7-da1a-4087-a8de-5bdf30242d95',
          conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
          endUserEmail: 'carla@example.com',
          subject: 'Proof of address',
          status: 'OPEN',
          openedBy: 'brokerage',
          messageCount: 3,
          createdAt: 1748856674,
          updatedAt: 1748856674,
          messages: [
            {
              messageId: '5aa04ad6-c0c9-4b01-ac80-168c32b082b0',
              conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
              author: 'brokerage',
              message: 'Please ask Carla for a recent utility bill.',
              attachments: [],
              createdAt: 1748856674,
            },
            {
              messageId: '3a1fccec-99ba-4a96-a2fc-2e22b13b7b30',
              conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
              author: 'partner',
              message: 'Attached.',
              attachments: [
                {
                  number: 1,
                  contentType: 'application/pdf',
                  sizeBytes: 50,
                  sha256: '2424e4b37c25d8dac4c66fd4ecd780c717b828582c3f9a9fc718672d2d5e31f1',
                  fileName: 'bill.pdf',
                },
              ],
              createdAt: 1748856674,
            },
          ],
          lastMessageBy: 'brokerage',
          lastMessageAt: 1748856674,
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Conversation e90c2268-821b-4be0-8b19-0b7ba64d812f does not exist',
      },
    },
  },
  'admin.conversations.attachment': {
    parameters: {
      conversationId: 'b81ce1cb-3c7a-415a-848d-70dec2edbde2',
      messageId: '3a1fccec-99ba-4a96-a2fc-2e22b13b7b30',
      number: 1,
    },
    responses: {
      200: {
        content: {
          'image/png': { summary: 'A PNG attachment', value: '(the PNG file, byte for byte)' },
          'image/jpeg': { summary: 'A JPEG attachment', value: '(the JPEG file, byte for byte)' },
          'application/pdf': { summary: 'A PDF attachment', value: '(the PDF file, byte for byte)' },
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
    },
  },
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
