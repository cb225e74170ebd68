// Order statuses. The spec shows Pending, Processing, Success and the filter values Received, Exchanging and
// Withdrawn, and leaves the arrangement open; ours, one status per leg milestone:
//   Pending           created, waiting for the origin funds (nothing received)
//   PartiallyPaid     part of the origin amount arrived; the rest may follow until the payment window ends
//   Processing        an inbound transfer is in flight: detected, not cleared
//   ComplianceReview  funds arrived and are held until an operator clears or rejects them
//   Received          the origin funds arrived in full (or were taken from the balance); conversion queued
//   Exchanging        converted at the quoted rate; the payout leg is being submitted
//   Withdrawn         the payout left for the rail; waiting for the rail to confirm delivery
//   Success           delivered (or credited to the destination balance): final, order_completed
//   Refunded          the payout failed or was returned: the conversion was reversed and the origin funds went back
//                     to the balance they came from, or into a refund to the payer (a pending payment): final
//   Failed            the inbound transfer failed, or held funds were rejected (returned to the payer): final
//   Expired           the payment window ended before the funds arrived in full: final
//   Cancelled         deleted by the partner while Pending: final

export const orderStatuses = [
  'Pending',
  'PartiallyPaid',
  'Processing',
  'ComplianceReview',
  'Received',
  'Exchanging',
  'Withdrawn',
  'Success',
  'Refunded',
  'Failed',
  'Expired',
  'Cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const moves: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Pending: ['PartiallyPaid', 'Processing', 'ComplianceReview', 'Received', 'Success', 'Failed', 'Expired', 'Cancelled'],
  PartiallyPaid: ['Processing', 'ComplianceReview', 'Received', 'Expired'],
  Processing: ['PartiallyPaid', 'ComplianceReview', 'Received', 'Failed'],
  ComplianceReview: ['PartiallyPaid', 'Received', 'Failed'],
  Received: ['Exchanging', 'Success', 'Refunded'],
  Exchanging: ['Withdrawn', 'Success', 'Refunded'],
  Withdrawn: ['Success', 'Refunded'],
  Success: [],
  Refunded: [],
  Failed: [],
  Expired: [],
  Cancelled: [],
};

export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean => moves[from].includes(to);

export const finalOrderStatuses: ReadonlySet<OrderStatus> = new Set(
  orderStatuses.filter((status) => moves[status].length === 0),
);

/** Statuses in which an inbound transfer can still be applied to the origin leg. */
export const orderAcceptsInbound: ReadonlySet<OrderStatus> = new Set(['Pending', 'PartiallyPaid', 'Processing']);

/** Statuses the payment window ends: nothing in flight, not all of the money there. */
export const orderExpires: ReadonlySet<OrderStatus> = new Set(['Pending', 'PartiallyPaid']);

export type OrderInboundScenario = 'success' | 'failed' | 'compliance_review' | 'processing';

export interface OrderInboundOutcome {
  readonly status: OrderStatus;
  /** Minor units taken into the order (toward its origin amount). */
  readonly accept: bigint;
  /** Minor units beyond the origin amount: they become a pending payment. */
  readonly excess: bigint;
}

/**
 * What an inbound transfer of `amount` does to an order that expects `expected` and has `received` so far. Pure:
 * the caller posts the ledger entries and writes the status in one transaction. Funds under compliance review are
 * taken in (they are held by the order) but do not move it on until an operator clears them.
 */
export function applyOrderInbound(
  expected: bigint,
  received: bigint,
  amount: bigint,
  scenario: OrderInboundScenario,
): OrderInboundOutcome {
  const room = expected - received;
  const accept = amount < room ? amount : room;
  const excess = amount - accept;
  switch (scenario) {
    case 'failed':
      return { status: received > 0n ? 'PartiallyPaid' : 'Failed', accept: 0n, excess: 0n };
    case 'processing':
      return { status: 'Processing', accept: 0n, excess: 0n };
    case 'compliance_review':
      return { status: 'ComplianceReview', accept, excess };
    case 'success':
      return { status: received + accept >= expected ? 'Received' : 'PartiallyPaid', accept, excess };
  }
}
