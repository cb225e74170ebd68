import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../storage/db.js';
import { defaultJobRunnerOptions, type JobHandler, twoPhase } from '../runner.js';
import { horizonsAt, type PassResult, prunePass } from './pass.js';
import { pruneRuns, recordSlice } from './runs.js';
import { type HousekeepingPayload, housekeepingJob, scheduleHousekeeping } from './schedule.js';
import type { Target } from './targets.js';

export { housekeepingJob } from './schedule.js';

/**
 * A slice is kept well inside the job lease, so that no other process claims the job while it runs, and short, so
 * that the jobs queued behind it in this process (payouts among them) wait little.
 */
const sliceBudgetMs = defaultJobRunnerOptions.leaseMs / 10;

interface Slice extends PassResult {
  readonly startedAtMs: number;
}

/**
 * The housekeeping job: `prepare` prunes, outside any transaction, batch by batch (pass.ts); `apply` records what
 * the slice removed, in the transaction that marks the job done, and queues what comes next: the run's next slice
 * at once when the budget ran out first, else the next run one interval later.
 */
export function housekeepingHandler(deps: {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: Config;
  /** What a pass prunes: each owner's prune statement, in the order a pass runs them (context.ts). */
  readonly targets: readonly Target[];
  /** Tests shorten it to make a run take several slices. */
  readonly sliceBudgetMs?: number;
}) {
  const { db, clock, config, targets } = deps;
  const handler: JobHandler = twoPhase<Slice>({
    prepare: async (job) => {
      const startedAtMs = clock.nowMs();
      const { target, fromMs } = job.payload as HousekeepingPayload;
      const options = {
        batchSize: config.housekeepingBatchSize,
        pauseMs: config.housekeepingBatchPauseMs,
        budgetMs: deps.sliceBudgetMs ?? sliceBudgetMs,
      };
      const start = { target: target ?? 0, fromMs: fromMs ?? 0 };
      const pass = await prunePass(db, targets, horizonsAt(config, startedAtMs), options, start);
      return { ...pass, startedAtMs };
    },
    apply: async (tx, job, slice) => {
      const nowMs = clock.nowMs();
      const { runId } = job.payload as HousekeepingPayload;
      const id = await recordSlice(
        tx,
        runId === undefined ? undefined : BigInt(runId),
        slice,
        slice.startedAtMs,
        nowMs,
      );
      if (slice.complete) {
        await pruneRuns(tx, horizonsAt(config, nowMs).jobsBeforeMs);
        await scheduleHousekeeping(tx, {}, nowMs + config.housekeepingIntervalMinutes * 60_000, nowMs);
      } else {
        const next: HousekeepingPayload = { runId: String(id), ...slice.resumeAt };
        await scheduleHousekeeping(tx, next, nowMs, nowMs);
      }
    },
  });
  return [housekeepingJob, handler] as const;
}

/** At start: the schedule exists (one pending job across every process; a pending one is left as it is). */
export function startHousekeeping(db: Db, clock: Clock, config: Config): Promise<void> {
  const nowMs = clock.nowMs();
  return scheduleHousekeeping(db, {}, nowMs + config.housekeepingIntervalMinutes * 60_000, nowMs);
}
