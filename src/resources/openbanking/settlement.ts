import type { Config } from '../../config.js';
import { enqueueJob, markJobDone } from '../../jobs/queue.js';
import type { ApplyJob, JobHandler } from '../../jobs/runner.js';
import { hasEntrySince } from '../../ledger/ledger.js';
import type { Clock } from '../../platform/clock.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import type { Queryable } from '../../storage/db.js';
import { type DepositInboundPayload, depositInboundHandler, depositInboundJob } from '../deposits/inbound.js';
import { type LegMoving, type OrderInboundPayload, orderInboundHandler, orderJobs } from '../orders/legs.js';
import { findSession, lockInboundTransfer, lockSession, type PayerDetails, type SessionRow } from './repo.js';
import { loadTarget } from './target.js';
import { expireIfOverdue, moveSession } from './transitions.js';

// How an authorised open banking payment settles.
//
// The payer's bank sends an ordinary transfer on the deposit's or order's rail, so it settles exactly like a
// simulated one: the AUTHORIZED transaction queues the very inbound job the sandbox simulator queues (same kind,
// same payload; the payload also names the session, which the inbound handlers ignore) and, for the same moment,
// a settle job of ours. The settle job makes the session COMPLETED in one transaction with the funds:
//   1. it locks the inbound job's row; if the runner has not run it yet, the settle job runs it itself, in its own
//      transaction, and marks it done (the runner then finds it done and skips it: a job's work happens once);
//   2. it then reads the ledger: an inbound entry for the entity since the authorisation means the funds settled
//      (COMPLETED); none means the deposit or order no longer took them (cancelled, expired, paid meanwhile) and
//      the bank returns the payment (FAILED, not_settled).
// Whichever of the two jobs runs first, the outcome is the same, and the inbound job alone still settles the funds
// if ours ever failed. Locks are taken in the order job → entity → session everywhere, so they cannot deadlock.

export const openBankingJobs = { settle: 'openbanking.settle', expire: 'openbanking.expire' } as const;

const inboundJobKind = { deposit: depositInboundJob, order: orderJobs.inbound } as const;
const inboundEntryKind = { deposit: 'deposit_inbound', order: 'order_inbound' } as const;

/**
 * Inside the AUTHORIZED transaction: the inbound transfer the bank sends, and our settle job. An order's transfer
 * names the payer as its counterparty, the account sealed (platform/secrets/sensitive.ts): the job's payload holds
 * it sealed, and the order it reaches keeps it so.
 */
export async function queueSettlement(
  config: Config,
  keyring: SecretsKeyring,
  tx: Queryable,
  session: SessionRow,
  payer: PayerDetails,
  amount: bigint,
  nowMs: number,
): Promise<void> {
  const runAtMs = nowMs + config.sandboxSettleDelayMs;
  const marker = { openbankingSessionId: session.id };
  if (session.entity_type === 'deposit') {
    const payload: DepositInboundPayload = {
      workspaceId: session.workspace_id,
      depositId: session.entity_id,
      amount: amount.toString(),
      scenario: 'success',
    };
    await enqueueJob(tx, { kind: depositInboundJob, payload: { ...payload, ...marker }, runAtMs }, nowMs);
  } else {
    const account = payer.iban === undefined ? { accountNumber: payer.accountNumber ?? '' } : { iban: payer.iban };
    const payload: OrderInboundPayload = {
      orderId: session.entity_id,
      amount: amount.toString(),
      scenario: 'success',
      counterparty: sealSensitive(keyring, { name: payer.name, ...account }),
    };
    await enqueueJob(tx, { kind: orderJobs.inbound, payload: { ...payload, ...marker }, runAtMs }, nowMs);
  }
  await enqueueJob(tx, { kind: openBankingJobs.settle, payload: { sessionId: session.id }, runAtMs }, nowMs);
}

const applyOf = (handler: JobHandler): ApplyJob =>
  typeof handler === 'function' ? handler : (handler.apply as ApplyJob);

export function openBankingSettleHandler(ctx: LegMoving): JobHandler {
  const inbound = { deposit: applyOf(depositInboundHandler(ctx.clock)), order: applyOf(orderInboundHandler(ctx)) };
  return async (tx, job) => {
    const sessionId = String(job.payload.sessionId);
    const seen = await findSession(tx, sessionId);
    if (seen?.status !== 'AUTHORIZED') return;
    const kind = inboundJobKind[seen.entity_type];
    const transfer = await lockInboundTransfer(tx, kind, sessionId);
    await loadTarget(tx, seen.entity_type, seen.workspace_id, seen.entity_id, true);
    const session = await lockSession(tx, sessionId);
    if (session?.status !== 'AUTHORIZED' || session.authorized_at_ms === null) return;
    const nowMs = ctx.clock.nowMs();
    if (transfer && transfer.done_at_ms === null) {
      await markJobDone(tx, transfer.id, nowMs);
      await inbound[session.entity_type](tx, transfer, undefined);
    }
    const credited = await hasEntrySince(
      tx,
      session.entity_id,
      inboundEntryKind[session.entity_type],
      session.authorized_at_ms,
    );
    await moveSession(
      tx,
      session,
      credited ? { status: 'COMPLETED', stamp: 'completed_at_ms' } : { status: 'FAILED', reason: 'not_settled' },
      nowMs,
    );
  };
}

/** At the session's expiry: an unpaid form becomes EXPIRED (with its event) even if nobody opens it again. */
export function openBankingExpireHandler(clock: Clock): JobHandler {
  return async (tx, job) => {
    const session = await lockSession(tx, String(job.payload.sessionId));
    if (session) await expireIfOverdue(tx, session, clock.nowMs());
  };
}

export function openBankingJobHandlers(ctx: LegMoving): [string, JobHandler][] {
  return [
    [openBankingJobs.settle, openBankingSettleHandler(ctx)],
    [openBankingJobs.expire, openBankingExpireHandler(ctx.clock)],
  ];
}
