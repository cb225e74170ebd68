import { Type } from 'typebox';
import { supportTicketCategories, supportTicketEntityTypes } from '../../catalogue/support-ticket-categories.js';
import { authors } from '../../domain/author.js';
import { supportTicketStatuses } from '../../domain/states/support-ticket-status.js';
import { limits } from '../../limits.js';
import { named } from '../../platform/components.js';
import { pageSizeDefault, pageSizeMax } from '../../platform/list-query.js';
import { Envelope, Obj, StringEnum, titled } from '../../platform/schema.js';
import { storableText } from '../../platform/storable-text.js';

// Support tickets (spec: the support_ticket_* events; the endpoints and objects are not shown, ours are recorded in
// docs/decisions/api-contract.md, "Conversations and support tickets").

export const TicketText = Type.String({ minLength: 1, maxLength: limits.messageLengthMax, pattern: storableText });

export const TicketMessage = named(
  'SupportTicketMessage',
  Type.Object({
    messageId: Type.String({ format: 'uuid' }),
    ticketId: Type.String({ format: 'uuid' }),
    author: StringEnum(authors, {
      description: "partner: written through the API; brokerage: the brokerage's support",
    }),
    message: Type.String(),
    createdAt: Type.Integer({ description: 'Unix seconds' }),
  }),
);

const ticketFields = {
  ticketId: Type.String({ format: 'uuid' }),
  subject: Type.String(),
  description: Type.String(),
  category: StringEnum(supportTicketCategories),
  status: StringEnum(supportTicketStatuses, {
    description: 'OPEN, IN_PROGRESS, WAITING_ON_PARTNER (support awaits your message), RESOLVED, CLOSED (final)',
  }),
  entityType: Type.Optional(StringEnum(supportTicketEntityTypes)),
  entityId: Type.Optional(Type.String()),
  messageCount: Type.Integer(),
  createdAt: Type.Integer({ description: 'Unix seconds' }),
  updatedAt: Type.Integer({ description: 'Unix seconds' }),
  closedAt: Type.Optional(Type.Integer({ description: 'Unix seconds' })),
};

/** A ticket as lists show it: without its messages. */
export const TicketSummary = named('SupportTicketSummary', Type.Object(ticketFields));

/** One ticket with its messages, oldest first. */
export const Ticket = named(
  'SupportTicket',
  Type.Object({ ...ticketFields, messages: Type.Array(TicketMessage, { description: 'Oldest first' }) }),
);

/** Operators see every workspace's tickets: each names its workspace. */
export const OperatorTicketSummary = titled(
  'Support ticket summary',
  Type.Object({ workspaceId: Type.String(), ...ticketFields }),
);
export const OperatorTicket = titled(
  'Support ticket',
  Type.Object({
    workspaceId: Type.String(),
    ...ticketFields,
    messages: Type.Array(TicketMessage, { description: 'Oldest first' }),
  }),
);

export const CreateTicketRequest = Obj({
  subject: Type.String({ minLength: 1, maxLength: limits.subjectLengthMax, pattern: storableText }),
  description: TicketText,
  category: StringEnum(supportTicketCategories),
  entityType: Type.Optional(
    StringEnum(supportTicketEntityTypes, { description: 'With entityId: the payment the ticket is about' }),
  ),
  entityId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: storableText,
      description: 'With entityType: an id of this workspace',
    }),
  ),
});

export const TicketMessageRequest = Obj({ message: TicketText });

export const TicketParams = Obj({ ticketId: Type.String({ minLength: 1, maxLength: 64 }) });

const page = {
  limit: Type.Optional(
    Type.Integer({ minimum: 0, maximum: pageSizeMax, description: `Page size; 0 or absent: ${pageSizeDefault}` }),
  ),
  page: Type.Optional(
    Type.Integer({ minimum: 0, maximum: limits.threadListPageMax, description: 'Page number, from 0' }),
  ),
};

export const StatusFilter = Type.Optional(
  Type.Array(StringEnum(supportTicketStatuses), {
    description: 'One value, or repeated for several',
    maxItems: supportTicketStatuses.length,
  }),
);

export const TicketListQuery = Obj({ status: StatusFilter, ...page });

export const TicketEnvelope = Envelope(Ticket);
export const TicketsEnvelope = Envelope(Type.Array(TicketSummary, { description: 'Newest first' }));
export const TicketMessageEnvelope = Envelope(TicketMessage);
