import type { PayoutOutcome } from '../domain/states/withdrawal-status.js';
import { applyReportedOutcome, type RailPayoutJob } from '../jobs/rail-payout.js';
import type { PayoutSubject } from '../providers/rails/rail-provider.js';
import type { Queryable } from '../storage/db.js';
import { findPayout, type PayoutStatus, setPayoutStatus } from './register.js';

/** The subject definitions of every payout (withdrawals, order payout legs, refunds), built by the composition root. */
// biome-ignore lint/suspicious/noExplicitAny: each subject has its own row type; the register keys them by name
export type PayoutSubjects = Readonly<Record<PayoutSubject, RailPayoutJob<any>>>;

/** An outcome a bank file or a provider service reported for one payout, with the bank's or provider's reason. */
export interface PayoutReport {
  /** The payout's id, or the short reference its bank file carried (payouts.reference). */
  readonly payoutId: string;
  readonly outcome: PayoutOutcome;
  readonly reason?: string | undefined;
}

export type PayoutReportResult = 'applied' | 'already-applied' | 'unresolved' | 'unknown-payout';

/** Which reported outcome may follow which status: a report repeated, or one that arrives late, changes nothing. */
const follows: Readonly<Record<PayoutStatus, readonly PayoutOutcome[]>> = {
  submitted: ['settled', 'rejected', 'returned'],
  batched: ['settled', 'rejected', 'returned'],
  settled: ['returned'],
  rejected: [],
  returned: [],
};

/**
 * Applies a reported outcome in the caller's transaction: the payout's row is locked, so two imports of the same
 * file or a callback racing an import apply it once. The subject (withdrawal, order, refund) moves through the same
 * code the sandbox's answer takes: ledger entries, status, events and the idempotency key's fate.
 */
export async function applyPayoutReport(
  tx: Queryable,
  subjects: PayoutSubjects,
  report: PayoutReport,
  nowMs: number,
): Promise<PayoutReportResult> {
  const payout = await findPayout(tx, report.payoutId, true);
  if (payout === undefined) return 'unknown-payout';
  if (!follows[payout.status].includes(report.outcome)) return 'already-applied';
  const result = await applyReportedOutcome(
    tx,
    subjects[payout.subject],
    payout.payout_id,
    report.outcome,
    report.reason,
  );
  await setPayoutStatus(
    tx,
    payout.payout_id,
    { status: report.outcome, reason: report.reason ?? null, unresolved: result === 'unresolved' },
    nowMs,
  );
  return result === 'already-applied' ? 'already-applied' : result;
}
