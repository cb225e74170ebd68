import { ALPHANUMERIC, CPF, CUIT_CUIL, DIGITS, RUT, VE_ID } from '../reference/patterns.js';
import type { PayoutRailEntry } from '../types.js';
import {
  decided,
  name2Plus,
  nameField,
  networkLookup,
  optional,
  payoutNetworkIds,
  railEntry,
  required,
  SPEC_SOURCE,
} from './field-helpers.js';

const accountTypeField = required('destinationBankAccountType', 'Bank account type: CORRIENTE or AHORRO.', {
  enum: ['CORRIENTE', 'AHORRO'],
});

export const bankDepositBR: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_BR',
  'bank',
  [
    nameField(),
    required('destinationBankCode', 'Brazilian bank code (COMPE), 1 to 4 digits.', {
      minLength: 1,
      maxLength: 4,
      pattern: DIGITS,
    }),
    required('destinationBankBranch', 'Branch (agência) number, 1 to 5 digits.', {
      minLength: 1,
      maxLength: 5,
      pattern: DIGITS,
    }),
    required('destinationBankAccount', 'Account number: 5 to 12 digits, optionally a hyphen and 1 check digit.', {
      pattern: '^[0-9]{5,12}(-[0-9])?$',
    }),
    required('destinationTaxId', "Beneficiary's CPF: 11 digits, separators (000.000.000-00) optional.", {
      pattern: CPF,
      check: 'cpfCnpj',
      carries: 'taxId',
    }),
  ],
  SPEC_SOURCE,
);

// "empty or ..." fields take allowEmpty: partners send '' for a reference they do not use.
export const bankDepositMX: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_MX',
  'bank',
  [
    nameField(),
    required('destinationBankAccountNumber', 'CLABE interbank account number, 18 digits with a valid control digit.', {
      minLength: 18,
      maxLength: 18,
      pattern: DIGITS,
      check: 'clabe',
    }),
    optional('destinationBankCode', 'Bank code, empty or 3 digits.', {
      minLength: 3,
      maxLength: 3,
      pattern: DIGITS,
      allowEmpty: true,
    }),
    optional('numericReference', 'SPEI numeric reference, empty or 1 to 7 digits.', {
      maxLength: 7,
      pattern: DIGITS,
      allowEmpty: true,
    }),
    optional('notesReference', 'SPEI payment concept, empty or 1 to 40 letters, digits and spaces.', {
      maxLength: 40,
      pattern: '^[\\p{L}0-9 ]+$',
      allowEmpty: true,
    }),
    optional('destinationTaxId', "Beneficiary's RFC, empty or 10 to 13 letters or digits.", {
      minLength: 10,
      maxLength: 13,
      pattern: ALPHANUMERIC,
      allowEmpty: true,
      carries: 'taxId',
    }),
  ],
  SPEC_SOURCE,
);

export const bankDepositAR: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_AR',
  'bank',
  [
    name2Plus(),
    optional('destinationNetworkId', `${networkLookup('BANK_DEPOSIT_AR')} May be empty.`, {
      allowEmpty: true,
      enum: payoutNetworkIds('BANK_DEPOSIT_AR'),
    }),
    required('destinationBankAccount', "Beneficiary's CBU, CVU or alias."),
    required('destinationTaxId', "Beneficiary's CUIT/CUIL: 2, 8 and 1 digits, hyphens optional (20-12345678-6).", {
      pattern: CUIT_CUIL,
      check: 'cuit',
      carries: 'taxId',
    }),
  ],
  SPEC_SOURCE,
);

export const bankDepositBO: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_BO',
  'bank',
  [
    required('destinationName', "Beneficiary's full name, 2 to 30 characters.", { minLength: 2, maxLength: 30 }),
    required('destinationBankAccount', "Beneficiary's bank account, 1 to 11 characters.", {
      minLength: 1,
      maxLength: 11,
    }),
    required('destinationTaxId', "Beneficiary's CI or NIT, 1 to 15 characters.", {
      minLength: 1,
      maxLength: 15,
      carries: 'taxId',
    }),
    optional('destinationBankName', 'Bank name, 0 to 20 characters.', { maxLength: 20, allowEmpty: true }),
  ],
  SPEC_SOURCE,
);

export const bankDepositCL: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_CL',
  'bank',
  [
    name2Plus(),
    required('destinationBankName', "Beneficiary's bank name."),
    accountTypeField,
    required(
      'destinationTaxId',
      "Beneficiary's RUT, e.g. 12.345.678-5; dots and hyphen optional, check digit 0-9 or K.",
      {
        pattern: RUT,
        check: 'rut',
        carries: 'taxId',
      },
    ),
    required('destinationBankAccount', "Beneficiary's bank account number."),
  ],
  SPEC_SOURCE,
);

// Only destinationCCI is shown. The other keys are optional so that the spec's minimal body stays valid while the
// beneficiary details partners commonly send are checked rather than rejected as unknown.
export const bankDepositPEN: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_PEN',
  'bank',
  [
    required('destinationCCI', 'Código de Cuenta Interbancario: digits only, 1 to 20.', {
      minLength: 1,
      maxLength: 20,
      pattern: DIGITS,
    }),
    optional('destinationName', "Beneficiary's full name, at least 2 characters.", { minLength: 2 }),
    optional('destinationDocumentType', "Beneficiary's document type: DNI, CE, RUC or PAS.", {
      enum: ['DNI', 'CE', 'RUC', 'PAS'],
    }),
    optional('destinationTaxId', "Beneficiary's document number, 8 to 12 letters or digits.", {
      minLength: 8,
      maxLength: 12,
      pattern: ALPHANUMERIC,
      carries: 'taxId',
    }),
  ],
  SPEC_SOURCE,
);

export const bankDepositVEN: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_VEN',
  'bank',
  [
    name2Plus(),
    required('destinationBankAccount', 'Venezuelan account number, 20 digits (the first 4 are the bank code).', {
      minLength: 20,
      maxLength: 20,
      pattern: DIGITS,
    }),
    required('destinationTaxId', "Beneficiary's cédula or RIF: V, E, J, P or G, then 6 to 9 digits (V-12345678).", {
      pattern: VE_ID,
      carries: 'taxId',
    }),
  ],
  decided('Venezuelan interbank transfers need the 20-digit account and the holder cédula/RIF'),
);
