import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { Author } from '../../domain/author.js';
import { authorization, existence, stateError } from '../../domain/errors.js';
import { canMoveConversation, conversationTakesMessages } from '../../domain/states/conversation-status.js';
import { recordEvent } from '../../events/outbox.js';
import { auditChange } from '../../platform/audit/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Queryable } from '../../storage/db.js';
import type { CheckedAttachment } from './attachments.js';
import {
  type ConversationRow,
  closeConversationRow,
  findConversation,
  findMessage,
  insertConversation,
  insertMessage,
  type MessageRow,
  messagesOf,
} from './repo.js';
import { attachmentsOf, findAttachment, insertAttachments } from './repo-attachments.js';
import type { Conversation, Message } from './schema.js';
import { conversationSummaryView, conversationView, messageView } from './view.js';

// The conversation use cases, shared by both sides: the partner (routes.ts), the brokerage's operators
// (admin/conversation-routes.ts) and, in stage, the simulator playing the brokerage. Every message, from either
// side, is recorded with `conversation_message_added` in its own transaction.

type ConversationOut = Static<typeof Conversation>;
type MessageOut = Static<typeof Message>;

/**
 * Called last inside a write's transaction with its answer: a keyed write stores the answer with its key there
 * (platform/idempotency.ts, Commit), so that the key and the change commit together.
 */
export type Finish<T> = (tx: Queryable, answer: T) => Promise<void>;
const nothingMore = async () => {};

export interface NewMessage {
  readonly author: Author;
  readonly message: string;
  readonly attachments: readonly CheckedAttachment[];
}

/** The conversation with its messages and what their attachments are, as one conversation is shown. */
export async function loadConversation(db: Queryable, row: ConversationRow): Promise<ConversationOut> {
  const messages = await messagesOf(db, row.id);
  return conversationView(
    row,
    messages,
    await attachmentsOf(
      db,
      messages.map((m) => m.id),
    ),
  );
}

/**
 * A conversation as the partner names it: 404 when none exists, 401 when it belongs to another workspace (as every
 * foreign id), 404 when `endUserEmail` is not its end user (spec: the read takes the end user's email).
 */
export async function partnerConversation(
  db: Queryable,
  workspaceId: string,
  id: string,
  endUserEmail: string,
): Promise<ConversationRow> {
  const row = await findConversation(db, id);
  if (!row) throw existence(`Conversation ${id} does not exist`);
  if (row.workspace_id !== workspaceId) throw authorization(`Conversation ${id} is outside this workspace`);
  if (row.end_user_email !== endUserEmail.toLowerCase()) {
    throw existence(`Conversation ${id} does not exist for end user ${endUserEmail}`);
  }
  return row;
}

/** Any workspace's conversation, as operators name it: 404 when none exists. */
export async function anyConversation(db: Queryable, id: string): Promise<ConversationRow> {
  const row = await findConversation(db, id);
  if (!row) throw existence(`Conversation ${id} does not exist`);
  return row;
}

/** The message, its attachments and its event, inside the caller's transaction on the locked conversation. */
async function writeMessage(
  tx: Queryable,
  conversation: ConversationRow,
  input: NewMessage,
  nowMs: number,
): Promise<{ row: MessageRow; view: MessageOut }> {
  const row = await insertMessage(tx, {
    id: randomUUID(),
    conversationId: conversation.id,
    author: input.author,
    body: input.message,
    nowMs,
  });
  await insertAttachments(tx, row.id, input.attachments);
  const view = messageView(row, await attachmentsOf(tx, [row.id]));
  await recordEvent(tx, {
    workspaceId: conversation.workspace_id,
    type: 'conversation_message_added',
    eventId: conversation.id,
    data: {
      conversationId: conversation.id,
      endUserEmail: conversation.end_user_email,
      messageId: row.id,
      author: input.author,
      attachments: view.attachments.length,
      createdAt: view.createdAt,
    },
    occurredAtMs: nowMs,
  });
  return { row, view };
}

/** Opens a conversation about an end user with its first message, by either side. */
export async function openConversation(
  db: Db,
  clock: Clock,
  input: NewMessage & { workspaceId: string; endUserEmail: string; subject: string },
  finish: Finish<ConversationOut> = nothingMore,
): Promise<ConversationOut> {
  const nowMs = clock.nowMs();
  const id = randomUUID();
  return db.transaction(async (tx) => {
    await insertConversation(tx, {
      id,
      workspaceId: input.workspaceId,
      endUserEmail: input.endUserEmail.toLowerCase(),
      subject: input.subject,
      openedBy: input.author,
      nowMs,
    });
    const opened = (await findConversation(tx, id, true)) as ConversationRow;
    await writeMessage(tx, opened, input, nowMs);
    const view = await loadConversation(tx, (await findConversation(tx, id)) as ConversationRow);
    auditChange(tx, {
      workspaceId: input.workspaceId,
      target: { type: 'conversation', id },
      before: null,
      after: view,
    });
    await finish(tx, view);
    return view;
  });
}

/** Adds a message to an open conversation (409 StateError once it is closed), by either side. */
export async function addMessage(
  db: Db,
  clock: Clock,
  conversationId: string,
  input: NewMessage,
  finish: Finish<MessageOut> = nothingMore,
): Promise<MessageOut> {
  const nowMs = clock.nowMs();
  return db.transaction(async (tx) => {
    const conversation = await findConversation(tx, conversationId, true);
    if (!conversation) throw existence(`Conversation ${conversationId} does not exist`);
    if (!conversationTakesMessages(conversation.status)) {
      throw stateError(`Conversation ${conversationId} is ${conversation.status}: it takes no more messages`);
    }
    const { view } = await writeMessage(tx, conversation, input, nowMs);
    const target = { type: 'conversation-message', id: view.messageId };
    auditChange(tx, { workspaceId: conversation.workspace_id, target, before: null, after: view });
    await finish(tx, view);
    return view;
  });
}

/** Closes an open conversation (409 StateError when it is closed already), by either side. */
export async function closeConversation(
  db: Db,
  clock: Clock,
  conversationId: string,
  by: Author,
  finish: Finish<ConversationOut> = nothingMore,
): Promise<ConversationOut> {
  const nowMs = clock.nowMs();
  return db.transaction(async (tx) => {
    const conversation = await findConversation(tx, conversationId, true);
    if (!conversation) throw existence(`Conversation ${conversationId} does not exist`);
    if (!canMoveConversation(conversation.status, 'CLOSED')) {
      throw stateError(`Conversation ${conversationId} is ${conversation.status} already`);
    }
    await closeConversationRow(tx, conversationId, by, nowMs);
    const closed = (await findConversation(tx, conversationId)) as ConversationRow;
    auditChange(tx, {
      workspaceId: conversation.workspace_id,
      target: { type: 'conversation', id: conversationId },
      before: conversationSummaryView(conversation),
      after: conversationSummaryView(closed),
    });
    const view = await loadConversation(tx, closed);
    await finish(tx, view);
    return view;
  });
}

/** One attachment of a message of the conversation, with its bytes: 404 when the message or the number is not there. */
export async function attachmentOf(db: Queryable, conversation: ConversationRow, messageId: string, number: number) {
  const message = await findMessage(db, conversation.id, messageId);
  if (!message) throw existence(`Message ${messageId} does not exist in conversation ${conversation.id}`);
  const file = await findAttachment(db, message.id, number);
  if (!file) throw existence(`Message ${messageId} has no attachment ${number}`);
  return file;
}
