// Deposit statuses. The spec shows Pending, Processing, Success and Received, and leaves the rest open; ours:
//   Pending           created, waiting for the inbound transfer
//   Processing        an inbound transfer is in flight (not yet credited)
//   PartiallyReceived part of the expected amount was credited; more may follow
//   ComplianceReview  funds arrived and are held (pending bucket), amount stays 0 until cleared
//   Received          the full expected amount (or an open amount) was credited: final
//   Failed            the inbound transfer failed or a held one was rejected: final
//   Cancelled         deleted by the partner before any funds arrived: final

export const depositStatuses = [
  'Pending',
  'Processing',
  'PartiallyReceived',
  'ComplianceReview',
  'Received',
  'Failed',
  'Cancelled',
] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** Statuses in which an inbound transfer can still be applied. */
export const acceptsInbound: ReadonlySet<DepositStatus> = new Set(['Pending', 'Processing', 'PartiallyReceived']);

/** DELETE is allowed only while nothing has arrived: afterwards there is money to account for. */
export const deletable: ReadonlySet<DepositStatus> = new Set(['Pending']);

export type InboundScenario = 'success' | 'failed' | 'compliance_review' | 'processing';

export interface InboundOutcome {
  readonly status: DepositStatus;
  /** Minor units to credit to available now. */
  readonly credit: bigint;
  /** Minor units to hold in pending for review. */
  readonly hold: bigint;
  readonly event: 'deposit_completed' | 'deposit_partially_completed' | undefined;
}

/**
 * What an inbound transfer of `amount` does to a deposit that has `credited` so far and expects `expected`
 * (undefined: open amount). Pure: the caller posts the ledger entry and writes the status in one transaction.
 */
export function applyInbound(
  expected: bigint | undefined,
  credited: bigint,
  amount: bigint,
  scenario: InboundScenario,
): InboundOutcome {
  switch (scenario) {
    case 'failed':
      return { status: credited > 0n ? 'PartiallyReceived' : 'Failed', credit: 0n, hold: 0n, event: undefined };
    case 'processing':
      return { status: 'Processing', credit: 0n, hold: 0n, event: undefined };
    case 'compliance_review':
      return { status: 'ComplianceReview', credit: 0n, hold: amount, event: undefined };
    case 'success': {
      const total = credited + amount;
      const full = expected === undefined || total >= expected;
      return {
        status: full ? 'Received' : 'PartiallyReceived',
        credit: amount,
        hold: 0n,
        event: full ? 'deposit_completed' : 'deposit_partially_completed',
      };
    }
  }
}
