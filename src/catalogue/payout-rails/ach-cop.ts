import { coBankCodes } from '../reference/co-bank-codes.js';
import { DIGITS } from '../reference/patterns.js';
import type { FieldRule, PayoutRailEntry } from '../types.js';
import { name2Plus, networkLookup, optional, railEntry, required, SPEC_SOURCE } from './field-helpers.js';

// ACH_COP and BANK_DEPOSIT_COL are the same Colombian payout with one key spelled differently; building both from
// one function keeps the five shared rules identical, as the spec requires.
function copFields(accountKey: 'destinationBankAccountNumber' | 'destinationBankAccount'): FieldRule[] {
  return [
    name2Plus(),
    required('destinationBankCode', 'Colombian bank code: 4 digits, one of the published list.', {
      pattern: '^[0-9]{4}$',
      enum: coBankCodes,
    }),
    required(accountKey, "Beneficiary's bank account number."),
    required('destinationBankAccountType', 'Bank account type: CORRIENTE (checking) or AHORRO (savings).', {
      enum: ['CORRIENTE', 'AHORRO'],
    }),
    required(
      'destinationDocumentType',
      "Type of the beneficiary's identity document: CC (citizenship card), CE (foreigner ID), NIT (tax id), TI (minor's ID) or PP (passport).",
      { enum: ['CC', 'CE', 'NIT', 'TI', 'PP'] },
    ),
    required('destinationTaxId', "Beneficiary's identity document number, 5 to 15 digits.", {
      minLength: 5,
      maxLength: 15,
      pattern: DIGITS,
      carries: 'taxId',
    }),
  ];
}

export const achCOP: PayoutRailEntry = railEntry(
  'ACH_COP',
  'bank',
  copFields('destinationBankAccountNumber'),
  SPEC_SOURCE,
);

export const bankDepositCOL: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_COL',
  'bank',
  [
    ...copFields('destinationBankAccount'),
    optional(
      'destinationNetworkId',
      `${networkLookup('BANK_DEPOSIT_COL')} Accepted but not used to route: the bank code routes the payout.`,
    ),
  ],
  SPEC_SOURCE,
);
