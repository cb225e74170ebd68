import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';
import { foldDayCountDeltas } from './repo-day-counts.js';

/** Deltas moved per fold: a backlog (after a bulk change) takes several rounds, each a short statement. */
const foldBatch = limits.orderDayCountFoldBatchSize;

/**
 * Folds the order-count deltas the triggers append into the per-day counters, a batch per call: the job runner
 * calls it each round (context.ts). The statement is repo-day-counts.ts's. Returns how many deltas it moved.
 */
export function foldOrderDayCounts(db: Queryable): Promise<number> {
  return foldDayCountDeltas(db, foldBatch);
}
