// Refunds of a pending payment (the spec names the values, not the moves): an operator starts one
// (pending_approval), approves it (returning: the rail sends the funds back), and the rail reports returned or
// failed. Only `returned` means the payer has the money back. A failed refund can be started again.

export const refundStatuses = ['pending_approval', 'returning', 'returned', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

const moves: Readonly<Record<string, readonly RefundStatus[]>> = {
  none: ['pending_approval'],
  pending_approval: ['returning'],
  returning: ['returned', 'failed'],
  failed: ['pending_approval'],
  returned: [],
};

export function canMoveRefund(from: RefundStatus | null, to: RefundStatus): boolean {
  return (moves[from ?? 'none'] ?? []).includes(to);
}
