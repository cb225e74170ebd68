import type { Queryable } from '../storage/db.js';
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
 * Marks a job done from outside the runner, by a caller that did its work in this transaction instead (the runner
 * then finds it done and skips it).
 */
export async function markJobDone(tx: Queryable, id: bigint, nowMs: number): Promise<void> {
  await tx.query('update jobs set done_at_ms = $2, locked_until_ms = null where id = $1', [id, nowMs]);
}
