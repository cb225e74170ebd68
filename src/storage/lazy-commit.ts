import type { Db, Queryable } from './db.js';

/**
 * Runs fn in one transaction that commits without waiting for its WAL to reach the disk or a synchronous standby
 * (`synchronous_commit` off for this transaction alone): for writes whose loss in a crash or a failover is harmless,
 * because what they record is done again. WAL is written in order, so the next ordinary commit flushes this one
 * with it; only the wait is skipped. PostgreSQL documents the setting per transaction for this case.
 * Used by the webhook dispatcher (docs/decisions/webhooks-and-events.md, "A dispatcher's round commits without
 * waiting for the disk (issue #32)").
 */
export function lazilyCommitted<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('set local synchronous_commit = off');
    return fn(tx);
  });
}
