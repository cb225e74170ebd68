import { canMoveOrder } from '../../domain/states/order-status.js';
import type { EventType } from '../../events/catalogue.js';
import { recordEvent } from '../../events/outbox.js';
import type { Queryable } from '../../storage/db.js';
import { type OrderChange, type OrderRow, updateOrder } from './repo.js';
import { orderView } from './view.js';

/**
 * The one way an order's status changes: checked against the state machine, written, and announced in the same
 * transaction (`order_status_updated` on every change, `order_completed` on Success).
 */
export async function moveOrder(tx: Queryable, order: OrderRow, change: OrderChange, nowMs: number): Promise<OrderRow> {
  if (!canMoveOrder(order.status, change.status)) {
    throw new Error(`order ${order.id} cannot move from ${order.status} to ${change.status}`);
  }
  const updated = await updateOrder(tx, order.id, change, nowMs);
  const data = orderView(updated);
  const announce = (type: EventType) =>
    recordEvent(tx, { workspaceId: order.workspace_id, type, eventId: order.id, data, occurredAtMs: nowMs });
  await announce('order_status_updated');
  if (change.status === 'Success') await announce('order_completed');
  return updated;
}
