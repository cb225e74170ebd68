import type { Queryable } from '../storage/db.js';

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
