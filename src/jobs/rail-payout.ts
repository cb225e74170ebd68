import { amountToDecimal } from '../domain/money/currency-amount.js';
import type { PayoutOutcome } from '../domain/states/withdrawal-status.js';
import { registerPayout } from '../payouts/register.js';
import type { Clock } from '../platform/clock.js';
import type { SecretsKeyring } from '../platform/secrets/keyring.js';
import { holdsSealedField, openSensitive } from '../platform/secrets/sensitive.js';
import type { PayoutAnswer, PayoutSubject, RailProvider } from '../providers/rails/rail-provider.js';
import type { Queryable } from '../storage/db.js';
import { type JobHandler, twoPhase } from './runner.js';

// The one way money leaves through a payout rail (an order's payout leg, a withdrawal, a pending payment's refund):
// a two-phase job that calls the rail outside any transaction and records its answer inside the job's own. A real
// rail answers later: the payout is registered (payouts/register.ts) and its outcome, when a bank file or a
// provider reports it, is applied by applyReportedOutcome through the same `apply` the sandbox's answer takes.

/** A payout of `amount` (minor units of `currency`); `payoutId` is the rail's idempotency key. */
export interface Payout {
  readonly payoutId: string;
  readonly workspaceId: string;
  readonly currency: string;
  readonly rail: string;
  readonly amount: bigint;
  readonly destination: Readonly<Record<string, unknown>>;
}

/** What a payout job pays out (its subject: an order, a withdrawal, a pending payment) and what it does with the answer. */
export interface RailPayoutJob<S> {
  readonly subject: PayoutSubject;
  /** The field of the job's payload that holds the subject's id. */
  readonly idField: string;
  /** Reads the subject by id; `forUpdate` locks it while the outcome is applied. */
  readonly find: (db: Queryable, id: string, forUpdate: boolean) => Promise<S | undefined>;
  /** Whether the subject still waits for this payout: a retried or late job that finds it moved on does nothing. */
  readonly awaitsPayout: (subject: S) => boolean;
  readonly payout: (subject: S) => Payout;
  /**
   * Records the rail's answer in the job's transaction, on the subject read again and locked; `detail` is the
   * bank's or provider's reason when a real rail reported the outcome.
   */
  readonly apply: (tx: Queryable, subject: S, outcome: PayoutOutcome, detail?: string) => Promise<void>;
  /**
   * A return reported after the payout settled (a bank's return file): starts the subject's return and answers
   * true, or answers false when the subject can no longer take one (an operator then resolves it).
   */
  readonly returnAfterSettlement: (tx: Queryable, subject: S) => Promise<boolean>;
  /**
   * Stage only: a workspace that drives its sandbox outcomes by hand (workspaces/sandbox-outcomes.ts), asked when
   * the job runs. While `held` answers true the rail is not asked and `answer` is applied instead: undefined leaves
   * the subject waiting for a helper (simulate/payouts.ts). Absent, the rail always answers.
   */
  readonly byHand?: {
    readonly held: (db: Queryable, workspaceId: string) => Promise<boolean>;
    readonly answer: PayoutOutcome | undefined;
  };
}

function openForRail(
  keyring: SecretsKeyring | undefined,
  destination: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  if (keyring !== undefined) return openSensitive(keyring, destination);
  if (holdsSealedField(JSON.stringify(destination))) {
    throw new Error('a payout destination holds sealed fields and this payout job was given no secrets keyring');
  }
  return destination;
}

/**
 * Submits a payout to the rail; the amount goes in major units, as an exact decimal. The destination's sealed fields
 * (platform/secrets/sensitive.ts) are opened here, for the rail only: the register keeps them sealed.
 */
const submitPayout = (
  rails: RailProvider,
  keyring: SecretsKeyring | undefined,
  subject: PayoutSubject,
  payout: Payout,
): Promise<PayoutAnswer> =>
  rails.payout({
    payoutId: payout.payoutId,
    subject,
    workspaceId: payout.workspaceId,
    currency: payout.currency,
    rail: payout.rail,
    amount: amountToDecimal(payout.amount, payout.currency),
    destination: openForRail(keyring, payout.destination),
  });

export interface RailPayoutContext {
  readonly rails: RailProvider;
  readonly db: Queryable;
  readonly clock: Clock;
  /**
   * Opens a destination's sealed fields for the rail. Optional only until every caller wires it (src/context.ts);
   * a sealed destination without it is refused, never sent sealed (the job fails loudly and is retried).
   */
  readonly secretsKeyring?: SecretsKeyring;
}

/**
 * The payout job: `prepare` reads the subject without a lock and calls the rail (it may run again when the job is
 * retried, so the rail must be idempotent by payoutId); `apply` reads it again, locked, and records the answer only
 * if it still awaits the payout. A payout a real rail accepted for processing is registered and the subject stays
 * where it is (in process) until its outcome is reported.
 */
export function railPayoutJob<S>(ctx: RailPayoutContext, job: RailPayoutJob<S>): JobHandler {
  return twoPhase<PayoutAnswer | undefined>({
    prepare: async (claimed) => {
      const subject = await job.find(ctx.db, String(claimed.payload[job.idField]), false);
      if (subject === undefined || !job.awaitsPayout(subject)) return undefined;
      const payout = job.payout(subject);
      if (job.byHand !== undefined && (await job.byHand.held(ctx.db, payout.workspaceId))) return job.byHand.answer;
      return submitPayout(ctx.rails, ctx.secretsKeyring, job.subject, payout);
    },
    apply: async (tx, claimed, answer) => {
      const subject = await job.find(tx, String(claimed.payload[job.idField]), true);
      if (subject === undefined || !job.awaitsPayout(subject) || answer === undefined) return;
      if (typeof answer === 'object') {
        const { amount, ...payout } = job.payout(subject);
        await registerPayout(
          tx,
          { ...payout, subject: job.subject, amountMinor: amount },
          answer.submittedTo,
          ctx.clock.nowMs(),
        );
        return;
      }
      await job.apply(tx, subject, answer);
    },
  });
}

/** Why a payout failed, with the bank's or provider's own words after it when a real rail gave them. */
export const rejectionReason = (detail: string | undefined): string =>
  detail === undefined ? 'The payout rail rejected the payout' : `The payout rail rejected the payout: ${detail}`;

/** What became of a reported outcome. */
export type ReportedOutcomeResult = 'applied' | 'already-applied' | 'unresolved';

/**
 * Applies an outcome a bank file or a provider reported for a registered payout, in the caller's transaction:
 * settled or rejected while the subject awaits its payout; returned either before settlement (it settles, then
 * returns, as the sandbox's `returned`) or after it (the subject's own return).
 */
export async function applyReportedOutcome<S>(
  tx: Queryable,
  job: RailPayoutJob<S>,
  subjectId: string,
  outcome: PayoutOutcome,
  detail?: string,
): Promise<ReportedOutcomeResult> {
  const subject = await job.find(tx, subjectId, true);
  if (subject === undefined) return 'unresolved';
  if (job.awaitsPayout(subject)) {
    await job.apply(tx, subject, outcome, detail);
    return 'applied';
  }
  if (outcome !== 'returned') return 'already-applied';
  return (await job.returnAfterSettlement(tx, subject)) ? 'applied' : 'unresolved';
}
