// Withdrawal statuses (the spec shows none):
//   Pending     amount + fee held, the payout submitted to its rail
//   Success     the rail paid out: the hold left for the rail (final unless returned)
//   Failed      the rail rejected the payout: the hold was released (final)
//   Returned    paid out, then returned by the beneficiary's institution: the amount is back (final)

export const withdrawalStatuses = ['Pending', 'Success', 'Failed', 'Returned'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** What a rail reports of a payout. */
export type PayoutOutcome = 'settled' | 'rejected' | 'returned';
