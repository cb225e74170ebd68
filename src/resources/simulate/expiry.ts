import type { AppContext } from '../../app-context.js';
import { existence, stateError } from '../../domain/errors.js';
import { deletable } from '../../domain/states/deposit-status.js';
import { orderExpires } from '../../domain/states/order-status.js';
import type { Clock } from '../../platform/clock.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { cancelDeposit, type DepositRow, findDeposit } from '../deposits/repo.js';
import { ownedDeposit } from '../deposits/service.js';
import { depositView } from '../deposits/view.js';
import { expireOrder, type LegMoving } from '../orders/legs.js';
import { findOrder, type OrderRow } from '../orders/repo.js';
import { ownedOrder } from '../orders/service.js';
import { orderView } from '../orders/view.js';

/** What expiring an order now reads of the server: the store, and what a step of the order's leg reads. */
export type OrderExpiring = LegMoving & Pick<AppContext, 'db'>;

/**
 * Ends an order's payment window now: the expiry the window's job (or a test clock's advance) applies, under the
 * order's row lock, with its order_status_updated and its part-payment kept as a pending payment. 409 StateError
 * unless the order is Pending or PartiallyPaid (the statuses the window ends; an in-flight transfer is not expired).
 */
export async function expireOrderNow(ctx: OrderExpiring, workspace: WorkspaceContext, id: string) {
  await ownedOrder(ctx.db, workspace, id);
  await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, true);
    if (!order) throw existence(`Order ${id} does not exist`);
    if (!orderExpires.has(order.status)) {
      throw stateError(`Order ${id} is ${order.status}: only a Pending or PartiallyPaid order expires`);
    }
    await expireOrder(ctx, tx, order, ctx.clock.nowMs());
  });
  return orderView((await findOrder(ctx.db, id)) as OrderRow);
}

/**
 * A deposit has no payment window in this API (its instructions stay payable; only orders expire), so there is no
 * expiry of its own to replay: a pending deposit ends, with nothing received, the one way it can, Cancelled, by the
 * conditional update DELETE /v1/deposits/{id} makes (no event: none announces a deposit's cancellation). 409
 * StateError unless it is Pending. docs/decisions/sandbox-and-simulator.md, "Sandbox helpers by id and the test clock" records the choice.
 */
export async function expireDepositNow(db: Queryable, clock: Clock, workspace: WorkspaceContext, id: string) {
  await ownedDeposit(db, workspace, id);
  if (!(await cancelDeposit(db, workspace.id, id, deletable, clock.nowMs()))) {
    const deposit = await findDeposit(db, workspace.id, id);
    throw stateError(`Deposit ${id} is ${deposit?.status}: only a Pending deposit, with nothing received, expires`);
  }
  return depositView((await findDeposit(db, workspace.id, id)) as DepositRow);
}
