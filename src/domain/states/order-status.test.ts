import { describe, expect, it } from 'vitest';
import {
  applyOrderInbound,
  canMoveOrder,
  finalOrderStatuses,
  type OrderStatus,
  orderStatuses,
} from './order-status.js';

describe('applyOrderInbound', () => {
  it.each([
    // expected, received, amount, scenario, status, accept, excess
    [1000n, 0n, 1000n, 'success', 'Received', 1000n, 0n],
    [1000n, 0n, 400n, 'success', 'PartiallyPaid', 400n, 0n],
    [1000n, 400n, 600n, 'success', 'Received', 600n, 0n],
    [1000n, 400n, 700n, 'success', 'Received', 600n, 100n],
    [1000n, 0n, 1500n, 'success', 'Received', 1000n, 500n],
    [1000n, 0n, 1000n, 'failed', 'Failed', 0n, 0n],
    [1000n, 300n, 700n, 'failed', 'PartiallyPaid', 0n, 0n],
    [1000n, 0n, 1000n, 'processing', 'Processing', 0n, 0n],
    [1000n, 0n, 1000n, 'compliance_review', 'ComplianceReview', 1000n, 0n],
    [1000n, 0n, 1200n, 'compliance_review', 'ComplianceReview', 1000n, 200n],
    [1000n, 200n, 300n, 'compliance_review', 'ComplianceReview', 300n, 0n],
  ] as const)(
    'expects %s, has %s, gets %s (%s): %s, takes %s, excess %s',
    (expected, received, amount, scenario, status, accept, excess) => {
      expect(applyOrderInbound(expected, received, amount, scenario)).toEqual({ status, accept, excess });
    },
  );
});

describe('order moves', () => {
  it.each([
    ['Pending', 'Received', true],
    ['Pending', 'Success', true],
    ['Pending', 'Cancelled', true],
    ['PartiallyPaid', 'Cancelled', false],
    ['Processing', 'Expired', false],
    ['Received', 'Exchanging', true],
    ['Exchanging', 'Withdrawn', true],
    ['Withdrawn', 'Success', true],
    ['Withdrawn', 'Refunded', true],
    ['Success', 'Refunded', false],
    ['Expired', 'Received', false],
  ] as const)('%s -> %s: %s', (from, to, allowed) => {
    expect(canMoveOrder(from, to)).toBe(allowed);
  });

  it('final statuses go nowhere, and every other status can end', () => {
    expect([...finalOrderStatuses].sort()).toEqual(['Cancelled', 'Expired', 'Failed', 'Refunded', 'Success']);
    const reachesFinal = (from: OrderStatus, seen = new Set<OrderStatus>()): boolean =>
      finalOrderStatuses.has(from) ||
      orderStatuses.some((to) => !seen.has(to) && canMoveOrder(from, to) && reachesFinal(to, new Set([...seen, from])));
    for (const status of orderStatuses) expect(reachesFinal(status)).toBe(true);
  });
});
