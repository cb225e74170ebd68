import { buildPain001 } from '../bank-files/pain-001.js';
import type { SepaDebtorConfig } from '../bank-files/payout-file-config.js';
import type { PayoutFileBuilder } from './payout-file-builder.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * SEPA payouts as one ISO 20022 pain.001 credit transfer file per batch. The batch id is the message id (and the
 * payment information id), so a pain.002 that rejects the whole message names the batch; each payment's
 * EndToEndId is the payout's reference (payouts.reference), which every report and return carries back.
 */
export function sepaPayoutFile(debtor: SepaDebtorConfig): PayoutFileBuilder {
  return {
    rail: 'SEPA',
    currency: 'EUR',
    build({ batchId, createdAtMs, payments }) {
      const createdAt = new Date(createdAtMs);
      const built = buildPain001({
        debtor,
        messageId: batchId,
        createdAt,
        requestedExecutionDate: createdAt.toISOString().slice(0, 10),
        payments: payments.map((payment) => ({
          endToEndId: payment.reference,
          amountCents: payment.amountMinor,
          creditorName: text(payment.destination.destinationName),
          creditorIban: text(payment.destination.iban),
          creditorBic: typeof payment.destination.bic === 'string' ? payment.destination.bic : null,
          remittance: `Payout ${payment.reference}`,
        })),
      });
      return { fileName: `pain001-${batchId}.xml`, contentType: 'application/xml', content: built.xml };
    },
  };
}
