import type { Config } from '../config.js';
import { limits } from '../limits.js';
import type { Queryable } from '../storage/db.js';

// The test clock of a workspace (docs/decisions/sandbox-and-simulator.md, "Sandbox helpers by id and the test clock"): its now is the system time plus the offset stored
// in its row. Deadlines follow it (a quote's validity, an order's payment window, an Idempotency-Key's replay window,
// a hosted verification link's expiry); records of when something happened (createdAt, updatedAt, event times,
// ledger entries), access tokens, jobs' schedules and webhook retries stay on the system clock.

interface ClockReader {
  readonly config: Pick<Config, 'brokerageEnv'>;
  readonly db: Queryable;
}

/**
 * Offsets remembered by this process, each for limits.testClockOffsetMemoryMs. Every request of a stage workspace
 * needs its now, and a read per request was half the round trips of a keyed deposit (issue #15). An advance answers
 * only once that has passed after its commit (simulate/clock.ts), so an offset read before the advance is forgotten
 * by every process before the partner hears of the new one: a change made through one process is still seen at once
 * by all. At most limits.testClockOffsetsRememberedMax workspaces: past it the memory starts again.
 */
const remembered = new Map<string, { readonly offsetMs: number; readonly readFromMs: number }>();

/**
 * The workspace's clock offset in milliseconds, read from its row or remembered from a read that began less than
 * limits.testClockOffsetMemoryMs ago (measured from before the read was sent, so a read that crossed an advance's
 * commit is not kept longer than the advance waits). Production has none: 0, without a read.
 */
export async function clockOffsetMs(ctx: ClockReader, workspaceId: string, db: Queryable = ctx.db): Promise<number> {
  if (ctx.config.brokerageEnv === 'production') return 0;
  const startedMs = performance.now();
  const known = remembered.get(workspaceId);
  if (known !== undefined && startedMs - known.readFromMs < limits.testClockOffsetMemoryMs) return known.offsetMs;
  const rows = await db.query<{ clock_offset_ms: string | bigint }>(
    'select clock_offset_ms from workspaces where id = $1',
    [workspaceId],
  );
  const offsetMs = Number(rows[0]?.clock_offset_ms ?? 0);
  if (remembered.size >= limits.testClockOffsetsRememberedMax) remembered.clear();
  remembered.set(workspaceId, { offsetMs, readFromMs: startedMs });
  return offsetMs;
}

/** Forgets what this process remembers of the workspace's offset (its own advance, before it waits for others'). */
export function forgetClockOffset(workspaceId: string): void {
  remembered.delete(workspaceId);
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
