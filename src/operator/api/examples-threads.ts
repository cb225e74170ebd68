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
};
