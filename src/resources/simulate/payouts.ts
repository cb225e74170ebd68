import type { AppContext } from '../../app-context.js';
import { existence, stateError } from '../../domain/errors.js';
import { applyReportedOutcome, rejectionReason } from '../../jobs/rail-payout.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { confirmDelivery, type LegMoving, payoutCameBack, returnedReason } from '../orders/legs.js';
import { findOrder, type OrderRow } from '../orders/repo.js';
import { ownedOrder } from '../orders/service.js';
import { orderView } from '../orders/view.js';
import { returnWithdrawal } from '../withdrawals/payout.js';
import { findWithdrawal, type WithdrawalRow } from '../withdrawals/repo.js';
import { ownedWithdrawal } from '../withdrawals/service.js';
import { withdrawalView } from '../withdrawals/view.js';

// The sandbox's payout helpers by id (docs/decisions/sandbox-and-simulator.md, "Sandbox helpers by id and the test clock"): each applies an outcome through the code a
// real rail's outcome takes (jobs/rail-payout.ts::applyReportedOutcome, the subject's own return), in one
// transaction on the subject's row lock, the lock the payout job's `apply` takes. Whichever of the helper and the
// scheduled sandbox outcome comes second finds the state moved: the job does nothing, the helper answers 409. With
// the workspace's outcomes manual (settings.ts) the scheduled outcome holds, and only the helpers move the payout.

export type WithdrawalMove = 'complete' | 'fail' | 'return';
export type OrderPayoutMove = 'complete' | 'fail' | 'return';

const lockedWithdrawal = async (tx: Queryable, id: string): Promise<WithdrawalRow> => {
  const row = await findWithdrawal(tx, id, true);
  if (!row) throw existence(`Withdrawal ${id} does not exist`);
  return row;
};

const lockedOrder = async (tx: Queryable, id: string): Promise<OrderRow> => {
  const row = await findOrder(tx, id, true);
  if (!row) throw existence(`Order ${id} does not exist`);
  return row;
};

/** What moving a withdrawal's payout reads of the server: the store, the clock, the withdrawal as a payout subject. */
export type WithdrawalPayoutMoving = Pick<AppContext, 'db' | 'clock' | 'payoutSubjects'>;

/**
 * Completes (settled), fails (rejected) or returns a withdrawal's payout. complete and fail need it Pending (its
 * payout not decided yet); return takes a Pending one (it settles, then comes back: every event of a real return)
 * or a Success one. 409 StateError otherwise, naming the status.
 */
export async function moveWithdrawalPayout(
  ctx: WithdrawalPayoutMoving,
  workspace: WorkspaceContext,
  id: string,
  move: WithdrawalMove,
) {
  await ownedWithdrawal(ctx.db, workspace, id);
  const subject = ctx.payoutSubjects.withdrawal;
  await ctx.db.transaction(async (tx) => {
    const withdrawal = await lockedWithdrawal(tx, id);
    const refuse = (needs: string) =>
      stateError(`Withdrawal ${id} is ${withdrawal.status}: its payout can be ${move}d only while ${needs}`);
    if (move !== 'return') {
      if (!subject.awaitsPayout(withdrawal)) throw refuse('Pending');
      await applyReportedOutcome(tx, subject, id, move === 'complete' ? 'settled' : 'rejected');
      return;
    }
    if (subject.awaitsPayout(withdrawal)) await applyReportedOutcome(tx, subject, id, 'settled');
    else if (withdrawal.status !== 'Success') throw refuse('Pending or Success');
    await returnWithdrawal(tx, await lockedWithdrawal(tx, id), ctx.clock.nowMs());
  });
  return withdrawalView((await findWithdrawal(ctx.db, id)) as WithdrawalRow);
}

/** What moving an order's payout leg reads of the server: the store, the order as a payout subject, and a leg's step. */
export type OrderPayoutMoving = LegMoving & Pick<AppContext, 'db' | 'payoutSubjects'>;

const pastTense: Record<OrderPayoutMove, string> = { complete: 'completed', fail: 'failed', return: 'returned' };

/**
 * Completes, fails or returns an order's payout leg while it is in flight: Exchanging (not yet left) or Withdrawn
 * (left, delivery not confirmed: where it waits when the workspace's outcomes are manual). complete confirms delivery
 * (Success, as the confirmation job); from Exchanging the payout first leaves (Withdrawn, as a settled rail answer).
 * fail and return refund the order as a real failed payout does: from Exchanging fail is the rail's rejection and
 * return leaves and comes back; from Withdrawn the payout comes back, with the rail's rejection or the institution's
 * return as the reason. Either way the conversion is reversed, the origin funds go back, the key is consumed.
 */
export async function moveOrderPayout(
  ctx: OrderPayoutMoving,
  workspace: WorkspaceContext,
  id: string,
  move: OrderPayoutMove,
) {
  await ownedOrder(ctx.db, workspace, id);
  const subject = ctx.payoutSubjects.order;
  await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    if (subject.awaitsPayout(order)) {
      const outcome = move === 'complete' ? 'settled' : move === 'fail' ? 'rejected' : 'returned';
      await applyReportedOutcome(tx, subject, id, outcome);
      if (move === 'fail') return;
    } else if (order.status !== 'Withdrawn') {
      throw stateError(
        `Order ${id} is ${order.status}: its payout leg can be ${pastTense[move]} only while Exchanging or Withdrawn`,
      );
    }
    const left = await lockedOrder(tx, id);
    const nowMs = ctx.clock.nowMs();
    if (move === 'complete') await confirmDelivery(tx, left, nowMs);
    else await payoutCameBack(ctx, tx, left, move === 'fail' ? rejectionReason(undefined) : returnedReason, nowMs);
  });
  return orderView((await findOrder(ctx.db, id)) as OrderRow);
}
