import { amountToJson } from '../../domain/money/currency-amount.js';
import { canMoveOpenBanking } from '../../domain/states/openbanking-status.js';
import { recordEvent } from '../../events/outbox.js';
import type { Queryable } from '../../storage/db.js';
import { type SessionChange, type SessionRow, updateSession } from './repo.js';

export const openBankingEvent = 'openbanking_status_updated';

/** A session's amount as the JSON number written on the wire (null while an open amount is not entered). */
export const sessionAmount = (session: Pick<SessionRow, 'amount' | 'currency'>): number | null =>
  session.amount === null ? null : amountToJson(session.amount, session.currency);

/**
 * The one way a session's status changes: checked against the state machine, written, and announced in the same
 * transaction with `openbanking_status_updated` (envelope id: the deposit or order id).
 */
export async function moveSession(
  tx: Queryable,
  session: SessionRow,
  change: SessionChange,
  nowMs: number,
): Promise<SessionRow> {
  if (!canMoveOpenBanking(session.status, change.status)) {
    throw new Error(`open banking session ${session.id} cannot move from ${session.status} to ${change.status}`);
  }
  const updated = await updateSession(tx, session.id, change, nowMs);
  await recordEvent(tx, {
    workspaceId: session.workspace_id,
    type: openBankingEvent,
    eventId: session.entity_id,
    data: {
      orderId: session.entity_id,
      entityType: session.entity_type,
      sessionId: session.id,
      status: updated.status,
      previousStatus: session.status,
      amount: sessionAmount(updated),
      currency: session.currency,
    },
    occurredAtMs: nowMs,
  });
  return updated;
}

/** A CREATED session past its expiry: nobody may pay it any more. */
export const isOverdue = (session: SessionRow, nowMs: number): boolean =>
  session.status === 'CREATED' && BigInt(nowMs) >= session.expires_at_ms;

/** Records the expiry of an overdue session (the expiry job, or whoever finds it first); else returns it unchanged. */
export async function expireIfOverdue(tx: Queryable, session: SessionRow, nowMs: number): Promise<SessionRow> {
  if (!isOverdue(session, nowMs)) return session;
  return moveSession(tx, session, { status: 'EXPIRED', reason: 'expired' }, nowMs);
}
