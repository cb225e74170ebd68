import type { SupportTicketCategory, SupportTicketEntityType } from '../../catalogue/support-ticket-categories.js';
import type { Author } from '../../domain/author.js';
import { isUuid } from '../../domain/ids.js';
import type { SupportTicketStatus } from '../../domain/states/support-ticket-status.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';

export interface TicketRow {
  id: string;
  workspace_id: string;
  subject: string;
  description: string;
  category: SupportTicketCategory;
  status: SupportTicketStatus;
  entity_type: SupportTicketEntityType | null;
  entity_id: string | null;
  message_count: number;
  created_at_ms: bigint;
  updated_at_ms: bigint;
  closed_at_ms: bigint | null;
  [column: string]: unknown;
}

export interface TicketMessageRow {
  id: string;
  ticket_id: string;
  position: number;
  author: Author;
  body: string;
  created_at_ms: bigint;
  [column: string]: unknown;
}

export async function findTicket(db: Queryable, id: string, forUpdate = false): Promise<TicketRow | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db.query<TicketRow>(
    `select * from support_tickets where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export interface NewTicketRow {
  readonly id: string;
  readonly workspaceId: string;
  readonly subject: string;
  readonly description: string;
  readonly category: SupportTicketCategory;
  readonly entity: { readonly type: SupportTicketEntityType; readonly id: string } | undefined;
  readonly nowMs: number;
}

/** A new ticket, OPEN, in the caller's transaction. */
export async function insertTicket(tx: Queryable, t: NewTicketRow): Promise<TicketRow> {
  const rows = await tx.query<TicketRow>(
    `insert into support_tickets (id, workspace_id, subject, description, category, status, entity_type, entity_id,
       created_at_ms, updated_at_ms)
     values ($1, $2, $3, $4, $5, 'OPEN', $6, $7, $8, $8) returning *`,
    [t.id, t.workspaceId, t.subject, t.description, t.category, t.entity?.type ?? null, t.entity?.id ?? null, t.nowMs],
  );
  return rows[0] as TicketRow;
}

/** Moves the ticket (locked by the caller) to `status`; CLOSED stamps closed_at. */
export async function setTicketStatus(
  tx: Queryable,
  id: string,
  status: SupportTicketStatus,
  nowMs: number,
): Promise<TicketRow> {
  const rows = await tx.query<TicketRow>(
    `update support_tickets set status = $2, updated_at_ms = $3,
       closed_at_ms = case when $2 = 'CLOSED' then $3::bigint else null end
     where id = $1 returning *`,
    [id, status, nowMs],
  );
  return rows[0] as TicketRow;
}

/** Adds the ticket's next message; the caller holds the ticket's lock, which keeps positions unique. */
export async function insertTicketMessage(
  tx: Queryable,
  m: { id: string; ticketId: string; author: Author; body: string; nowMs: number },
): Promise<TicketMessageRow> {
  const [counted] = await tx.query<{ message_count: number }>(
    `update support_tickets set message_count = message_count + 1, updated_at_ms = $2 where id = $1
     returning message_count`,
    [m.ticketId, m.nowMs],
  );
  if (!counted) throw new Error(`support ticket ${m.ticketId} vanished while locked`);
  const rows = await tx.query<TicketMessageRow>(
    `insert into support_ticket_messages (id, ticket_id, position, author, body, created_at_ms)
     values ($1, $2, $3, $4, $5, $6) returning *`,
    [m.id, m.ticketId, counted.message_count, m.author, m.body, m.nowMs],
  );
  return rows[0] as TicketMessageRow;
}

export async function ticketMessages(db: Queryable, ticketId: string): Promise<TicketMessageRow[]> {
  return db.query<TicketMessageRow>('select * from support_ticket_messages where ticket_id = $1 order by position', [
    ticketId,
  ]);
}

export interface TicketFilters {
  /** Undefined: every workspace (the operators' queue). */
  readonly workspaceId?: string | undefined;
  readonly statuses?: readonly string[] | undefined;
  readonly limit: number;
  readonly offset: number;
}

/** A page of tickets, newest first (createdAt, then id, descending). */
export async function listTickets(db: Queryable, f: TicketFilters): Promise<TicketRow[]> {
  const p = new SqlParams();
  const where: string[] = [];
  if (f.workspaceId !== undefined) where.push(`workspace_id = ${p.add(f.workspaceId)}`);
  if (f.statuses !== undefined && f.statuses.length > 0) where.push(`status = any(${p.add([...f.statuses])}::text[])`);
  return db.query<TicketRow>(
    `select * from support_tickets ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
     order by created_at_ms desc, id desc limit ${p.add(f.limit, 'integer')} offset ${p.add(f.offset, 'bigint')}`,
    p.values,
  );
}
