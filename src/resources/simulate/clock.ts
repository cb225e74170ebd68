import type { AppContext } from '../../app-context.js';
import { stateError } from '../../domain/errors.js';
import { orderExpires } from '../../domain/states/order-status.js';
import { limits } from '../../limits.js';
import { secondsOf } from '../../platform/clock.js';
import { advanceClockOffset, clockOffsetMs, forgetClockOffset } from '../../workspaces/clock.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { expireOrder } from '../orders/legs.js';
import { lockOrdersPastPayBy } from '../orders/repo.js';
import type { OrderExpiring } from './expiry.js';

// The workspace's test clock (docs/decisions/sandbox-and-simulator.md, "Sandbox helpers by id and the test clock"): system time plus an offset stored in the workspace's
// row (workspaces/clock.ts), only ever moved forward. Deadlines read it; the one deadline a job enforces (an order's
// payment window) is applied at once by the advance, in its transaction, so that the orders it ends are Expired, with
// their events, when the answer arrives; their expiry jobs later find them Expired and do nothing.

export interface ClockReading {
  readonly now: number;
  readonly offsetSeconds: number;
}

const reading = (systemNowMs: number, offsetMs: number): ClockReading => ({
  now: secondsOf(systemNowMs + offsetMs),
  offsetSeconds: Math.floor(offsetMs / 1000),
});

/** What reading a workspace's test clock reads of the server: the system clock, and the offset its row stores. */
export type WorkspaceClockReading = Pick<AppContext, 'db' | 'clock' | 'config'>;

export async function readWorkspaceClock(
  ctx: WorkspaceClockReading,
  workspace: WorkspaceContext,
): Promise<ClockReading> {
  return reading(ctx.clock.nowMs(), await clockOffsetMs(ctx, workspace.id));
}

/**
 * Moves the workspace's clock forward by `seconds` (1 to limits.testClockAdvanceMaxSeconds, checked by the schema)
 * and expires every order whose payment window the new now has passed. One transaction: the workspace row is locked
 * by the update, so two advances add up rather than race, and nothing is seen half done.
 */
export async function advanceWorkspaceClock(ctx: OrderExpiring, workspace: WorkspaceContext, seconds: number) {
  const nowMs = ctx.clock.nowMs();
  const advanced = await ctx.db.transaction(async (tx) => {
    const offsetMs = await advanceClockOffset(tx, workspace.id, seconds * 1000, nowMs);
    if (offsetMs === undefined) {
      throw stateError(
        `The workspace's clock may run at most ${limits.testClockOffsetMaxMs / 86_400_000} days ahead; it cannot advance ${seconds} s more`,
      );
    }
    const due = await lockOrdersPastPayBy(tx, workspace.id, nowMs + offsetMs, orderExpires);
    for (const order of due) await expireOrder(ctx, tx, order, nowMs);
    return { ...reading(nowMs, offsetMs), expiredOrderIds: due.map((order) => order.id) };
  });
  // Every process may remember the old offset for testClockOffsetMemoryMs after reading it: the answer waits that out.
  forgetClockOffset(workspace.id);
  await new Promise((resolve) => setTimeout(resolve, limits.testClockOffsetMemoryMs + 5));
  return advanced;
}
