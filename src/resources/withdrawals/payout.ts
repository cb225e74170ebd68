import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { movements, systemAccounts } from '../../domain/ledger/entry.js';
import { enqueueJob } from '../../jobs/queue.js';
import { type RailPayoutContext, type RailPayoutJob, railPayoutJob, rejectionReason } from '../../jobs/rail-payout.js';
import type { JobHandler } from '../../jobs/runner.js';
import { postEntry } from '../../ledger/ledger.js';
import type { Clock } from '../../platform/clock.js';
import type { Queryable } from '../../storage/db.js';
import { outcomesByHand } from '../../workspaces/sandbox-outcomes.js';
import { findWithdrawal, type WithdrawalRow } from './repo.js';
import { moveWithdrawal } from './transitions.js';

export const withdrawalPayoutJob = 'withdrawal.payout';
export const withdrawalReturnJob = 'withdrawal.return';

/** What paying out a withdrawal reads of the server: the rail payout job's context, and the config. */
export type WithdrawalPayoutContext = RailPayoutContext & Pick<AppContext, 'config'>;

/**
 * Submits a held withdrawal to its rail and applies the outcome in the same transaction: settled (the hold leaves
 * for the rail, the fee goes to the brokerage), rejected (the hold is released) or returned (settled now, and the
 * amount comes back in a later job). Each status change is announced by moveWithdrawal; balance_updated comes with
 * every entry. The rail is called before the transaction, with the withdrawal id as its idempotency key; its answer
 * is applied inside it.
 */
export function withdrawalPayoutHandler(ctx: WithdrawalPayoutContext): JobHandler {
  return railPayoutJob(ctx, withdrawalPayoutSubject(ctx.clock, ctx.config));
}

/** A withdrawal as the subject of a payout: what is paid out, and what each outcome does to it. */
export function withdrawalPayoutSubject(clock: Clock, config: Config): RailPayoutJob<WithdrawalRow> {
  return {
    subject: 'withdrawal',
    idField: 'withdrawalId',
    find: findWithdrawal,
    awaitsPayout: (withdrawal) => withdrawal.status === 'Pending',
    payout: (withdrawal) => ({
      payoutId: withdrawal.id,
      workspaceId: withdrawal.workspace_id,
      currency: withdrawal.currency,
      rail: withdrawal.rail,
      amount: withdrawal.amount,
      destination: withdrawal.destination,
    }),
    // The balance row is locked from the entry to COMMIT, so the entry (which writes balance_updated itself) comes
    // after the status change and its events, and the statements after it travel in the same round trip.
    apply: async (tx, withdrawal, outcome, detail) => {
      const nowMs = clock.nowMs();
      const { account_id: accountId, currency, amount, fee } = withdrawal;
      const entry = (kind: string, postings: ReturnType<typeof movements.hold>) =>
        postEntry(tx, {
          workspaceId: withdrawal.workspace_id,
          kind,
          reference: withdrawal.id,
          postings,
          nowMs,
          balanceUpdated: { accountId, currency },
        });
      if (outcome === 'rejected') {
        await moveWithdrawal(tx, withdrawal, 'Failed', nowMs, rejectionReason(detail));
        await entry('withdrawal_release', movements.release(accountId, currency, amount + fee));
        return;
      }
      await moveWithdrawal(tx, withdrawal, 'Success', nowMs);
      await Promise.all([
        entry('withdrawal_settle', [
          ...movements.settleHold(accountId, currency, amount),
          ...(fee > 0n
            ? [
                { accountId, currency, bucket: 'pending' as const, amount: -fee },
                { accountId: systemAccounts.fees, currency, bucket: 'available' as const, amount: fee },
              ]
            : []),
        ]),
        outcome === 'returned'
          ? enqueueJob(
              tx,
              {
                kind: withdrawalReturnJob,
                payload: { withdrawalId: withdrawal.id },
                runAtMs: nowMs + config.sandboxSettleDelayMs,
              },
              nowMs,
            )
          : undefined,
      ]);
    },
    // A bank's return file after the payout settled: the amount comes back through the return job, at once.
    returnAfterSettlement: async (tx, withdrawal) => {
      if (withdrawal.status !== 'Success') return false;
      const nowMs = clock.nowMs();
      await enqueueJob(
        tx,
        { kind: withdrawalReturnJob, payload: { withdrawalId: withdrawal.id }, runAtMs: nowMs },
        nowMs,
      );
      return true;
    },
    // Stage, outcomes driven by hand: the payout waits Pending for a helper's complete, fail or return.
    byHand: { held: (db, workspaceId) => outcomesByHand(config, db, workspaceId), answer: undefined },
  };
}

/** A paid-out amount that the beneficiary's institution sent back: it is credited to the balance again. */
export function withdrawalReturnHandler(clock: Clock, config: Config): JobHandler {
  return async (tx, job) => {
    const withdrawal = await findWithdrawal(tx, String(job.payload.withdrawalId), true);
    if (withdrawal?.status !== 'Success') return;
    // Stage: a workspace switched to manual outcomes while the sandbox's return waited; a helper decides now.
    if (await outcomesByHand(config, tx, withdrawal.workspace_id)) return;
    await returnWithdrawal(tx, withdrawal, clock.nowMs());
  };
}

/**
 * The return itself, on a Success withdrawal locked by the caller: Returned (its events, the key consumed) and the
 * amount credited back. The return job runs it, and so does the sandbox's return helper (simulate/payouts.ts).
 */
export async function returnWithdrawal(tx: Queryable, withdrawal: WithdrawalRow, nowMs: number): Promise<void> {
  await moveWithdrawal(tx, withdrawal, 'Returned', nowMs, 'The payout was returned by the receiving institution');
  await postEntry(tx, {
    workspaceId: withdrawal.workspace_id,
    kind: 'withdrawal_return',
    reference: withdrawal.id,
    postings: [
      {
        accountId: systemAccounts.clearingOutbound,
        currency: withdrawal.currency,
        bucket: 'available',
        amount: -withdrawal.amount,
      },
      {
        accountId: withdrawal.account_id,
        currency: withdrawal.currency,
        bucket: 'available',
        amount: withdrawal.amount,
      },
    ],
    nowMs,
    balanceUpdated: { accountId: withdrawal.account_id, currency: withdrawal.currency },
  });
}
