import type { ExampleCatalogue } from '../../platform/openapi-examples.js';
import { attachmentDownloads } from '../../resources/conversations/examples.js';

// Conversation b81ce1cb, opened by the brokerage for end user carla@example.com, in the pieces its answers arrange
// in different orders: the heading, the times, the last message's author and moment, and its first two messages.

const workspaceId = '49bc89e7-da1a-4087-a8de-5bdf30242d95';
const conversationId = 'b81ce1cb-3c7a-415a-848d-70dec2edbde2';

/** Conversation b81ce1cb's heading: every answer here that shows the conversation starts with it. */
const carlaConversation = {
  workspaceId,
  conversationId,
  endUserEmail: 'carla@example.com',
  subject: 'Proof of address',
  status: 'OPEN',
  openedBy: 'brokerage',
} as const;
/** When it was opened and last changed: every answer that shows the conversation. */
const stamped = { createdAt: 1748856674, updatedAt: 1748856674 } as const;
/** Who wrote its last message, and when: every answer that shows the conversation. */
const lastByBrokerage = { lastMessageBy: 'brokerage', lastMessageAt: 1748856674 } as const;

/** The brokerage's question that opened it: admin.conversations.create, .close and .get. */
const carlaAsked = {
  messageId: '5aa04ad6-c0c9-4b01-ac80-168c32b082b0',
  conversationId,
  author: 'brokerage',
  message: 'Please ask Carla for a recent utility bill.',
  attachments: [],
  createdAt: 1748856674,
} as const;

/** The partner's answer with the bill: admin.conversations.close and .get. */
const billAttached = {
  messageId: '3a1fccec-99ba-4a96-a2fc-2e22b13b7b30',
  conversationId,
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
} as const;

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const adminThreadsExamples: ExampleCatalogue = {
  'admin.conversations.create': {
    request: {
      value: {
        workspaceId,
        endUserEmail: carlaConversation.endUserEmail,
        subject: carlaConversation.subject,
        message: carlaAsked.message,
      },
    },
    responses: {
      '201': {
        value: {
          ...carlaConversation,
          messageCount: 1,
          ...stamped,
          messages: [carlaAsked],
          ...lastByBrokerage,
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
    parameters: { workspaceId },
    responses: {
      '200': {
        value: [{ ...carlaConversation, messageCount: 3, ...stamped, ...lastByBrokerage }],
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
    parameters: { conversationId },
    responses: {
      '201': {
        value: {
          messageId: '03bab3e1-3224-4c96-a70c-211d535c5100',
          conversationId,
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
    parameters: { conversationId },
    responses: {
      '200': {
        value: {
          ...carlaConversation,
          status: 'CLOSED',
          messageCount: 3,
          ...stamped,
          messages: [carlaAsked, billAttached],
          closedBy: 'brokerage',
          ...lastByBrokerage,
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
    parameters: { conversationId },
    responses: {
      '200': {
        value: {
          ...carlaConversation,
          messageCount: 3,
          ...stamped,
          messages: [carlaAsked, billAttached],
          ...lastByBrokerage,
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
      conversationId,
      messageId: billAttached.messageId,
      number: 1,
    },
    responses: {
      200: {
        content: attachmentDownloads,
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
    },
  },
};
