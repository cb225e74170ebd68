import { COUNTRY_ALPHA2, IBAN, POSTAL_CODE } from '../reference/patterns.js';
import type { PayoutRailEntry } from '../types.js';
import { EITHER_LOCATION, railEntry, required, SPEC_SOURCE } from './field-helpers.js';

// The spec names SEPA's keys but not their formats. Formats chosen here: the name is free text up to 70
// characters (the SEPA credit-transfer name limit, and companies need punctuation); the IBAN is checked for its
// country's length and format and its check digits; city is free text because European city names carry hyphens and apostrophes (Saint-Étienne, L'Aquila).
export const sepa: PayoutRailEntry = railEntry(
  'SEPA',
  'bank',
  [
    required('destinationName', "Beneficiary's name as held by the bank, 2 to 70 characters.", {
      minLength: 2,
      maxLength: 70,
    }),
    required('iban', "Beneficiary's IBAN: uppercase, no spaces, 15 to 34 characters.", {
      minLength: 15,
      maxLength: 34,
      pattern: IBAN,
      check: 'iban',
    }),
    required('country', "Beneficiary's country, ISO 3166-1 alpha-2 (2 uppercase letters).", {
      pattern: COUNTRY_ALPHA2,
      carries: 'country',
    }),
    required('city', "Beneficiary's city, 2 to 100 characters. May be sent in destinationUserData instead.", {
      minLength: 2,
      maxLength: 100,
      acceptedIn: EITHER_LOCATION,
      carries: 'city',
    }),
    required(
      'postalCode',
      "Beneficiary's postal code, 3 to 10 letters, digits, hyphens or spaces. May be sent in destinationUserData instead.",
      { minLength: 3, maxLength: 10, pattern: POSTAL_CODE, acceptedIn: EITHER_LOCATION, carries: 'postalCode' },
    ),
  ],
  SPEC_SOURCE,
);
