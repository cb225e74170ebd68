import { movements } from '../../domain/ledger/entry.js';
import { acceptsInbound, applyInbound, type InboundScenario } from '../../domain/states/deposit-status.js';
import { recordBalanceUpdated } from '../../events/balance-updated.js';
import { recordEvent } from '../../events/outbox.js';
import type { JobHandler } from '../../jobs/runner.js';
import { postEntry } from '../../ledger/ledger.js';
import type { Clock } from '../../platform/clock.js';
import { confirmedMatchOfInbound } from '../aml-screenings/gate.js';
import { findDeposit, updateDepositState } from './repo.js';
import { depositView } from './view.js';

export const depositInboundJob = 'deposit.inbound';

export interface DepositInboundPayload {
  readonly workspaceId: string;
  readonly depositId: string;
  /** Minor units, as a string (JSON has no bigint). */
  readonly amount: string;
  readonly scenario: InboundScenario;
}

/**
 * Applies an inbound transfer to a deposit: in one transaction, the status, the ledger entry (credit to available,
 * or to pending while under review) and the events. A deposit that no longer accepts funds (cancelled, final) is
 * left alone: the transfer would be returned by the rail.
 */
export function depositInboundHandler(clock: Clock): JobHandler {
  return async (tx, job) => {
    const payload = job.payload as unknown as DepositInboundPayload;
    const deposit = await findDeposit(tx, payload.workspaceId, payload.depositId, true);
    if (!deposit || !acceptsInbound.has(deposit.status)) return;
    const nowMs = clock.nowMs();
    const amount = BigInt(payload.amount);
    // The payer was confirmed a sanctions match after the deposit was created: the funds wait for an operator.
    const held =
      payload.scenario === 'success' &&
      (await confirmedMatchOfInbound(tx, deposit.workspace_id, { email: deposit.payer_email })) !== undefined;
    const scenario = held ? 'compliance_review' : payload.scenario;
    const outcome = applyInbound(deposit.expected_amount ?? undefined, deposit.amount, amount, scenario);
    if (outcome.credit > 0n || outcome.hold > 0n) {
      const postings =
        outcome.hold > 0n
          ? movements.credit(deposit.account_id, deposit.currency, outcome.hold, 'pending')
          : movements.credit(deposit.account_id, deposit.currency, outcome.credit);
      await postEntry(tx, {
        workspaceId: deposit.workspace_id,
        kind: 'deposit_inbound',
        reference: deposit.id,
        postings,
        nowMs,
      });
    }
    const updated = await updateDepositState(tx, deposit.id, {
      status: outcome.status,
      amount: deposit.amount + outcome.credit,
      heldAmount: deposit.held_amount + outcome.hold,
      receivedAtMs: outcome.credit > 0n || outcome.hold > 0n ? nowMs : null,
      nowMs,
    });
    if (outcome.event) {
      await recordEvent(tx, {
        workspaceId: deposit.workspace_id,
        type: outcome.event,
        eventId: deposit.id,
        data: depositView(updated),
        occurredAtMs: nowMs,
      });
    }
    if (outcome.credit > 0n || outcome.hold > 0n) {
      await recordBalanceUpdated(
        tx,
        { workspaceId: deposit.workspace_id, accountId: deposit.account_id, currency: deposit.currency },
        nowMs,
      );
    }
  };
}
