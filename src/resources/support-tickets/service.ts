import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { SupportTicketCategory } from '../../catalogue/support-ticket-categories.js';
import type { Author } from '../../domain/author.js';
import { authorization, existence, stateError } from '../../domain/errors.js';
import { moveTicket, type SupportTicketStatus, type TicketTrigger } from '../../domain/states/support-ticket-status.js';
import { recordEvent } from '../../events/outbox.js';
import { auditChange } from '../../platform/audit/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Queryable } from '../../storage/db.js';
import type { TicketEntity } from './entity.js';
import { findTicket, insertTicket, insertTicketMessage, setTicketStatus, type TicketRow } from './repo.js';
import type { TicketMessage } from './schema.js';
import { ticketMessageView, ticketSummaryView } from './view.js';

// The support-ticket use cases, shared by the partner (routes.ts), the brokerage's support (operator API, CLI) and,
// in stage, the simulator playing support. Each change is one transaction with its events: support_ticket_created,
// support_ticket_message_added (either side) and support_ticket_updated (every status change).

type MessageOut = Static<typeof TicketMessage>;

/** Called last inside a write's transaction with its row; a keyed write stores its answer with its key there. */
export type Finish = (tx: Queryable, row: TicketRow) => Promise<void>;
const nothingMore = async () => {};

/** A ticket of the partner's workspace: 404 when none exists, 401 when another workspace's. */
export async function ownedTicket(db: Queryable, workspaceId: string, id: string): Promise<TicketRow> {
  const row = await findTicket(db, id);
  if (!row) throw existence(`Support ticket ${id} does not exist`);
  if (row.workspace_id !== workspaceId) throw authorization(`Support ticket ${id} is outside this workspace`);
  return row;
}

/** Any workspace's ticket, as support names it: 404 when none exists. */
export async function anyTicket(db: Queryable, id: string): Promise<TicketRow> {
  const row = await findTicket(db, id);
  if (!row) throw existence(`Support ticket ${id} does not exist`);
  return row;
}

export async function createTicket(
  db: Db,
  clock: Clock,
  input: {
    workspaceId: string;
    subject: string;
    description: string;
    category: SupportTicketCategory;
    entity: TicketEntity;
  },
  finish: Finish = nothingMore,
): Promise<TicketRow> {
  const nowMs = clock.nowMs();
  return db.transaction(async (tx) => {
    const row = await insertTicket(tx, { id: randomUUID(), ...input, nowMs });
    const view = ticketSummaryView(row);
    await recordEvent(tx, {
      workspaceId: row.workspace_id,
      type: 'support_ticket_created',
      eventId: row.id,
      data: {
        ticketId: row.id,
        status: row.status,
        subject: row.subject,
        category: row.category,
        ...(view.entityType === undefined ? {} : { entityType: view.entityType, entityId: view.entityId }),
        createdAt: view.createdAt,
      },
      occurredAtMs: nowMs,
    });
    await finish(tx, row);
    return row;
  });
}

/** The locked ticket, or 404; a trigger the ticket's status refuses is 409 StateError, before anything is written. */
async function lockedMove(tx: Queryable, ticketId: string, triggers: readonly TicketTrigger[]) {
  const ticket = await findTicket(tx, ticketId, true);
  if (!ticket) throw existence(`Support ticket ${ticketId} does not exist`);
  let to = ticket.status;
  for (const trigger of triggers) {
    const move = moveTicket(to, trigger);
    if (!move.ok) throw stateError(`Support ticket ${ticketId} ${move.reason}`);
    to = move.to;
  }
  return { ticket, to };
}

/** Records a status change with support_ticket_updated; no change, no event. */
async function moveTo(tx: Queryable, ticket: TicketRow, to: SupportTicketStatus, by: Author, nowMs: number) {
  if (to === ticket.status) return ticket;
  const moved = await setTicketStatus(tx, ticket.id, to, nowMs);
  await recordEvent(tx, {
    workspaceId: ticket.workspace_id,
    type: 'support_ticket_updated',
    eventId: ticket.id,
    data: {
      ticketId: ticket.id,
      status: to,
      previousStatus: ticket.status,
      changedBy: by,
      updatedAt: ticketSummaryView(moved).updatedAt,
    },
    occurredAtMs: nowMs,
  });
  return moved;
}

/**
 * A message from either side. The partner's may hand the ticket back to support (domain/states); support's may
 * set a status with it. A closed ticket refuses both (409), and a refused status writes no message.
 */
export async function addTicketMessage(
  db: Db,
  clock: Clock,
  ticketId: string,
  input: { author: Author; message: string; status?: SupportTicketStatus | undefined },
  finish: (tx: Queryable, message: MessageOut) => Promise<void> = nothingMore,
): Promise<MessageOut> {
  const nowMs = clock.nowMs();
  const triggers: TicketTrigger[] = [{ by: input.author, action: 'message' }];
  if (input.status !== undefined) triggers.push({ by: 'brokerage', action: 'set', to: input.status });
  return db.transaction(async (tx) => {
    const { ticket, to } = await lockedMove(tx, ticketId, triggers);
    const row = await insertTicketMessage(tx, {
      id: randomUUID(),
      ticketId,
      author: input.author,
      body: input.message,
      nowMs,
    });
    const message = ticketMessageView(row);
    await recordEvent(tx, {
      workspaceId: ticket.workspace_id,
      type: 'support_ticket_message_added',
      eventId: ticket.id,
      data: { ticketId, status: to, messageId: row.id, author: input.author, createdAt: message.createdAt },
      occurredAtMs: nowMs,
    });
    await moveTo(tx, ticket, to, input.author, nowMs);
    auditChange(tx, {
      workspaceId: ticket.workspace_id,
      target: { type: 'support-ticket', id: ticket.id },
      before: { status: ticket.status },
      after: { status: to, message },
    });
    await finish(tx, message);
    return message;
  });
}

/** The partner closes its ticket, or support sets a status (the same status again is no change). */
export async function changeTicketStatus(
  db: Db,
  clock: Clock,
  ticketId: string,
  trigger: Exclude<TicketTrigger, { action: 'message' }>,
  finish: Finish = nothingMore,
): Promise<TicketRow> {
  const nowMs = clock.nowMs();
  return db.transaction(async (tx) => {
    const { ticket, to } = await lockedMove(tx, ticketId, [trigger]);
    const moved = await moveTo(tx, ticket, to, trigger.by, nowMs);
    // Recorded even when the status was already the one asked for: the operator did ask.
    auditChange(tx, {
      workspaceId: ticket.workspace_id,
      target: { type: 'support-ticket', id: ticket.id },
      before: { status: ticket.status },
      after: { status: moved.status },
    });
    await finish(tx, moved);
    return moved;
  });
}
