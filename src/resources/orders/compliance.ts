import type { AppContext } from '../../app-context.js';
import { existence, stateError } from '../../domain/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { parkOrderFunds } from '../pending-payments/service.js';
import { orderJobs } from './legs.js';
import { findOrder } from './repo.js';
import { moveOrder } from './transitions.js';
import { orderView } from './view.js';

/**
 * An operator's decision on an order's funds held for compliance review. Clearing lets the order go on as if the
 * funds had just arrived; rejecting returns them to the payer (a refund that starts at once) and fails the order.
 */
export async function decideOrderCompliance(ctx: AppContext, orderId: string, decision: 'clear' | 'reject') {
  return ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw existence(`Order ${orderId} does not exist`);
    if (order.status !== 'ComplianceReview') {
      throw stateError(`Order ${orderId} is ${order.status}, not held for compliance review`);
    }
    const nowMs = ctx.clock.nowMs();
    if (decision === 'reject') {
      if (order.received_amount > 0n) {
        await parkOrderFunds(tx, {
          workspaceId: order.workspace_id,
          accountId: order.account_id,
          orderId: order.id,
          currency: order.origin_currency,
          amount: order.received_amount,
          counterparty: order.counterparty ?? {},
          refund: true,
          refundDelayMs: ctx.config.sandboxSettleDelayMs,
          nowMs,
        });
      }
      const failed = await moveOrder(
        tx,
        order,
        { status: 'Failed', failureReason: 'Compliance review rejected the funds; they are returned to the payer' },
        nowMs,
      );
      return orderView(failed);
    }
    const complete = order.received_amount >= order.origin_amount;
    const moved = await moveOrder(
      tx,
      order,
      complete ? { status: 'Received', stamps: ['received_at_ms'] } : { status: 'PartiallyPaid' },
      nowMs,
    );
    if (complete) await enqueueJob(tx, { kind: orderJobs.trade, payload: { orderId }, runAtMs: nowMs }, nowMs);
    return orderView(moved);
  });
}
