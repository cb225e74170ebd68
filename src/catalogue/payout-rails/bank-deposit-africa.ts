import { DIGITS } from '../reference/patterns.js';
import type { FieldRule, PayoutRailEntry } from '../types.js';
import { decided, name2Plus, networkIdField, railEntry, required, SPEC_SOURCE } from './field-helpers.js';

// KE, BW (network id + account) and MW (bank name + account) are the spec's. The other corridors are ours and
// follow the KE/BW shape: the bank is chosen from the networks lookup, so a multi-country currency (XOF, XAF)
// needs no separate country field, and only the account number format differs per corridor.

const account = (description: string, constraints: Omit<FieldRule, 'key' | 'required' | 'description'> = {}) =>
  required('destinationBankAccount', description, constraints);

const networkShape = (rail: string, accountRule: FieldRule): FieldRule[] => [
  name2Plus(),
  networkIdField(rail),
  accountRule,
];

const digitsAccount = (what: string, min: number, max: number): FieldRule =>
  account(`${what}, ${min} to ${max} digits.`, { minLength: min, maxLength: max, pattern: DIGITS });

export const bankDepositKE: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_KE',
  'bank',
  networkShape('BANK_DEPOSIT_KE', account("Beneficiary's bank account number.")),
  SPEC_SOURCE,
);

export const bankDepositBW: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_BW',
  'bank',
  networkShape('BANK_DEPOSIT_BW', account("Beneficiary's bank account number.")),
  SPEC_SOURCE,
);

export const bankDepositMW: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_MW',
  'bank',
  [
    name2Plus(),
    required('destinationBankName', "Beneficiary's bank name, at least 2 characters.", { minLength: 2 }),
    account("Beneficiary's bank account number."),
  ],
  SPEC_SOURCE,
);

export const bankDepositNG: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_NG',
  'bank',
  networkShape(
    'BANK_DEPOSIT_NG',
    account('NUBAN account number, 10 digits.', { minLength: 10, maxLength: 10, pattern: DIGITS }),
  ),
  decided('spec shows the keys only; every Nigerian bank account is a 10-digit NUBAN, bank from networks lookup'),
);

const eastSouthern: ReadonlyArray<readonly [suffix: string, country: string, min: number, max: number]> = [
  ['TZ', 'Tanzanian', 8, 16],
  ['UG', 'Ugandan', 8, 16],
  ['RW', 'Rwandan', 8, 16],
  ['ZM', 'Zambian', 8, 16],
  ['ZA', 'South African', 7, 11],
];

export const bankDepositEastSouthern: PayoutRailEntry[] = eastSouthern.map(([suffix, country, min, max]) =>
  railEntry(
    `BANK_DEPOSIT_${suffix}`,
    'bank',
    networkShape(`BANK_DEPOSIT_${suffix}`, digitsAccount(`${country} bank account number`, min, max)),
    decided(`same shape as BANK_DEPOSIT_KE; ${country} account numbers are ${min} to ${max} digits`),
  ),
);

// UEMOA RIB: 2-letter country + 3-digit bank, 5-digit branch, 12-digit account, 2-digit key (24 characters);
// CEMAC RIB: 23 digits. Either may be sent in IBAN form (country and check digits in front).
export const bankDepositXOF: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_XOF',
  'bank',
  networkShape(
    'BANK_DEPOSIT_XOF',
    account('UEMOA RIB (24 characters, e.g. SN0100152000048500003035) or its 28-character IBAN, uppercase.', {
      pattern: '^([A-Z]{2}[0-9]{2})?[A-Z]{2}[0-9]{22}$',
    }),
  ),
  decided('same shape as BANK_DEPOSIT_KE; UEMOA accounts are 24-character RIBs (or IBANs), bank+country from networks'),
);

export const bankDepositXAF: PayoutRailEntry = railEntry(
  'BANK_DEPOSIT_XAF',
  'bank',
  networkShape(
    'BANK_DEPOSIT_XAF',
    account('CEMAC RIB (23 digits) or its 27-character IBAN, uppercase.', {
      pattern: '^([A-Z]{2}[0-9]{2})?[0-9]{23}$',
    }),
  ),
  decided('same shape as BANK_DEPOSIT_KE; CEMAC accounts are 23-digit RIBs (or IBANs), bank+country from networks'),
);
