import { buildNachaFile } from '../bank-files/nacha-file.js';
import type { AchOriginatorConfig } from '../bank-files/payout-file-config.js';
import type { PayoutFileBuilder } from './payout-file-builder.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const modifiers = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * ACH payouts as one NACHA PPD or CCD credit file per batch. Each entry's individual id is the payout's reference (payouts.reference), which a
 * return file carries back. Trace numbers continue from the earlier batches of the rail (`sequence`), so they stay
 * unique per originating bank, and the file id modifier cycles A–Z, 0–9.
 */
export function achPayoutFile(originator: AchOriginatorConfig): PayoutFileBuilder {
  return {
    rail: 'ACH_US',
    currency: 'USD',
    build({ batchId, createdAtMs, payments, sequence }) {
      const createdAt = new Date(createdAtMs);
      const built = buildNachaFile({
        originator,
        createdAt,
        fileIdModifier: modifiers[sequence.batchesBefore % modifiers.length] ?? 'A',
        effectiveEntryDate: createdAt.toISOString().slice(0, 10),
        batchNumber: (sequence.batchesBefore % 9_999_999) + 1,
        firstTraceSequence: (sequence.paymentsBefore % 9_000_000) + 1,
        credits: payments.map((payment) => ({
          payoutReference: payment.reference,
          receiverName: text(payment.destination.destinationName),
          routingNumber: text(payment.destination.routingNumber),
          accountNumber: text(payment.destination.accountNumber),
          accountType: payment.destination.bankAccountType === 'SAVINGS' ? 'savings' : 'checking',
          amountCents: payment.amountMinor,
        })),
      });
      return { fileName: `nacha-${batchId}.ach`, contentType: 'text/plain', content: built.text };
    },
  };
}
