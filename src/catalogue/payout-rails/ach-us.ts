import { COUNTRY_ALPHA2, DIGITS, NAME_PATTERN, POSTAL_CODE } from '../reference/patterns.js';
import { achUsStates } from '../reference/us-states.js';
import type { PayoutRailEntry } from '../types.js';
import { EITHER_LOCATION, nameField, optional, railEntry, required, SPEC_SOURCE } from './field-helpers.js';

// Includes the dated changes: `state` required from the list, `bankAccountType` optional defaulting to CHECKING,
// city and postalCode accepted in destinationTransferData or destinationUserData.
export const achUS: PayoutRailEntry = railEntry(
  'ACH_US',
  'bank',
  [
    nameField(),
    required('accountNumber', 'US bank account number, 4 to 17 digits.', {
      minLength: 4,
      maxLength: 17,
      pattern: DIGITS,
    }),
    required('routingNumber', 'ABA routing number, 9 digits with a valid check digit.', {
      minLength: 9,
      maxLength: 9,
      pattern: DIGITS,
      check: 'aba',
    }),
    required('country', "Beneficiary's country, ISO 3166-1 alpha-2 (2 uppercase letters).", {
      pattern: COUNTRY_ALPHA2,
      carries: 'country',
    }),
    required(
      'city',
      "Beneficiary's city: letters (accented allowed) in words separated by single spaces. May be sent in destinationUserData instead.",
      { pattern: NAME_PATTERN, acceptedIn: EITHER_LOCATION, carries: 'city' },
    ),
    required(
      'postalCode',
      "Beneficiary's postal code, 3 to 10 letters, digits, hyphens or spaces. May be sent in destinationUserData instead.",
      { minLength: 3, maxLength: 10, pattern: POSTAL_CODE, acceptedIn: EITHER_LOCATION, carries: 'postalCode' },
    ),
    required('state', "Beneficiary's state or territory, two-letter USPS code.", {
      enum: achUsStates,
      carries: 'state',
    }),
    required('address', "Beneficiary's street address, 3 to 100 characters.", {
      minLength: 3,
      maxLength: 100,
      carries: 'address',
    }),
    required('accountType', 'Account holder type: PERSONAL or BUSINESS.', { enum: ['PERSONAL', 'BUSINESS'] }),
    optional('bankAccountType', 'Bank account type: CHECKING or SAVINGS; CHECKING when omitted.', {
      enum: ['CHECKING', 'SAVINGS'],
      default: 'CHECKING',
    }),
  ],
  SPEC_SOURCE,
);
