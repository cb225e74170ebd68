import { verificationStatusOf } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { enqueueJob } from '../../jobs/queue.js';
import { type JobHandler, twoPhase } from '../../jobs/runner.js';
import { limits } from '../../limits.js';
import type { Clock } from '../../platform/clock.js';
import type { CheckOutcome } from '../../providers/verification/verification-provider.js';
import type { Queryable } from '../../storage/db.js';
import { moveAccountVerification } from '../../verification/verification.js';
import { addToSubmission, findSubmittedSession } from './repo.js';

export const verificationJobs = { review: 'kyc.review', decide: 'kyc.decide' } as const;

/** What the verification checks' jobs read of the server (the decide job asks the provider outside any transaction). */
type CheckContext = Pick<AppContext, 'clock' | 'verification' | 'config' | 'db'>;

const sessionIdOf = (payload: Record<string, unknown>) => String(payload.sessionId);

/** The account's verification status, locked: a job's move depends on it. */
const statusOf = (tx: Queryable, accountId: string) => verificationStatusOf(tx, accountId, true);

/** Schedules the review of a submission; called in the transaction that records it. */
export async function scheduleReview(tx: Queryable, sessionId: string, runAtMs: number, nowMs: number): Promise<void> {
  await enqueueJob(tx, { kind: verificationJobs.review, payload: { sessionId }, runAtMs }, nowMs);
}

/** The provider took the submission: the verification is under review until it decides. */
function reviewHandler(clock: Clock, config: Config): JobHandler {
  return async (tx, job) => {
    const session = await findSubmittedSession(tx, sessionIdOf(job.payload));
    if (!session || (await statusOf(tx, session.account_id)) !== 'IN_PROGRESS') return;
    const nowMs = clock.nowMs();
    await moveAccountVerification(tx, session.account_id, 'REVIEWING', nowMs);
    await enqueueJob(
      tx,
      {
        kind: verificationJobs.decide,
        payload: { sessionId: session.id },
        runAtMs: nowMs + config.sandboxSettleDelayMs,
      },
      nowMs,
    );
  };
}

/** Asks the provider for its decision (outside the transaction) and records it; asks again later while pending. */
function decideHandler(ctx: CheckContext): JobHandler {
  return twoPhase<CheckOutcome | undefined>({
    prepare: async (job) => {
      const session = await findSubmittedSession(ctx.db, sessionIdOf(job.payload));
      return session?.check_ref ? ctx.verification.outcome(session.check_ref) : undefined;
    },
    apply: async (tx, job, outcome) => {
      const session = await findSubmittedSession(tx, sessionIdOf(job.payload));
      if (!session || outcome === undefined || (await statusOf(tx, session.account_id)) !== 'REVIEWING') return;
      const nowMs = ctx.clock.nowMs();
      if (outcome.state === 'pending') {
        // A vendor (or an operator, in manual review) may take a while: ask again in a minute.
        const later = nowMs + Math.max(ctx.config.sandboxSettleDelayMs, limits.kycPendingRecheckMs);
        await enqueueJob(
          tx,
          { kind: verificationJobs.decide, payload: { sessionId: session.id }, runAtMs: later },
          nowMs,
        );
        return;
      }
      await addToSubmission(tx, session.id, {
        outcome: outcome.state,
        ...(outcome.state === 'rejected' ? { reason: outcome.reason } : {}),
      });
      await moveAccountVerification(
        tx,
        session.account_id,
        outcome.state === 'approved' ? 'APPROVED' : 'REJECTED',
        nowMs,
      );
    },
  });
}

export function verificationCheckHandlers(ctx: CheckContext): [string, JobHandler][] {
  return [
    [verificationJobs.review, reviewHandler(ctx.clock, ctx.config)],
    [verificationJobs.decide, decideHandler(ctx)],
  ];
}
