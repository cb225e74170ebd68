import type { FastifyBaseLogger } from 'fastify';
import { limits } from '../limits.js';
import type { Clock } from '../platform/clock.js';
import { PollingLoop } from '../platform/polling-loop.js';
import type { Db, Queryable } from '../storage/db.js';

export interface ClaimedJob {
  readonly id: bigint;
  readonly kind: string;
  readonly payload: Record<string, unknown>;
  readonly attempts: number;
}

/** Does a job's work inside the transaction that also marks it done, so its effects commit exactly once. */
export type ApplyJob<P = unknown> = (tx: Queryable, job: ClaimedJob, prepared: P) => Promise<void>;

/**
 * A job that talks to the outside world (a rail, a provider) does so in `prepare`, outside any transaction, and
 * records the outcome in `apply`. `prepare` may run again if the job is retried, so what it calls must be
 * idempotent by the job's own id (real rails take a payout id for that).
 */
export interface TwoPhaseJob<P> {
  readonly prepare: (job: ClaimedJob) => Promise<P>;
  readonly apply: ApplyJob<P>;
}

export type JobHandler = ApplyJob | TwoPhaseJob<never>;

export function twoPhase<P>(job: TwoPhaseJob<P>): JobHandler {
  return job as unknown as TwoPhaseJob<never>;
}

export interface JobRunnerOptions {
  readonly pollIntervalMs: number;
  /** How long a claim protects a job from other processes; a crashed claimer's jobs are retried after it. */
  readonly leaseMs: number;
  readonly batchSize: number;
  readonly retryDelayMs: (attempts: number) => number;
}

export const defaultJobRunnerOptions: JobRunnerOptions = {
  pollIntervalMs: limits.jobPollIntervalMs,
  leaseMs: limits.jobLeaseMs,
  batchSize: limits.jobBatchSize,
  retryDelayMs: (attempts) => Math.min(limits.jobRetryBaseMs * 2 ** attempts, limits.jobRetryMaxMs),
};

/**
 * "Not done yet" for a job found by its id, written so that it does not imply the predicate of the partial index
 * jobs_due (`where done_at_ms is null`): a generic plan made while few jobs were pending could otherwise scan every
 * pending job for one row (as quotes did: see quotes/repo.ts, `unbound`). Only the primary key serves these.
 */
const notDone = 'coalesce(done_at_ms, -1) = -1';

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED and a lease, then runs each in its own transaction, which first
 * re-checks that the job is still not done: several processes share the table, a job's effects happen once, and a
 * job survives any restart. A failed job is retried later with backoff, its error recorded.
 */
export class JobRunner {
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly handlers: ReadonlyMap<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions = defaultJobRunnerOptions,
    /** Short statements each round runs before claiming jobs (folding order-count deltas); each answers a count. */
    private readonly upkeep: readonly (() => Promise<number>)[] = [],
  ) {
    this.loop = new PollingLoop(() => this.drain(), log, {
      intervalMs: options.pollIntervalMs,
      name: 'job runner',
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Runs every job due now (tests call this instead of waiting for the poll); returns how many ran. */
  runDue(): Promise<number> {
    return this.loop.runDue();
  }

  private async drain(): Promise<number> {
    let ran = 0;
    for (const task of this.upkeep) await task();
    for (;;) {
      const claimed = await this.claim();
      for (const job of claimed) {
        await this.runOne(job);
        ran += 1;
        // Let requests in between jobs: the embedded store answers without yielding, so a backlog would otherwise
        // hold the event loop until it is done.
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Claim again until nothing is due: a job may queue its follow-up for now (an order's next leg).
      if (claimed.length === 0) return ran;
    }
  }

  private async claim(): Promise<ClaimedJob[]> {
    const now = this.clock.nowMs();
    return this.db.query<ClaimedJob & Record<string, unknown>>(
      `update jobs set locked_until_ms = $2, attempts = attempts + 1
       where id in (
         select id from jobs
         where done_at_ms is null and run_at_ms <= $1 and (locked_until_ms is null or locked_until_ms < $1)
           and kind = any($4::text[])
         order by run_at_ms limit $3
         for update skip locked)
       returning id, kind, payload, attempts`,
      [now, now + this.options.leaseMs, this.options.batchSize, [...this.handlers.keys()]],
    );
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return;
    try {
      const apply: ApplyJob = typeof handler === 'function' ? handler : (handler.apply as ApplyJob);
      const prepared = typeof handler === 'function' ? undefined : await handler.prepare(job);
      await this.db.transaction(async (tx) => {
        const marked = await tx.query(
          `update jobs set done_at_ms = $2, locked_until_ms = null where id = $1 and ${notDone} returning id`,
          [job.id, this.clock.nowMs()],
        );
        if (marked.length === 0) return; // another process finished it after our lease ran out
        await apply(tx, job, prepared);
      });
    } catch (error) {
      this.log.warn({ err: error, jobId: String(job.id), kind: job.kind }, 'job failed; it will be retried');
      await this.db.query(
        `update jobs set locked_until_ms = null, run_at_ms = $2, last_error = $3 where id = $1 and ${notDone}`,
        [
          job.id,
          this.clock.nowMs() + this.options.retryDelayMs(job.attempts),
          String(error).slice(0, limits.jobErrorLengthMax),
        ],
      );
    }
  }
}
