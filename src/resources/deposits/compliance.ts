import { existence, stateError } from '../../domain/errors.js';
import { movements } from '../../domain/ledger/entry.js';
import { recordBalanceUpdated } from '../../events/balance-updated.js';
import { recordEvent } from '../../events/outbox.js';
import { postEntry } from '../../ledger/ledger.js';
import { auditChange } from '../../platform/audit/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../storage/db.js';
import { lockDeposit, updateDepositState } from './repo.js';
import { depositView } from './view.js';

/**
 * An operator's decision on funds held for compliance review. Clearing moves the held amount to available and the
 * deposit on as if the funds had just arrived; rejecting sends them back to the payer and fails the deposit.
 */
export async function decideComplianceHold(db: Db, clock: Clock, depositId: string, decision: 'clear' | 'reject') {
  return db.transaction(async (tx) => {
    const deposit = await lockDeposit(tx, depositId);
    if (!deposit) throw existence(`Deposit ${depositId} does not exist`);
    if (deposit.status !== 'ComplianceReview') {
      throw stateError(`Deposit ${depositId} is ${deposit.status}, not held for compliance review`);
    }
    const nowMs = clock.nowMs();
    const held = deposit.held_amount;
    const { account_id: accountId, currency } = deposit;
    if (decision === 'clear') {
      await postEntry(tx, {
        workspaceId: deposit.workspace_id,
        kind: 'compliance_clear',
        reference: deposit.id,
        postings: movements.release(accountId, currency, held),
        nowMs,
      });
    } else {
      await postEntry(tx, {
        workspaceId: deposit.workspace_id,
        kind: 'compliance_reject',
        reference: deposit.id,
        postings: movements.settleHold(accountId, currency, held),
        nowMs,
      });
    }
    const credited = decision === 'clear' ? deposit.amount + held : deposit.amount;
    const complete = deposit.expected_amount === null || credited >= deposit.expected_amount;
    const status = decision === 'reject' ? 'Failed' : complete ? 'Received' : 'PartiallyReceived';
    const updated = await updateDepositState(tx, deposit.id, {
      status,
      amount: credited,
      heldAmount: 0n,
      receivedAtMs: nowMs,
      nowMs,
    });
    if (decision === 'clear') {
      await recordEvent(tx, {
        workspaceId: deposit.workspace_id,
        type: complete ? 'deposit_completed' : 'deposit_partially_completed',
        eventId: deposit.id,
        data: depositView(updated),
        occurredAtMs: nowMs,
      });
    }
    await recordBalanceUpdated(tx, { workspaceId: deposit.workspace_id, accountId, currency }, nowMs);
    const after = depositView(updated);
    auditChange(tx, {
      workspaceId: deposit.workspace_id,
      target: { type: 'deposit', id: deposit.id },
      before: depositView(deposit),
      after,
    });
    return after;
  });
}
