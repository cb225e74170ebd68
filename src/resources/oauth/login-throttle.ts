import { limits } from '../../limits.js';
import type { Db } from '../../storage/db.js';
import { clearFailures, countFailure, lockThrottle, setNextAttempt } from './repo.js';

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
    const row = await lockThrottle(tx, workspaceId);
    if (!row) throw new Error('login_throttle upsert returned no row');
    const turnAtMs = Math.max(Number(row.next_attempt_at_ms), nowMs);
    const waitMs = turnAtMs - nowMs;
    if (waitMs > limits.loginMaxWaitMs) return { waitMs: limits.loginMaxWaitMs, hashAllowed: false };
    await setNextAttempt(tx, workspaceId, turnAtMs + backoffMs(row.consecutive_failures));
    return { waitMs, hashAllowed: true };
  });
}

export async function recordOutcome(db: Db, workspaceId: string, succeeded: boolean): Promise<void> {
  await (succeeded ? clearFailures(db, workspaceId) : countFailure(db, workspaceId));
}
