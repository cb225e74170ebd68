import { mod97 } from './mod97.js';

// ISO 13616 IBAN: country code, two check digits, then the country's BBAN (11 to 30 letters or digits); valid when
// the BBAN followed by the country code and check digits is ≡ 1 (mod 97), the same MOD 97-10 as RF references.

const IBAN = /^[A-Z]{2}\d{2}[0-9A-Z]{11,30}$/;

/** The electronic form of an IBAN written in any case and spacing, when its check digits hold; else undefined. */
export function normalizeIban(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (!IBAN.test(compact)) return undefined;
  return mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1 ? compact : undefined;
}

/** BIC (ISO 9362): institution (4), country (2), location (2) and an optional branch (3). */
export function isValidBic(text: string): boolean {
  return /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(text);
}
