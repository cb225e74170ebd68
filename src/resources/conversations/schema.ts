import { Type } from 'typebox';
import { authors } from '../../domain/author.js';
import { documentKinds } from '../../domain/documents/document-kind.js';
import { conversationStatuses } from '../../domain/states/conversation-status.js';
import { limits } from '../../limits.js';
import { named } from '../../platform/components.js';
import { pageSizeDefault, pageSizeMax } from '../../platform/list-query.js';
import { Email, Envelope, Obj, StringEnum, titled } from '../../platform/schema.js';
import { storableText } from '../../platform/storable-text.js';

// Conversations (spec: Conversations). The spec shows the single read and its required `endUserEmail`; the objects,
// the list and the mutations' paths are ours (docs/decisions/api-contract.md, "Conversations and support tickets").

/** Base64 characters of the largest attachment: 4 for every 3 bytes, padded. */
const attachmentBase64LengthMax = Math.ceil(limits.conversationAttachmentMaxBytes / 3) * 4;

/**
 * A message with its largest attachments fits: a route that takes attachments raises its body limit to this
 * (the server's default is limits.bodyLimitBytes).
 */
export const messageBodyLimitBytes = limits.conversationAttachmentsPerMessageMax * attachmentBase64LengthMax + 65_536;

export const MessageText = Type.String({ minLength: 1, maxLength: limits.messageLengthMax, pattern: storableText });
export const Subject = Type.String({ minLength: 1, maxLength: limits.subjectLengthMax, pattern: storableText });

const NewAttachment = Obj({
  fileName: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: storableText,
      description: 'Shown to the reader; the kind is told by the bytes',
    }),
  ),
  content: Type.String({
    minLength: 1,
    maxLength: attachmentBase64LengthMax,
    description: `The file, base64 (RFC 4648, padded): a JPEG, PNG or PDF of at most ${limits.conversationAttachmentMaxBytes} bytes, recognised by its bytes`,
  }),
});

export const NewAttachments = Type.Array(NewAttachment, {
  maxItems: limits.conversationAttachmentsPerMessageMax,
  description: 'JPEG, PNG or PDF files, as the hosted verification page accepts',
});

export const Attachment = named(
  'ConversationAttachment',
  Type.Object({
    number: Type.Integer({
      minimum: 1,
      description: "Its place in the message, from 1: read it at the message's attachments/{number}",
    }),
    fileName: Type.Optional(Type.String()),
    contentType: StringEnum(documentKinds),
    sizeBytes: Type.Integer(),
    sha256: Type.String({ description: 'Lowercase hex SHA-256 of the file' }),
  }),
);

export const Message = named(
  'ConversationMessage',
  Type.Object({
    messageId: Type.String({ format: 'uuid' }),
    conversationId: Type.String({ format: 'uuid' }),
    author: StringEnum(authors, { description: 'partner: written through the API; brokerage: by its operators' }),
    message: Type.String(),
    attachments: Type.Array(Attachment),
    createdAt: Type.Integer({ description: 'Unix seconds' }),
  }),
);

const conversationFields = {
  conversationId: Type.String({ format: 'uuid' }),
  endUserEmail: Type.String({ description: 'The end user the conversation is about' }),
  subject: Type.String(),
  status: StringEnum(conversationStatuses),
  openedBy: StringEnum(authors),
  closedBy: Type.Optional(StringEnum(authors)),
  messageCount: Type.Integer(),
  lastMessageBy: Type.Optional(StringEnum(authors, { description: 'brokerage: an answer is awaited from you' })),
  lastMessageAt: Type.Optional(Type.Integer({ description: 'Unix seconds' })),
  createdAt: Type.Integer({ description: 'Unix seconds' }),
  updatedAt: Type.Integer({ description: 'Unix seconds' }),
  closedAt: Type.Optional(Type.Integer({ description: 'Unix seconds' })),
};

/** A conversation as lists show it: without its messages. */
export const ConversationSummary = named('ConversationSummary', Type.Object(conversationFields));

/** One conversation with every message, oldest first. */
export const Conversation = named(
  'Conversation',
  Type.Object({ ...conversationFields, messages: Type.Array(Message, { description: 'Oldest first' }) }),
);

/** Operators see every workspace's conversations: each names its workspace. */
export const OperatorConversationSummary = titled(
  'Conversation summary',
  Type.Object({ workspaceId: Type.String(), ...conversationFields }),
);
export const OperatorConversation = titled(
  'Conversation',
  Type.Object({
    workspaceId: Type.String(),
    ...conversationFields,
    messages: Type.Array(Message, { description: 'Oldest first' }),
  }),
);

export const ConversationParams = Obj({ conversationId: Type.String({ minLength: 1, maxLength: 64 }) });
export const AttachmentParams = Obj({
  conversationId: Type.String({ minLength: 1, maxLength: 64 }),
  messageId: Type.String({ minLength: 1, maxLength: 64 }),
  number: Type.Integer({ minimum: 1, maximum: limits.conversationAttachmentsPerMessageMax }),
});

export const EndUserQuery = Obj({
  endUserEmail: Type.String({
    format: 'email',
    minLength: 3,
    maxLength: 254,
    description: "Required: the conversation's end user; another one answers 404",
  }),
});

export const ConversationListQuery = Obj({
  endUserEmail: Type.Optional(Email),
  status: Type.Optional(
    Type.Array(StringEnum(conversationStatuses), {
      description: 'One value, or repeated for several',
      maxItems: conversationStatuses.length,
    }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 0, maximum: pageSizeMax, description: `Page size; 0 or absent: ${pageSizeDefault}` }),
  ),
  page: Type.Optional(
    Type.Integer({ minimum: 0, maximum: limits.threadListPageMax, description: 'Page number, from 0' }),
  ),
});

export const OpenConversationRequest = Obj({
  endUserEmail: Email,
  subject: Subject,
  message: MessageText,
  attachments: Type.Optional(NewAttachments),
});

export const AddMessageRequest = Obj({
  endUserEmail: Email,
  message: MessageText,
  attachments: Type.Optional(NewAttachments),
});

export const CloseConversationRequest = Obj({ endUserEmail: Email });

export const ConversationEnvelope = Envelope(Conversation);
export const ConversationsEnvelope = Envelope(Type.Array(ConversationSummary, { description: 'Newest first' }));
export const MessageEnvelope = Envelope(Message);
