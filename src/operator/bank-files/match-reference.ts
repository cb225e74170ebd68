import { findRfReferences } from '../../domain/payments/rf-reference.js';

/**
 * The RF creditor references (ISO 11649) a statement line carries, in order: the structured reference as given,
 * then any a payer typed into the remittance text (spaces and case ignored). Each passed its check digits; the
 * caller still looks it up, so a reading that happens to pass and names nothing matches nothing.
 */
export function rfReferencesIn(references: readonly string[]): string[] {
  return [...new Set(references.flatMap(findRfReferences))];
}
