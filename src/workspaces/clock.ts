import type { Config } from '../config.js';
import { limits } from '../limits.js';
import type { Queryable } from '../storage/db.js';

// The test clock of a workspace (docs/decisions.md, "Sandbox helpers by id and the test clock"): its now is the system time plus the offset stored
// in its row. Deadlines follow it (a quote's validity, an order's payment window, an Idempotency-Key's replay window,
// a hosted verification link's expiry); records of when something happened (createdAt, updatedAt, event times,
// ledger entries), access tokens, jobs' schedules and webhook retries stay on the system clock.

interface ClockReader {
  readonly config: Pick<Config, 'brokerageEnv'>;
  readonly db: Queryable;
}

/**
 * The workspace's clock offset in milliseconds, read from its row (never from the per-process cache, so a change
 * made through one process is seen at once by every other). Production has none: 0, without a read.
 */
export async function clockOffsetMs(ctx: ClockReader, workspaceId: string, db: Queryable = ctx.db): Promise<number> {
  if (ctx.config.brokerageEnv === 'production') return 0;
  const rows = await db.query<{ clock_offset_ms: string | bigint }>(
    'select clock_offset_ms from workspaces where id = $1',
    [workspaceId],
  );
  return Number(rows[0]?.clock_offset_ms ?? 0);
}

/**
 * Moves the workspace's clock forward by `byMs` (positive: checked at the edge) in the caller's transaction, the
 * row locked until it commits; answers the new offset, or undefined when it would pass limits.testClockOffsetMaxMs.
 */
export async function advanceClockOffset(
  db: Queryable,
  workspaceId: string,
  byMs: number,
  nowMs: number,
): Promise<number | undefined> {
  const rows = await db.query<{ clock_offset_ms: string | bigint }>(
    `update workspaces set clock_offset_ms = clock_offset_ms + $2, updated_at_ms = $3
     where id = $1 and clock_offset_ms + $2 <= $4 returning clock_offset_ms`,
    [workspaceId, byMs, nowMs, limits.testClockOffsetMaxMs],
  );
  const row = rows[0];
  return row === undefined ? undefined : Number(row.clock_offset_ms);
}
