import { isValidRfReference } from '../../domain/payments/rf-reference.js';

/**
 * The RF creditor references (ISO 11649) a statement line carries: the structured reference as given, and any a
 * payer typed into the remittance text, spaces and case ignored ("rf18 5390 0754 7034"). Ours have a 12-character
 * body, tried first; a candidate must pass its check digits, and the caller still looks it up.
 */
export function rfReferencesIn(references: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of references) {
    const compact = text.replace(/\s+/g, '').toUpperCase();
    for (const start of compact.matchAll(/RF\d{2}/g)) {
      const rest = compact.slice(start.index);
      const lengths = [12, ...Array.from({ length: 21 }, (_, i) => 21 - i).filter((n) => n !== 12)];
      for (const length of lengths) {
        const candidate = rest.slice(0, 4 + length);
        if (candidate.length === 4 + length && /^RF\d{2}[A-Z0-9]+$/.test(candidate) && isValidRfReference(candidate)) {
          if (!found.includes(candidate)) found.push(candidate);
          break;
        }
      }
    }
  }
  return found;
}
