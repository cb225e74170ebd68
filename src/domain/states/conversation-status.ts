// Conversation statuses (the spec shows none): a thread between the brokerage and a partner about one end user.
//   OPEN    either side may write
//   CLOSED  closed by either side: final; nobody writes to it again, a new subject is a new conversation
// Who spoke last (`lastMessageBy`) tells the partner whether the brokerage awaits an answer, so no status for it.

export const conversationStatuses = ['OPEN', 'CLOSED'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

const moves: Readonly<Record<ConversationStatus, readonly ConversationStatus[]>> = {
  OPEN: ['CLOSED'],
  CLOSED: [],
};

export const canMoveConversation = (from: ConversationStatus, to: ConversationStatus): boolean =>
  moves[from].includes(to);

/** Whether a message may be added: only while the conversation is open. */
export const conversationTakesMessages = (status: ConversationStatus): boolean => status === 'OPEN';
