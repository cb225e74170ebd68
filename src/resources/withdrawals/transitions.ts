import { canMoveWithdrawal, undelivered, type WithdrawalStatus } from '../../domain/states/withdrawal-status.js';
import type { EventType } from '../../events/catalogue.js';
import { recordEvent } from '../../events/outbox.js';
import { consumeKeyOf } from '../../platform/idempotency.js';
import type { Queryable } from '../../storage/db.js';
import { setWithdrawalStatus, type WithdrawalRow } from './repo.js';
import { withdrawalView } from './view.js';

/**
 * The one way a withdrawal's status changes, in the payout job's transaction: checked against the state machine,
 * written, and announced (`withdrawal_status_updated` on every change, `withdrawal_completed` when paid out). A
 * payout that did not deliver (rejected, or returned) also consumes the Idempotency-Key that created the
 * withdrawal: spec rule 5 keeps the key of a request that failed in execution, a rejected payout among its
 * examples, so that a retry with it is 409 rather than a second payout once its 24 hours have passed.
 */
export async function moveWithdrawal(
  tx: Queryable,
  withdrawal: WithdrawalRow,
  status: WithdrawalStatus,
  nowMs: number,
  failureReason?: string,
): Promise<WithdrawalRow> {
  if (!canMoveWithdrawal(withdrawal.status, status)) {
    throw new Error(`withdrawal ${withdrawal.id} cannot move from ${withdrawal.status} to ${status}`);
  }
  const moved = await setWithdrawalStatus(tx, withdrawal.id, status, nowMs, failureReason);
  const data = withdrawalView(moved);
  const announce = (type: EventType) =>
    recordEvent(tx, { workspaceId: withdrawal.workspace_id, type, eventId: withdrawal.id, data, occurredAtMs: nowMs });
  const key = withdrawal.idempotency_key;
  await Promise.all([
    announce('withdrawal_status_updated'),
    status === 'Success' ? announce('withdrawal_completed') : undefined,
    undelivered.has(status) && key !== null
      ? consumeKeyOf(
          tx,
          withdrawal.workspace_id,
          { key, accountScope: withdrawal.idempotency_scope ?? '' },
          { idField: 'withdrawalId', id: withdrawal.id },
          `payout ${status === 'Failed' ? 'rejected' : 'returned'}: withdrawal ${withdrawal.id} is ${status}`,
        )
      : undefined,
  ]);
  return moved;
}
