import type { Queryable } from '../../storage/db.js';
import type { CheckedAttachment } from './attachments.js';

export interface AttachmentMetaRow {
  message_id: string;
  position: number;
  file_name: string | null;
  content_type: string;
  size_bytes: number;
  sha256: string;
  [column: string]: unknown;
}

export interface AttachmentRow extends AttachmentMetaRow {
  content: Uint8Array;
}

/** Stores a message's attachments, numbered from 1 in the order given, in the message's transaction. */
export async function insertAttachments(
  tx: Queryable,
  messageId: string,
  attachments: readonly CheckedAttachment[],
): Promise<void> {
  for (const [i, a] of attachments.entries()) {
    await tx.query(
      `insert into conversation_attachments (message_id, position, file_name, content_type, size_bytes, sha256,
         content)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [messageId, i + 1, a.fileName, a.contentType, a.bytes.length, a.sha256, a.bytes],
    );
  }
}

/** What the messages' attachments are (never their bytes), by message, in number order. */
export async function attachmentsOf(db: Queryable, messageIds: readonly string[]): Promise<AttachmentMetaRow[]> {
  if (messageIds.length === 0) return [];
  return db.query<AttachmentMetaRow>(
    `select message_id, position, file_name, content_type, size_bytes, sha256 from conversation_attachments
     where message_id = any($1::uuid[]) order by message_id, position`,
    [[...messageIds]],
  );
}

export async function findAttachment(
  db: Queryable,
  messageId: string,
  position: number,
): Promise<AttachmentRow | undefined> {
  const rows = await db.query<AttachmentRow>(
    'select * from conversation_attachments where message_id = $1 and position = $2',
    [messageId, position],
  );
  return rows[0];
}
