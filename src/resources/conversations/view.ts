import type { Static } from 'typebox';
import type { DocumentKind } from '../../domain/documents/document-kind.js';
import { secondsOf } from '../../platform/clock.js';
import type { ConversationRow, MessageRow } from './repo.js';
import type { AttachmentMetaRow } from './repo-attachments.js';
import type { Attachment, Conversation, ConversationSummary, Message } from './schema.js';

const seconds = (ms: bigint) => secondsOf(Number(ms));

export function attachmentView(row: AttachmentMetaRow): Static<typeof Attachment> {
  return {
    number: row.position,
    ...(row.file_name === null ? {} : { fileName: row.file_name }),
    contentType: row.content_type as DocumentKind,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
  };
}

export function messageView(row: MessageRow, attachments: readonly AttachmentMetaRow[]): Static<typeof Message> {
  return {
    messageId: row.id,
    conversationId: row.conversation_id,
    author: row.author,
    message: row.body,
    attachments: attachments.filter((a) => a.message_id === row.id).map(attachmentView),
    createdAt: seconds(row.created_at_ms),
  };
}

export function conversationSummaryView(row: ConversationRow): Static<typeof ConversationSummary> {
  return {
    conversationId: row.id,
    endUserEmail: row.end_user_email,
    subject: row.subject,
    status: row.status,
    openedBy: row.opened_by,
    ...(row.closed_by === null ? {} : { closedBy: row.closed_by }),
    messageCount: row.message_count,
    ...(row.last_message_by === null ? {} : { lastMessageBy: row.last_message_by }),
    ...(row.last_message_at_ms === null ? {} : { lastMessageAt: seconds(row.last_message_at_ms) }),
    createdAt: seconds(row.created_at_ms),
    updatedAt: seconds(row.updated_at_ms),
    ...(row.closed_at_ms === null ? {} : { closedAt: seconds(row.closed_at_ms) }),
  };
}

export function conversationView(
  row: ConversationRow,
  messages: readonly MessageRow[],
  attachments: readonly AttachmentMetaRow[],
): Static<typeof Conversation> {
  return { ...conversationSummaryView(row), messages: messages.map((m) => messageView(m, attachments)) };
}

/** What operators see: the partner's view and the workspace it belongs to. */
export const operatorConversationSummaryView = (row: ConversationRow) => ({
  workspaceId: row.workspace_id,
  ...conversationSummaryView(row),
});
