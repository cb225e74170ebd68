import type { Config } from '../../config.js';
import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';
import { type Horizons, pruneBatch, prunedTables, type Removed, type Target } from './targets.js';

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/** The settings' horizons as instants, at `nowMs`. */
export function horizonsAt(config: Config, nowMs: number): Horizons {
  return {
    eventsBeforeMs: nowMs - config.eventRetentionDays * dayMs,
    jobsBeforeMs: nowMs - config.jobRetentionDays * dayMs,
    keysBeforeMs: nowMs - config.idempotencyKeyRetentionHours * hourMs,
    paidBeforeMs: nowMs - config.withdrawalReturnWindowDays * dayMs,
    sessionsBeforeMs: nowMs - config.hostedSessionRetentionDays * dayMs,
    quotesBeforeMs: nowMs - config.quoteRetentionDays * dayMs,
    requestsBeforeMs: nowMs - config.requestLogRetentionDays * dayMs,
  };
}

export const noneRemoved = (): Removed =>
  Object.fromEntries(prunedTables.map((table) => [table, 0])) as unknown as Removed;

export interface PassOptions {
  readonly batchSize: number;
  /** The least rest between two batches, so that requests get the store (PGlite has one connection). */
  readonly pauseMs: number;
  /** How long a pass may go on before it stops at the next batch boundary; what is left is the next pass's. */
  readonly budgetMs: number;
}

/** Where a pass stops and the next slice of its run goes on: a target (by its place in the targets) and its cursor. */
export interface PassPosition {
  readonly target: number;
  readonly fromMs: number;
}

export interface PassResult {
  readonly removed: Removed;
  readonly batches: number;
  /** Whether every target found nothing more past its horizon (false: the budget ran out first). */
  readonly complete: boolean;
  /** Where the next slice starts, when not complete. */
  readonly resumeAt?: PassPosition;
}

/**
 * Removes what is past the horizons, target after target (the owners' prune statements, in the composition root's
 * order), a batch at a time. Each batch is its own statement (autocommit), never one long transaction, and a pass
 * stops once its budget is spent. Safe to run in several processes at once and to repeat: a row is removed by
 * exactly one batch.
 */
export async function prunePass(
  db: Queryable,
  targets: readonly Target[],
  horizons: Horizons,
  options: PassOptions,
  start: PassPosition = { target: 0, fromMs: 0 },
): Promise<PassResult> {
  const startedMs = Date.now();
  const removed = noneRemoved();
  let batches = 0;
  let restMs = 0;
  for (let index = start.target; index < targets.length; index++) {
    const target = targets[index] as Target;
    let fromMs = index === start.target ? start.fromMs : 0;
    for (;;) {
      if (batches > 0 && Date.now() - startedMs >= options.budgetMs) {
        return { removed, batches, complete: false, resumeAt: { target: index, fromMs } };
      }
      if (restMs > 0) await new Promise((resolve) => setTimeout(resolve, restMs));
      const batchStartedMs = Date.now();
      const batch = await pruneBatch(db, target, horizons, options.batchSize, fromMs);
      batches += 1;
      restMs = Math.max(options.pauseMs, limits.housekeepingRestPerBatchRatio * (Date.now() - batchStartedMs));
      for (const table of prunedTables) removed[table] += batch.removed[table] ?? 0;
      if (batch.candidates < options.batchSize || batch.reached === undefined) break;
      fromMs = batch.reached;
    }
  }
  return { removed, batches, complete: true };
}
