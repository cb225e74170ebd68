import { amountToDecimal } from '../domain/money/currency-amount.js';
import type { PayoutOutcome } from '../domain/states/withdrawal-status.js';
import type { RailProvider } from '../providers/rails/rail-provider.js';
import type { Queryable } from '../storage/db.js';
import { type JobHandler, twoPhase } from './runner.js';

// The one way money leaves through a payout rail (an order's payout leg, a withdrawal, a pending payment's refund):
// a two-phase job that calls the rail outside any transaction and records its answer inside the job's own.

/** A payout of `amount` (minor units of `currency`); `payoutId` is the rail's idempotency key. */
export interface Payout {
  readonly payoutId: string;
  readonly currency: string;
  readonly rail: string;
  readonly amount: bigint;
  readonly destination: Readonly<Record<string, unknown>>;
}

/** What a payout job pays out (its subject: an order, a withdrawal, a pending payment) and what it does with the answer. */
export interface RailPayoutJob<S> {
  /** The field of the job's payload that holds the subject's id. */
  readonly idField: string;
  /** Reads the subject by id; `forUpdate` locks it while the outcome is applied. */
  readonly find: (db: Queryable, id: string, forUpdate: boolean) => Promise<S | undefined>;
  /** Whether the subject still waits for this payout: a retried or late job that finds it moved on does nothing. */
  readonly awaitsPayout: (subject: S) => boolean;
  readonly payout: (subject: S) => Payout;
  /** Records the rail's answer in the job's transaction, on the subject read again and locked. */
  readonly apply: (tx: Queryable, subject: S, outcome: PayoutOutcome) => Promise<void>;
}

/** Submits a payout to the rail; the amount goes in major units, as an exact decimal. */
const submitPayout = (rails: RailProvider, payout: Payout): Promise<PayoutOutcome> =>
  rails.payout({
    payoutId: payout.payoutId,
    currency: payout.currency,
    rail: payout.rail,
    amount: amountToDecimal(payout.amount, payout.currency),
    destination: payout.destination,
  });

/**
 * The payout job: `prepare` reads the subject without a lock and calls the rail (it may run again when the job is
 * retried, so the rail must be idempotent by payoutId); `apply` reads it again, locked, and records the answer only
 * if it still awaits the payout.
 */
export function railPayoutJob<S>(rails: RailProvider, db: Queryable, job: RailPayoutJob<S>): JobHandler {
  return twoPhase<PayoutOutcome | undefined>({
    prepare: async (claimed) => {
      const subject = await job.find(db, String(claimed.payload[job.idField]), false);
      if (subject === undefined || !job.awaitsPayout(subject)) return undefined;
      return submitPayout(rails, job.payout(subject));
    },
    apply: async (tx, claimed, outcome) => {
      const subject = await job.find(tx, String(claimed.payload[job.idField]), true);
      if (subject === undefined || !job.awaitsPayout(subject) || outcome === undefined) return;
      await job.apply(tx, subject, outcome);
    },
  });
}
