import { currencies } from './currencies.js';

/**
 * The fixed set of `countryCode` values POST /v1/kyc accepts (it pre-selects the document country): every country
 * the catalogue serves, plus India and Turkey, which the spec names for `userPhone`.
 */
export const kycCountries: readonly string[] = [
  ...new Set([...currencies.flatMap((c) => c.countries), 'IN', 'TR']),
].sort();

/** Countries whose corridors need the customer's phone before verification (spec: userPhone). */
export const phoneRequiredCountries: ReadonlySet<string> = new Set(['IN', 'TR']);
