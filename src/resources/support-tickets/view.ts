import type { Static } from 'typebox';
import { secondsOf } from '../../platform/clock.js';
import type { TicketMessageRow, TicketRow } from './repo.js';
import type { OperatorTicket, OperatorTicketSummary, Ticket, TicketMessage, TicketSummary } from './schema.js';

const seconds = (ms: bigint) => secondsOf(Number(ms));

export function ticketMessageView(row: TicketMessageRow): Static<typeof TicketMessage> {
  return {
    messageId: row.id,
    ticketId: row.ticket_id,
    author: row.author,
    message: row.body,
    createdAt: seconds(row.created_at_ms),
  };
}

export function ticketSummaryView(row: TicketRow): Static<typeof TicketSummary> {
  return {
    ticketId: row.id,
    subject: row.subject,
    description: row.description,
    category: row.category,
    status: row.status,
    ...(row.entity_type === null ? {} : { entityType: row.entity_type }),
    ...(row.entity_id === null ? {} : { entityId: row.entity_id }),
    messageCount: row.message_count,
    createdAt: seconds(row.created_at_ms),
    updatedAt: seconds(row.updated_at_ms),
    ...(row.closed_at_ms === null ? {} : { closedAt: seconds(row.closed_at_ms) }),
  };
}

export function ticketView(row: TicketRow, messages: readonly TicketMessageRow[]): Static<typeof Ticket> {
  return { ...ticketSummaryView(row), messages: messages.map(ticketMessageView) };
}

/** What operators see: the partner's view and the workspace it belongs to. */
export const operatorTicketSummaryView = (row: TicketRow): Static<typeof OperatorTicketSummary> => ({
  workspaceId: row.workspace_id,
  ...ticketSummaryView(row),
});

export const operatorTicketView = (
  row: TicketRow,
  messages: readonly TicketMessageRow[],
): Static<typeof OperatorTicket> => ({ workspaceId: row.workspace_id, ...ticketView(row, messages) });
