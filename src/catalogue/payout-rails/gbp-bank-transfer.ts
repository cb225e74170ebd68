import { COUNTRY_ALPHA2, DIGITS, POSTAL_CODE } from '../reference/patterns.js';
import type { PayoutRailEntry } from '../types.js';
import { decided, EITHER_LOCATION, optional, railEntry, required } from './field-helpers.js';

// UK Faster Payments route on sort code and account number; the name is what Confirmation of Payee checks.
// city and postalCode follow the dated change shared with SEPA and ACH_US.
export const gbpBankTransfer: PayoutRailEntry = railEntry(
  'GBP_BANK_TRANSFER',
  'bank',
  [
    required('destinationName', "Beneficiary's name as held by the bank, 2 to 140 characters.", {
      minLength: 2,
      maxLength: 140,
    }),
    required('sortCode', 'UK sort code: 6 digits, optionally written as 12-34-56.', {
      pattern: '^[0-9]{2}-?[0-9]{2}-?[0-9]{2}$',
    }),
    required('accountNumber', 'UK bank account number, 8 digits.', { minLength: 8, maxLength: 8, pattern: DIGITS }),
    required('country', "Beneficiary's country, ISO 3166-1 alpha-2 (2 uppercase letters).", {
      pattern: COUNTRY_ALPHA2,
      carries: 'country',
    }),
    required('city', "Beneficiary's town or city, 2 to 100 characters. May be sent in destinationUserData instead.", {
      minLength: 2,
      maxLength: 100,
      acceptedIn: EITHER_LOCATION,
      carries: 'city',
    }),
    required(
      'postalCode',
      "Beneficiary's postcode, 3 to 10 letters, digits, hyphens or spaces. May be sent in destinationUserData instead.",
      { minLength: 3, maxLength: 10, pattern: POSTAL_CODE, acceptedIn: EITHER_LOCATION, carries: 'postalCode' },
    ),
    optional('address', "Beneficiary's street address, 3 to 100 characters.", {
      minLength: 3,
      maxLength: 100,
      carries: 'address',
    }),
  ],
  decided('Faster Payments route on sort code + 8-digit account; city/postalCode per the dated change'),
);
