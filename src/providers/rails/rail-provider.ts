import type { PayoutOutcome } from '../../domain/states/withdrawal-status.js';
import type { DepositInfo } from './sandbox/instructions.js';

export interface InstructionRequest {
  readonly depositId: string;
  readonly currency: string;
  readonly rail: string;
  /** Exact decimal in major units; undefined for an open-amount collection. */
  readonly amount: string | undefined;
}

/**
 * The rails the brokerage collects and pays out through. Internal clearing providers stay behind this interface:
 * nothing of theirs reaches a response. The sandbox implementation issues fictitious, valid instructions.
 */
export interface PayoutRequest {
  readonly payoutId: string;
  readonly currency: string;
  readonly rail: string;
  /** Exact decimal in major units. */
  readonly amount: string;
  readonly destination: Readonly<Record<string, unknown>>;
}

export interface RailProvider {
  depositInstructions(request: InstructionRequest): Promise<DepositInfo>;
  /** Submits a payout and reports what became of it (the sandbox decides at once; a real rail reports later). */
  payout(request: PayoutRequest): Promise<PayoutOutcome>;
}
