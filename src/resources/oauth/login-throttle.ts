import { limits } from '../../limits.js';
import type { Db } from '../../storage/db.js';

// Brute force at the token endpoint is slowed, not refused: after a few failures each attempt for a client is given
// a turn spaced out by an exponential delay, and waits for it. The turns live in the database, so every process
// shares them. An attempt whose turn is too far away is answered without hashing the password, so a flood costs
// sleeping sockets, not CPU.

export type Turn = { waitMs: number; hashAllowed: boolean };

export function backoffMs(consecutiveFailures: number): number {
  const over = consecutiveFailures - limits.loginFreeFailures;
  if (over < 0) return 0;
  return Math.min(limits.loginBackoffBaseMs * 2 ** over, limits.loginBackoffMaxMs);
}

export async function takeTurn(db: Db, workspaceId: string, nowMs: number): Promise<Turn> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ consecutive_failures: number; next_attempt_at_ms: bigint }>(
      `insert into login_throttle (workspace_id) values ($1)
       on conflict (workspace_id) do update set workspace_id = excluded.workspace_id
       returning consecutive_failures, next_attempt_at_ms`,
      [workspaceId],
    );
    const row = rows[0];
    if (!row) throw new Error('login_throttle upsert returned no row');
    const turnAtMs = Math.max(Number(row.next_attempt_at_ms), nowMs);
    const waitMs = turnAtMs - nowMs;
    if (waitMs > limits.loginMaxWaitMs) return { waitMs: limits.loginMaxWaitMs, hashAllowed: false };
    await tx.query('update login_throttle set next_attempt_at_ms = $2 where workspace_id = $1', [
      workspaceId,
      turnAtMs + backoffMs(row.consecutive_failures),
    ]);
    return { waitMs, hashAllowed: true };
  });
}

export async function recordOutcome(db: Db, workspaceId: string, succeeded: boolean): Promise<void> {
  await db.query(
    succeeded
      ? 'update login_throttle set consecutive_failures = 0, next_attempt_at_ms = 0 where workspace_id = $1'
      : 'update login_throttle set consecutive_failures = consecutive_failures + 1 where workspace_id = $1',
    [workspaceId],
  );
}
