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
export interface RailProvider {
  depositInstructions(request: InstructionRequest): Promise<DepositInfo>;
}
