import { describe, expect, it } from 'vitest';
import { canMoveRefund, type RefundStatus } from './refund-status.js';

describe('canMoveRefund', () => {
  it.each<[RefundStatus | null, RefundStatus, boolean]>([
    [null, 'pending_approval', true],
    [null, 'returning', false],
    ['pending_approval', 'returning', true],
    ['pending_approval', 'returned', false],
    ['returning', 'returned', true],
    ['returning', 'failed', true],
    ['failed', 'pending_approval', true],
    ['returned', 'pending_approval', false],
  ])('%s → %s: %s', (from, to, allowed) => {
    expect(canMoveRefund(from, to)).toBe(allowed);
  });
});
