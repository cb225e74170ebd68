import { ALPHANUMERIC, BIC, DIGITS, NAME_PATTERN } from '../reference/patterns.js';
import type { PayoutRailEntry } from '../types.js';
import { decided, name2Plus, nameField, railEntry, required, SPEC_SOURCE } from './field-helpers.js';

const addressField = required('destinationAddress', "Beneficiary's street address, 3 to 100 characters.", {
  minLength: 3,
  maxLength: 100,
  carries: 'address',
});
const bankNameField = required('destinationBankName', "Beneficiary's bank name, at least 2 characters.", {
  minLength: 2,
});

export const bankDepositCN: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_CN',
  'bank',
  [
    nameField(),
    bankNameField,
    required('destinationBankCode', "Beneficiary's bank code (CNAPS)."),
    required('destinationBankAccount', "Beneficiary's bank account or card number."),
    required('destinationCity', "Beneficiary's city: letters (accented allowed) in words separated by single spaces.", {
      pattern: NAME_PATTERN,
      carries: 'city',
    }),
    required('destinationState', "Beneficiary's province, at least 2 characters.", { minLength: 2, carries: 'state' }),
    required('destinationPostcode', "Beneficiary's postcode, 6 digits.", {
      minLength: 6,
      maxLength: 6,
      pattern: DIGITS,
      carries: 'postalCode',
    }),
    addressField,
    required('destinationTaxId', "Beneficiary's resident identity card number, 18 letters or digits.", {
      minLength: 18,
      maxLength: 18,
      pattern: ALPHANUMERIC,
      carries: 'taxId',
    }),
    required('destinationPhone', "Beneficiary's phone: 6 to 15 digits, optional leading +.", {
      pattern: '^\\+?[0-9]{6,15}$',
      carries: 'phoneNumber',
    }),
  ],
  SPEC_SOURCE,
);

export const bankDepositHK: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_HK',
  'bank',
  [
    nameField(),
    bankNameField,
    required('bic', "Beneficiary bank's BIC (SWIFT code), 8 or 11 uppercase characters.", { pattern: BIC }),
    required('destinationBankAccount', "Beneficiary's bank account number."),
    addressField,
  ],
  SPEC_SOURCE,
);

export const bankDepositTW: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_TW',
  'bank',
  [
    name2Plus(),
    required('destinationBankCode', 'Taiwanese bank code, 3 digits (e.g. 004, 822).', {
      minLength: 3,
      maxLength: 3,
      pattern: DIGITS,
    }),
    required('destinationBankAccount', "Beneficiary's account number, 10 to 16 digits.", {
      minLength: 10,
      maxLength: 16,
      pattern: DIGITS,
    }),
  ],
  decided('FISC interbank transfers route on the 3-digit bank code and a 10 to 16 digit account'),
);
