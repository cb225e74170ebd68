import type { Queryable } from '../../storage/db.js';
import type { RetentionTarget } from '../../storage/retention.js';

// What housekeeping removes: each table's owner says what of it is past its retention, in a prune statement it
// exports (storage/retention.ts, which says what every statement does), and the composition root hands them to
// housekeeping in the order a pass runs them (context.ts, `retentionTargets`). Housekeeping computes the horizons,
// runs each statement a batch at a time, and reports (docs/decisions/storage-and-reliability.md, "Retention and housekeeping").

/** Rows before these instants (Unix ms) are past their horizon. */
export interface Horizons {
  readonly eventsBeforeMs: number;
  readonly jobsBeforeMs: number;
  readonly keysBeforeMs: number;
  /** A withdrawal paid before this can no longer be returned (its key may go). */
  readonly paidBeforeMs: number;
  readonly sessionsBeforeMs: number;
  readonly quotesBeforeMs: number;
  /** The partner request log's entries (REQUEST_LOG_RETENTION_DAYS). */
  readonly requestsBeforeMs: number;
}

/** The tables housekeeping prunes, as the run record and the operator API name them. */
export const prunedTables = [
  'webhookDeliveries',
  'outboxEvents',
  'jobs',
  'idempotencyKeys',
  'kycSessions',
  'openBankingSessions',
  'quotes',
  'requestLog',
] as const;
export type PrunedTable = (typeof prunedTables)[number];
export type Removed = Record<PrunedTable, number>;

/** A prune statement as housekeeping runs it: its owner's, given the horizons it needs. */
export type Target = RetentionTarget<Horizons>;

export interface BatchResult {
  /** Rows picked: fewer than the batch size means nothing more is past this horizon. */
  readonly candidates: number;
  /** The horizon column's value of the last row picked, where the next batch starts. */
  readonly reached: number | undefined;
  readonly removed: Partial<Removed>;
}

/** One batch of one target: one statement, so one short transaction. */
export async function pruneBatch(
  db: Queryable,
  target: Target,
  horizons: Horizons,
  limit: number,
  fromMs: number,
): Promise<BatchResult> {
  const [first, ...rest] = target.params(horizons);
  const [row] = await db.query(target.sql, [first, limit, fromMs, ...rest]);
  if (!row) throw new Error(`housekeeping: ${target.name} answered no figures`);
  const removed: Partial<Removed> = {};
  for (const table of prunedTables) if (row[table] !== undefined) removed[table] = Number(row[table]);
  return {
    candidates: Number(row.candidates),
    reached: row.reached === null || row.reached === undefined ? undefined : Number(row.reached),
    removed,
  };
}
