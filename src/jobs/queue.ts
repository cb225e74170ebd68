import type { Queryable } from '../storage/db.js';
import { type RetentionTarget, retentionFigures } from '../storage/retention.js';
import type { SqlParams } from '../storage/sql-params.js';

export interface NewJob {
  readonly kind: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly runAtMs: number;
}

/** Schedules work inside the caller's transaction: it exists exactly when the change that needs it committed. */
export async function enqueueJob(tx: Queryable, job: NewJob, nowMs: number): Promise<void> {
  await tx.query(`insert into jobs (kind, payload, run_at_ms, created_at_ms) values ($1, $2::text::jsonb, $3, $4)`, [
    job.kind,
    JSON.stringify(job.payload),
    job.runAtMs,
    nowMs,
  ]);
}

/** enqueueJob as one part of a write's single statement (see SqlParams): only where `when` holds. */
export function enqueueJobSql(p: SqlParams, job: NewJob, nowMs: number, when: string): string {
  return `insert into jobs (kind, payload, run_at_ms, created_at_ms)
    select ${p.add(job.kind)}, ${p.add(JSON.stringify(job.payload), 'text')}::jsonb, ${p.add(job.runAtMs, 'bigint')},
      ${p.add(nowMs, 'bigint')} where ${when}`;
}

/**
 * The job of `kind` whose payload's `field` holds `value` (a marker its queuer put there to find it again), locked,
 * with what a caller that runs the job itself needs of it (then markJobDone). `field` is a name from the caller's
 * code, never input.
 */
export async function lockMarkedJob<Row extends Record<string, unknown>>(
  tx: Queryable,
  kind: string,
  field: string,
  value: string,
): Promise<Row | undefined> {
  if (!/^[A-Za-z]\w*$/.test(field)) throw new Error(`a job marker's field is a name: ${field}`);
  const rows = await tx.query<Row>(
    `select id, kind, payload, attempts, done_at_ms from jobs
         where kind = $1 and payload->>'${field}' = $2 for update`,
    [kind, value],
  );
  return rows[0];
}

/**
 * Marks a job done from outside the runner, by a caller that did its work in this transaction instead (the runner
 * then finds it done and skips it).
 */
export async function markJobDone(tx: Queryable, id: bigint, nowMs: number): Promise<void> {
  await tx.query('update jobs set done_at_ms = $2, locked_until_ms = null where id = $1', [id, nowMs]);
}

/**
 * Housekeeping's target for finished jobs (storage/retention.ts): a job is finished once done (a failing one is
 * retried and never done).
 */
export const jobRetention: RetentionTarget<{ readonly jobsBeforeMs: number }> = {
  name: 'jobs',
  sql: `with doomed as (
      select id, done_at_ms as at from jobs
      where done_at_ms is not null and done_at_ms < $1 and done_at_ms >= $3
      order by done_at_ms limit $2
      for update skip locked),
    gone as (delete from jobs j using doomed where j.id = doomed.id returning 1)
    ${retentionFigures({ jobs: 'gone' })}`,
  params: (h) => [h.jobsBeforeMs],
};
