import type { Author } from '../../domain/author.js';
import { isUuid } from '../../domain/ids.js';
import type { ConversationStatus } from '../../domain/states/conversation-status.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';

export interface ConversationRow {
  id: string;
  workspace_id: string;
  end_user_email: string;
  subject: string;
  status: ConversationStatus;
  opened_by: Author;
  closed_by: Author | null;
  message_count: number;
  last_message_by: Author | null;
  last_message_at_ms: bigint | null;
  created_at_ms: bigint;
  updated_at_ms: bigint;
  closed_at_ms: bigint | null;
  [column: string]: unknown;
}

export interface MessageRow {
  id: string;
  conversation_id: string;
  position: number;
  author: Author;
  body: string;
  created_at_ms: bigint;
  [column: string]: unknown;
}

export async function findConversation(
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<ConversationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db.query<ConversationRow>(
    `select * from conversations where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function insertConversation(
  tx: Queryable,
  c: { id: string; workspaceId: string; endUserEmail: string; subject: string; openedBy: Author; nowMs: number },
): Promise<void> {
  await tx.query(
    `insert into conversations (id, workspace_id, end_user_email, subject, status, opened_by, created_at_ms,
       updated_at_ms)
     values ($1, $2, $3, $4, 'OPEN', $5, $6, $6)`,
    [c.id, c.workspaceId, c.endUserEmail, c.subject, c.openedBy, c.nowMs],
  );
}

/**
 * Adds a message as the conversation's next one and counts it on the conversation, which the caller has locked
 * (findConversation for update): the lock is what keeps positions unique under concurrent writers.
 */
export async function insertMessage(
  tx: Queryable,
  m: { id: string; conversationId: string; author: Author; body: string; nowMs: number },
): Promise<MessageRow> {
  const [counted] = await tx.query<{ message_count: number }>(
    `update conversations set message_count = message_count + 1, last_message_by = $2, last_message_at_ms = $3,
       updated_at_ms = $3
     where id = $1 returning message_count`,
    [m.conversationId, m.author, m.nowMs],
  );
  if (!counted) throw new Error(`conversation ${m.conversationId} vanished while locked`);
  const rows = await tx.query<MessageRow>(
    `insert into conversation_messages (id, conversation_id, position, author, body, created_at_ms)
     values ($1, $2, $3, $4, $5, $6) returning *`,
    [m.id, m.conversationId, counted.message_count, m.author, m.body, m.nowMs],
  );
  return rows[0] as MessageRow;
}

export async function closeConversationRow(tx: Queryable, id: string, by: Author, nowMs: number): Promise<void> {
  await tx.query(
    `update conversations set status = 'CLOSED', closed_by = $2, closed_at_ms = $3, updated_at_ms = $3 where id = $1`,
    [id, by, nowMs],
  );
}

export async function messagesOf(db: Queryable, conversationId: string): Promise<MessageRow[]> {
  return db.query<MessageRow>('select * from conversation_messages where conversation_id = $1 order by position', [
    conversationId,
  ]);
}

export async function findMessage(db: Queryable, conversationId: string, id: string): Promise<MessageRow | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db.query<MessageRow>(
    'select * from conversation_messages where conversation_id = $1 and id = $2',
    [conversationId, id],
  );
  return rows[0];
}

export interface ConversationFilters {
  /** Undefined: every workspace (the operators' list). */
  readonly workspaceId?: string | undefined;
  readonly endUserEmail?: string | undefined;
  readonly statuses?: readonly string[] | undefined;
  /** Whose message is the last: the operators' queue of conversations awaiting the brokerage is `partner`. */
  readonly lastMessageBy?: string | undefined;
  readonly limit: number;
  readonly offset: number;
}

/** A page of conversations, newest first (createdAt, then id, descending). */
export async function listConversations(db: Queryable, f: ConversationFilters): Promise<ConversationRow[]> {
  const p = new SqlParams();
  const where: string[] = [];
  if (f.workspaceId !== undefined) where.push(`workspace_id = ${p.add(f.workspaceId)}`);
  if (f.endUserEmail !== undefined) where.push(`end_user_email = ${p.add(f.endUserEmail.toLowerCase())}`);
  if (f.statuses !== undefined && f.statuses.length > 0) where.push(`status = any(${p.add([...f.statuses])}::text[])`);
  if (f.lastMessageBy !== undefined) where.push(`last_message_by = ${p.add(f.lastMessageBy)}`);
  return db.query<ConversationRow>(
    `select * from conversations ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
     order by created_at_ms desc, id desc limit ${p.add(f.limit, 'integer')} offset ${p.add(f.offset, 'bigint')}`,
    p.values,
  );
}
