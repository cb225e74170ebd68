import type { Queryable } from '../../storage/db.js';

/** A client's row of the token endpoint's brute-force throttle (see login-throttle.ts). */
export interface ThrottleRow {
  consecutive_failures: number;
  next_attempt_at_ms: bigint;
  [column: string]: unknown;
}

/**
 * The client's throttle row, created on first use and locked: the no-op update makes the upsert return the row and
 * hold it, so concurrent attempts for one client are given their turns one after the other.
 */
export async function lockThrottle(tx: Queryable, workspaceId: string): Promise<ThrottleRow | undefined> {
  const rows = await tx.query<ThrottleRow>(
    `insert into login_throttle (workspace_id) values ($1)
       on conflict (workspace_id) do update set workspace_id = excluded.workspace_id
       returning consecutive_failures, next_attempt_at_ms`,
    [workspaceId],
  );
  return rows[0];
}

export async function setNextAttempt(tx: Queryable, workspaceId: string, atMs: number): Promise<void> {
  await tx.query('update login_throttle set next_attempt_at_ms = $2 where workspace_id = $1', [workspaceId, atMs]);
}

/** A successful login forgives the earlier failures and their delay. */
export async function clearFailures(db: Queryable, workspaceId: string): Promise<void> {
  await db.query('update login_throttle set consecutive_failures = 0, next_attempt_at_ms = 0 where workspace_id = $1', [
    workspaceId,
  ]);
}

export async function countFailure(db: Queryable, workspaceId: string): Promise<void> {
  await db.query('update login_throttle set consecutive_failures = consecutive_failures + 1 where workspace_id = $1', [
    workspaceId,
  ]);
}
