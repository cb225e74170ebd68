import type { Queryable } from '../../storage/db.js';

// The housekeeping schedule is one pending row of the job queue, unique by the partial index of migration 0030
// (jobs_one_housekeeping): every process may ask for it at start, one row exists, and the runner's claim (FOR
// UPDATE SKIP LOCKED with a lease) runs it in one process at a time. The run that finishes queues the next one.

export const housekeepingJob = 'housekeeping';

/** The next slice or run: a slice names the run it carries on and where it goes on; a new run names nothing. */
export interface HousekeepingPayload {
  readonly runId?: string;
  readonly target?: number;
  readonly fromMs?: number;
}

const insertPending = `insert into jobs (kind, payload, run_at_ms, created_at_ms)
  values ('${housekeepingJob}', $1::text::jsonb, $2, $3)
  on conflict (kind) where kind = '${housekeepingJob}' and done_at_ms is null do nothing`;

/** Queues the next housekeeping job unless one is pending (the first run of a new store: one interval after start). */
export async function scheduleHousekeeping(
  db: Queryable,
  payload: HousekeepingPayload,
  runAtMs: number,
  nowMs: number,
): Promise<void> {
  await db.query(insertPending, [JSON.stringify(payload), runAtMs, nowMs]);
}

/** An operator's "run now": the pending job becomes due at once (or is queued, had it gone missing). */
export async function runHousekeepingNow(db: Queryable, nowMs: number): Promise<void> {
  const moved = await db.query(
    `update jobs set run_at_ms = least(run_at_ms, $1)
     where kind = '${housekeepingJob}' and done_at_ms is null returning id`,
    [nowMs],
  );
  if (moved.length === 0) await scheduleHousekeeping(db, {}, nowMs, nowMs);
}

/** When the pending housekeeping job is due; undefined when none is queued. */
export async function nextHousekeepingAt(db: Queryable): Promise<number | undefined> {
  const [row] = await db.query<{ run_at_ms: bigint }>(
    `select run_at_ms from jobs where kind = '${housekeepingJob}' and done_at_ms is null`,
  );
  return row && Number(row.run_at_ms);
}
