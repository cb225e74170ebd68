import type { Queryable } from '../../storage/db.js';
import type { PassResult } from './pass.js';
import { prunedTables, type Removed } from './targets.js';

// The record of housekeeping runs (housekeeping_runs, migration 0030): a run is one scheduled pass and the
// follow-up slices that finish it; each slice adds what it removed. The operator API shows the newest.

export interface HousekeepingRun {
  readonly runId: bigint;
  readonly startedAtMs: number;
  /** undefined while further slices are to come. */
  readonly finishedAtMs: number | undefined;
  readonly slices: number;
  readonly removed: Removed;
}

interface RunRow {
  id: bigint;
  started_at_ms: bigint;
  finished_at_ms: bigint | null;
  slices: number;
  removed: Partial<Removed>;
  [column: string]: unknown;
}

const runOf = (row: RunRow): HousekeepingRun => ({
  runId: row.id,
  startedAtMs: Number(row.started_at_ms),
  finishedAtMs: row.finished_at_ms === null ? undefined : Number(row.finished_at_ms),
  slices: row.slices,
  removed: Object.fromEntries(prunedTables.map((t) => [t, Number(row.removed[t] ?? 0)])) as unknown as Removed,
});

/**
 * Adds one slice to its run (a new run when `runId` is undefined), in the transaction that marks the slice's job
 * done, and answers the run's id. A finished run is stamped with `nowMs`.
 */
export async function recordSlice(
  tx: Queryable,
  runId: bigint | undefined,
  slice: PassResult,
  startedAtMs: number,
  nowMs: number,
): Promise<bigint> {
  const finished = slice.complete ? nowMs : null;
  if (runId === undefined) {
    const [row] = await tx.query<{ id: bigint }>(
      `insert into housekeeping_runs (started_at_ms, finished_at_ms, slices, removed)
       values ($1, $2, 1, $3::text::jsonb) returning id`,
      [startedAtMs, finished, JSON.stringify(slice.removed)],
    );
    if (!row) throw new Error('housekeeping: the run was not recorded');
    return row.id;
  }
  const [row] = await tx.query<RunRow>('select * from housekeeping_runs where id = $1 for update', [runId]);
  if (!row) return recordSlice(tx, undefined, slice, startedAtMs, nowMs);
  const total = runOf(row).removed;
  for (const table of prunedTables) total[table] += slice.removed[table];
  await tx.query(
    `update housekeeping_runs set slices = slices + 1, finished_at_ms = $2, removed = $3::text::jsonb where id = $1`,
    [runId, finished, JSON.stringify(total)],
  );
  return runId;
}

/** The record itself is kept as long as finished jobs are. */
export async function pruneRuns(tx: Queryable, beforeMs: number): Promise<void> {
  await tx.query('delete from housekeeping_runs where started_at_ms < $1 and finished_at_ms is not null', [beforeMs]);
}

export async function lastRun(db: Queryable): Promise<HousekeepingRun | undefined> {
  const [row] = await db.query<RunRow>('select * from housekeeping_runs order by id desc limit 1');
  return row && runOf(row);
}
