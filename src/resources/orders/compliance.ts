import type { AppContext } from '../../app-context.js';
import { existence, stateError } from '../../domain/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { auditChange } from '../../platform/audit/scope.js';
import { keepAsPendingPayment, orderJobs } from './legs.js';
import { findOrder, type OrderRow } from './repo.js';
import { moveOrder } from './transitions.js';
import { orderView } from './view.js';

/** What an operator's compliance decision on an order reads of the server. */
export type OrderComplianceDeciding = Pick<AppContext, 'db' | 'clock' | 'capabilities' | 'config' | 'secretsKeyring'>;

/**
 * An operator's decision on an order's funds held for compliance review. Clearing lets the order go on as if the
 * funds had just arrived; rejecting returns them to the payer (a refund that starts at once) and fails the order.
 */
export async function decideOrderCompliance(
  ctx: OrderComplianceDeciding,
  orderId: string,
  decision: 'clear' | 'reject',
) {
  return ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw existence(`Order ${orderId} does not exist`);
    if (order.status !== 'ComplianceReview') {
      throw stateError(`Order ${orderId} is ${order.status}, not held for compliance review`);
    }
    const nowMs = ctx.clock.nowMs();
    const audited = (moved: OrderRow) => {
      const after = orderView(moved);
      const target = { type: 'order', id: order.id };
      auditChange(tx, { workspaceId: order.workspace_id, target, before: orderView(order), after });
      return after;
    };
    if (decision === 'reject') {
      await keepAsPendingPayment(ctx, tx, order, order.received_amount, true, nowMs);
      const failed = await moveOrder(
        tx,
        order,
        { status: 'Failed', failureReason: 'Compliance review rejected the funds; they are returned to the payer' },
        nowMs,
      );
      return audited(failed);
    }
    const complete = order.received_amount >= order.origin_amount;
    const moved = await moveOrder(
      tx,
      order,
      complete ? { status: 'Received', stamps: ['received_at_ms'] } : { status: 'PartiallyPaid' },
      nowMs,
    );
    if (complete) await enqueueJob(tx, { kind: orderJobs.trade, payload: { orderId }, runAtMs: nowMs }, nowMs);
    return audited(moved);
  });
}
