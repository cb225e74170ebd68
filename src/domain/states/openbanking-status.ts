// Open banking payment session statuses (the spec leaves them open); ours, kept small:
//   CREATED     the web form exists; the payer has not paid yet (expires after limits.openBankingSessionTtlMs)
//   AUTHORIZED  the payer approved the payment at their bank; the inbound transfer is settling
//   COMPLETED   the funds settled into the deposit or order: final
//   FAILED      the bank declined, or the deposit/order no longer took the funds: final, no money moved
//   CANCELLED   the payer cancelled, or a newer web form superseded this one: final
//   EXPIRED     the form was not paid in time: final

export const openBankingStatuses = ['CREATED', 'AUTHORIZED', 'COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED'] as const;
export type OpenBankingStatus = (typeof openBankingStatuses)[number];

const moves: Readonly<Record<OpenBankingStatus, readonly OpenBankingStatus[]>> = {
  CREATED: ['AUTHORIZED', 'FAILED', 'CANCELLED', 'EXPIRED'],
  AUTHORIZED: ['COMPLETED', 'FAILED'],
  COMPLETED: [],
  FAILED: [],
  CANCELLED: [],
  EXPIRED: [],
};

export const canMoveOpenBanking = (from: OpenBankingStatus, to: OpenBankingStatus): boolean => moves[from].includes(to);

/** A session that still binds its entity: at most one per deposit or order. */
export const liveOpenBanking: ReadonlySet<OpenBankingStatus> = new Set(['CREATED', 'AUTHORIZED']);

/** Why a session ended, as stored; the page and the status note put it in words. */
export const openBankingReasons = [
  'declined',
  'cancelled_by_payer',
  'superseded',
  'not_payable',
  'not_settled',
  'expired',
] as const;
export type OpenBankingReason = (typeof openBankingReasons)[number];
