import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { mod97CheckDigits } from './mod97.js';

// ISO 13616 IBAN: country code, two check digits, then the country's BBAN. ibantools (a maintained library carrying
// the SWIFT IBAN registry) checks each country's length and BBAN format as well as the MOD 97-10 check digits, so a
// German IBAN one digit short or a Dutch one with digits where the bank code's letters go is refused, not only a
// mistyped check digit.

/** The electronic form of an IBAN written in any case and spacing, when it is a valid IBAN of its country. */
export function normalizeIban(text: string): string | undefined {
  const compact = electronicFormatIBAN(text);
  if (compact === null || compact === '') return undefined;
  return isValidIBAN(compact) ? compact : undefined;
}

/** The two ISO 13616 check digits of `country` + `bban`: the one IBAN check-digit function of the project. */
export function ibanCheckDigits(country: string, bban: string): string {
  return mod97CheckDigits(bban, country);
}

/** BIC (ISO 9362): institution (4), country (2), location (2) and an optional branch (3). */
export function isValidBic(text: string): boolean {
  return /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(text);
}
