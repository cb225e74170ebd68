// Withdrawal statuses (the spec shows none):
//   Pending     amount + fee held, the payout submitted to its rail
//   Success     the rail paid out: the hold left for the rail (final unless returned)
//   Failed      the rail rejected the payout: the hold was released (final)
//   Returned    paid out, then returned by the beneficiary's institution: the amount is back (final)

export const withdrawalStatuses = ['Pending', 'Success', 'Failed', 'Returned'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** What a rail reports of a payout. */
export type PayoutOutcome = 'settled' | 'rejected' | 'returned';

const moves: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  Pending: ['Success', 'Failed'],
  Success: ['Returned'],
  Failed: [],
  Returned: [],
};

/** Whether a withdrawal may move from `from` to `to`; staying put is not a move. */
export const canMoveWithdrawal = (from: WithdrawalStatus, to: WithdrawalStatus): boolean => moves[from].includes(to);

/** The statuses of a withdrawal whose payout did not deliver: its request failed in execution (spec rule 5). */
export const undelivered: ReadonlySet<WithdrawalStatus> = new Set(['Failed', 'Returned']);
