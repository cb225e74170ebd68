import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

// Conversation 9cee9238, opened by the partner for end user ana@example.com, in the pieces its answers arrange in
// different orders: the heading, the times, the last message's author and moment.

/** Conversation 9cee9238's heading: every conversation here starts with it (another id, status or end user). */
const anaConversation = {
  conversationId: '9cee9238-139e-4e2c-8e97-0bc3d80556b5',
  endUserEmail: 'ana@example.com',
  subject: 'Source of funds for order PRE123',
  status: 'OPEN',
  openedBy: 'partner',
} as const;
/** When every conversation here was opened and last changed. */
const stamped = { createdAt: 1748856642, updatedAt: 1748856642 } as const;
/** Who wrote the last message of every conversation here, and when. */
const lastByPartner = { lastMessageBy: 'partner', lastMessageAt: 1748856642 } as const;

/** The partner's first message in conversation 9cee9238: conversations.create and .get; the other messages here build on it. */
const exampleConversationMessage = {
  messageId: '1b1d41f6-b8a6-40d8-ba53-42b16b34c3d6',
  conversationId: anaConversation.conversationId,
  author: 'partner',
  message: 'Our customer asks why the order is held.',
  attachments: [],
  createdAt: 1748856642,
} as const;

/** A message's attachment, by its type: conversations.attachment and the operators' (operator/api/examples-threads.ts). */
export const attachmentDownloads = {
  'image/png': { summary: 'A PNG attachment', value: '(the PNG file, byte for byte)' },
  'image/jpeg': { summary: 'A JPEG attachment', value: '(the JPEG file, byte for byte)' },
  'application/pdf': { summary: 'A PDF attachment', value: '(the PDF file, byte for byte)' },
} as const;

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const conversationsExamples: ExampleCatalogue = {
  'conversations.create': {
    request: {
      value: {
        endUserEmail: 'Ana@Example.com',
        subject: 'Source of funds for order PRE123',
        message: 'Our customer asks why the order is held.',
      },
    },
    responses: {
      '201': {
        value: {
          ok: true,
          value: {
            ...anaConversation,
            messageCount: 1,
            ...lastByPartner,
            ...stamped,
            messages: [exampleConversationMessage],
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'message holds a NUL character or a lone UTF-16 surrogate, which cannot be stored',
      },
      '409': {
        message: 'Idempotency-Key was used with a different payload; use a new key',
        error: 'DuplicityError',
      },
    },
  },
  'conversations.list': {
    responses: {
      '200': {
        value: {
          ok: true,
          value: [
            {
              ...anaConversation,
              conversationId: 'c50e027c-457a-438a-aca8-4b450b5f31ae',
              status: 'CLOSED',
              messageCount: 1,
              ...stamped,
              closedBy: 'partner',
              ...lastByPartner,
              closedAt: 1748856642,
            },
            {
              ...anaConversation,
              conversationId: 'caf9bdc9-f450-4000-8977-3b72cf28175e',
              endUserEmail: 'bruno@example.com',
              messageCount: 1,
              ...stamped,
              ...lastByPartner,
            },
          ],
        },
      },
    },
    errors: {
      '400': {
        message: 'query parameter status[0] must be one of: OPEN, CLOSED',
      },
    },
  },
  'conversations.addMessage': {
    request: {
      value: {
        endUserEmail: 'ana@example.com',
        message: 'Here is the invoice.',
      },
    },
    parameters: {
      conversationId: 'd9497af4-19b8-4880-9698-a2c0c6b1e48c',
    },
    responses: {
      '201': {
        value: {
          ok: true,
          value: {
            ...exampleConversationMessage,
            messageId: '5e26aae5-1a19-45bc-9b8a-53f6c7e79fc0',
            conversationId: 'd9497af4-19b8-4880-9698-a2c0c6b1e48c',
            message: 'Here is the invoice.',
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'Idempotency-Key is required on this write: send a new key for each new request',
      },
      '404': {
        message: 'Conversation e35026f0-c10c-464b-9bc7-da496d390ce2 does not exist',
      },
      '409': [
        {
          message: 'Idempotency-Key was used on POST /v1/conversations; use a new key',
          error: 'DuplicityError',
        },
        {
          message: 'Conversation 374abc10-dce5-4765-885b-ecd3f7803756 is CLOSED: it takes no more messages',
        },
        {
          message: 'A request with this Idempotency-Key failed during execution; verify state, then use a new key',
          error: 'DuplicityError',
        },
      ],
    },
  },
  'conversations.close': {
    request: {
      value: {
        endUserEmail: 'ana@example.com',
      },
    },
    parameters: {
      conversationId: 'c50e027c-457a-438a-aca8-4b450b5f31ae',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            ...anaConversation,
            conversationId: 'c50e027c-457a-438a-aca8-4b450b5f31ae',
            status: 'CLOSED',
            closedBy: 'partner',
            messageCount: 1,
            ...lastByPartner,
            ...stamped,
            closedAt: 1748856642,
            messages: [
              {
                ...exampleConversationMessage,
                messageId: '6d6c5065-c910-4c23-8d8b-6a697508f8e8',
                conversationId: 'c50e027c-457a-438a-aca8-4b450b5f31ae',
              },
            ],
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'Idempotency-Key is required on this write: send a new key for each new request',
      },
      '409': {
        message: 'Conversation 374abc10-dce5-4765-885b-ecd3f7803756 is CLOSED already',
      },
    },
  },
  'conversations.get': {
    parameters: {
      conversationId: anaConversation.conversationId,
      endUserEmail: anaConversation.endUserEmail,
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            ...anaConversation,
            messageCount: 1,
            ...stamped,
            messages: [exampleConversationMessage],
            ...lastByPartner,
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'query parameter endUserEmail is required',
      },
      '404': {
        message: 'Conversation 9f185146-1789-4009-a8d5-0e32c58d516c does not exist for end user bruno@example.com',
      },
    },
  },
  'conversations.attachment': {
    parameters: {
      conversationId: 'f16b817a-5ca9-4ad2-9e4f-51c81a1d40f0',
      messageId: '023f703c-b168-48be-bae7-7d40c1c84df7',
      number: 1,
      endUserEmail: 'ana@example.com',
    },
    responses: {
      200: {
        content: attachmentDownloads,
      },
    },
    errors: {
      '400': {
        message: 'query parameter endUserEmail is required',
      },
      '404': [
        {
          message: 'Conversation f16b817a-5ca9-4ad2-9e4f-51c81a1d40f0 does not exist for end user bruno@example.com',
        },
        {
          message: 'Message 35449ebb-bc97-4058-98f0-39fc29bbfcbe has no attachment 1',
        },
      ],
    },
  },
};
