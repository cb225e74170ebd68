import type { PayoutOutcome } from '../../domain/states/withdrawal-status.js';
import type { Queryable } from '../../storage/db.js';
import type { DepositInfo } from './deposit-info.js';

export interface InstructionRequest {
  readonly depositId: string;
  readonly currency: string;
  readonly rail: string;
  /** Exact decimal in major units; undefined for an open-amount collection. */
  readonly amount: string | undefined;
  /**
   * The write of the resource the instructions are for; a provider that takes something finite for them (a wallet's
   * index) runs it in the transaction that takes it (issue #27). Others ignore it (the sandbox, a bank account's
   * collection, the provider service, whose instructions take nothing), and the caller writes. Wrappers pass the
   * request on whole (routedRails, production's wallet channel), so the field reaches the wallet.
   */
  readonly writeDeposit?: (tx: Queryable, info: DepositInfo) => Promise<void>;
}

/** What a payout pays for: the rail's answer comes back to it (jobs/rail-payout.ts, resources/payouts). */
export type PayoutSubject = 'withdrawal' | 'order' | 'refund';

export interface PayoutRequest {
  /** The rail's idempotency key and the reference the bank or provider reports the outcome under. */
  readonly payoutId: string;
  readonly subject: PayoutSubject;
  readonly workspaceId: string;
  readonly currency: string;
  readonly rail: string;
  /** Exact decimal in major units. */
  readonly amount: string;
  readonly destination: Readonly<Record<string, unknown>>;
}

/** Where a real rail's payouts wait for their outcome: the next bank file, or a provider service's callback. */
export type PayoutChannelKind = 'bank-file' | 'provider-service';

/**
 * A rail's answer to a submitted payout: the sandbox decides at once (settled, rejected, returned); a real rail
 * accepts it for processing (`submittedTo`) and reports the outcome later, through a bank file or a signed callback.
 */
export type PayoutAnswer = PayoutOutcome | { readonly submittedTo: PayoutChannelKind };

/**
 * The rails the brokerage collects and pays out through. Internal clearing providers stay behind this interface:
 * nothing of theirs reaches a response. The sandbox implementation issues fictitious, valid instructions; production
 * routes each currency and rail to what the operator configured (routed-rails.ts) and refuses the rest.
 */
export interface RailProvider {
  depositInstructions(request: InstructionRequest): Promise<DepositInfo>;
  /** Submits a payout; called again when a job is retried, so it must be idempotent by payoutId. */
  payout(request: PayoutRequest): Promise<PayoutAnswer>;
}
