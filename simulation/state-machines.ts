import { type DepositStatus, depositStatuses } from '../src/domain/states/deposit-status.js';
import { canMoveOrder, type OrderStatus, orderStatuses } from '../src/domain/states/order-status.js';
import { canMoveRefund, type RefundStatus, refundStatuses } from '../src/domain/states/refund-status.js';
import {
  canMoveWithdrawal,
  type WithdrawalStatus,
  withdrawalStatuses,
} from '../src/domain/states/withdrawal-status.js';

// The state machines the checks hold each resource to. Orders and withdrawals have their move tables in
// src/domain/states; deposits have none there (deposit-status.ts describes the statuses and `applyInbound` computes
// each outcome), so their moves are written here from that description: an inbound transfer from a status that
// accepts one (Pending, Processing, PartiallyReceived) to any outcome applyInbound gives, a held one cleared or
// rejected, a Pending one cancelled. Staying put is always allowed (a snapshot may see no change).

const depositMoves: Readonly<Record<DepositStatus, readonly DepositStatus[]>> = {
  Pending: ['Processing', 'PartiallyReceived', 'ComplianceReview', 'Received', 'Failed', 'Cancelled'],
  Processing: ['PartiallyReceived', 'ComplianceReview', 'Received', 'Failed'],
  PartiallyReceived: ['Processing', 'ComplianceReview', 'Received'],
  ComplianceReview: ['PartiallyReceived', 'Received', 'Failed'],
  Received: [],
  Failed: [],
  Cancelled: [],
};

export interface Machine {
  readonly name: string;
  readonly initial: string;
  readonly statuses: readonly string[];
  canMove(from: string, to: string): boolean;
}

export const machines = {
  order: {
    name: 'order',
    initial: 'Pending',
    statuses: orderStatuses,
    canMove: (from: string, to: string) => canMoveOrder(from as OrderStatus, to as OrderStatus),
  },
  withdrawal: {
    name: 'withdrawal',
    initial: 'Pending',
    statuses: withdrawalStatuses,
    canMove: (from: string, to: string) => canMoveWithdrawal(from as WithdrawalStatus, to as WithdrawalStatus),
  },
  deposit: {
    name: 'deposit',
    initial: 'Pending',
    statuses: depositStatuses,
    canMove: (from: string, to: string) => depositMoves[from as DepositStatus]?.includes(to as DepositStatus) ?? false,
  },
  /** A pending payment's refund; `none` stands for the null of a payment no refund was started for. */
  refund: {
    name: 'refund',
    initial: 'none',
    statuses: ['none', ...refundStatuses],
    canMove: (from: string, to: string) =>
      to !== 'none' && canMoveRefund(from === 'none' ? null : (from as RefundStatus), to as RefundStatus),
  },
} as const satisfies Record<string, Machine>;

/** Whether `to` can follow `from` through zero or more allowed moves (between two snapshots, several may happen). */
export function reachable(machine: Machine, from: string, to: string): boolean {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const status = queue.shift() as string;
    if (status === to) return true;
    for (const next of machine.statuses) {
      if (!seen.has(next) && machine.canMove(status, next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}
