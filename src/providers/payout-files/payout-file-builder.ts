import type { PayoutChannel } from '../rails/routed-rails.js';

/** One payment of a payout file. */
export interface PayoutFilePayment {
  /** The short reference the payment travels under (EndToEndId, NACHA individual id); outcomes carry it back. */
  readonly reference: string;
  readonly amountMinor: bigint;
  readonly currency: string;
  /** The payout's destinationTransferData as the catalogue validated it (iban, routingNumber, accountNumber, …). */
  readonly destination: Readonly<Record<string, unknown>>;
}

export interface PayoutFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly content: string;
}

/** Writes the file a bank accepts for one rail's batch (pain.001 for SEPA, NACHA for ACH). */
export interface PayoutFileBuilder {
  readonly rail: string;
  readonly currency: string;
  build(batch: {
    /** 32 hex digits: within ISO 20022's 35-character message id. */
    readonly batchId: string;
    readonly createdAtMs: number;
    readonly payments: readonly PayoutFilePayment[];
    /** How many batches and payments of this rail were cut before (cuts of one rail take turns). */
    readonly sequence: { readonly batchesBefore: number; readonly paymentsBefore: number };
  }): PayoutFile;
}

/**
 * The payout channel of a bank-file rail: a payout is accepted for the next batch at once (registered by the payout
 * job) and its outcome comes back when the bank's status report or statement is imported.
 */
export function bankFilePayouts(builder: PayoutFileBuilder, description: string): PayoutChannel {
  return {
    description: `${description}; ${builder.rail} payouts leave in batch files an operator cuts`,
    async submit() {
      return { submittedTo: 'bank-file' };
    },
  };
}
