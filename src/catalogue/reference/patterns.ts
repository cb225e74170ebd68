// Anchored regular-expression sources shared by several rails. The validation engine compiles every source with
// the `u` flag, so `\p{...}` classes work and `\d` stays ASCII 0-9 (a full-width digit is not a digit here).
// Length bounds live in the field rules (minLength/maxLength) so that errors can say which bound failed; these
// patterns only constrain the character shape.

/**
 * The spec's name-pattern: letters, accented included, in words separated by single spaces. Combining marks are
 * allowed after a letter so that a decomposed (NFD) "José" is the same name as the precomposed one.
 */
export const NAME_PATTERN = '^\\p{L}[\\p{L}\\p{M}]*( \\p{L}[\\p{L}\\p{M}]*)*$';

/** ISO 3166-1 alpha-2 shape: two uppercase ASCII letters (membership of the ISO list is not checked). */
export const COUNTRY_ALPHA2 = '^[A-Z]{2}$';

/** ASCII digits only; combine with minLength/maxLength for "N to M digits". */
export const DIGITS = '^[0-9]+$';

/** ASCII letters and digits only. */
export const ALPHANUMERIC = '^[A-Za-z0-9]+$';

/** The spec's postal code shape for ACH_US: letters, digits, hyphen, space (3 to 10 via the length bounds). */
export const POSTAL_CODE = '^[\\p{L}0-9 -]+$';

/** Argentine CUIT/CUIL: 2 digits, 8 digits, 1 digit, hyphens optional. */
export const CUIT_CUIL = '^[0-9]{2}-?[0-9]{8}-?[0-9]$';

/** Brazilian CPF: 11 digits, the usual separators (000.000.000-00) optional. */
export const CPF = '^[0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9]{2}$';

/** Brazilian CNPJ: 14 digits, the usual separators (00.000.000/0000-00) optional. */
export const CNPJ = '^[0-9]{2}\\.?[0-9]{3}\\.?[0-9]{3}/?[0-9]{4}-?[0-9]{2}$';

/** Chilean RUT: body of 7 or 8 digits (dots optional), hyphen optional, check digit 0-9 or K. */
export const RUT = '^[0-9]{1,2}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9kK]$';

/** ISO 9362 BIC, 8 or 11 characters: party prefix, country, suffix, optional branch; uppercase. */
export const BIC = '^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$';

/** IBAN shape: country, two check digits, 11 to 30 alphanumerics (15 to 34 in total), uppercase, no spaces. */
export const IBAN = '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$';

/** Venezuelan cédula or RIF: nationality/entity letter, optional hyphen, 6 to 9 digits. */
export const VE_ID = '^[VEJPG]-?[0-9]{6,9}$';

/** A plain e-mail address shape, as used by alias-style instant-payment keys. */
export const EMAIL = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/** Base58 alphabet (Bitcoin's, shared by XRP, Solana, TRON and Polkadot): no 0, O, I, l. */
export const BASE58_CHAR = '[1-9A-HJ-NP-Za-km-z]';

/** Bech32 data alphabet, lowercase: no 1, b, i, o. */
export const BECH32_CHAR = '[02-9ac-hj-np-z]';
