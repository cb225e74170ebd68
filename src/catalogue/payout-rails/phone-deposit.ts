import { CUIT_CUIL, VE_ID } from '../reference/patterns.js';
import type { PayoutRailEntry } from '../types.js';
import { decided, name2Plus, railEntry, required } from './field-helpers.js';

// Phone deposits pay a bank account that is addressed by its holder's mobile number.

// Pago Móvil: the payer names the receiving bank, the phone and the holder's cédula/RIF.
export const phoneDepositVEN: PayoutRailEntry = railEntry(
  'PHONE_DEPOSIT_VEN',
  'phone',
  [
    name2Plus(),
    required('destinationPhone', 'Mobile number registered for Pago Móvil: +58 and 10 digits starting with 4.', {
      pattern: '^\\+584[0-9]{9}$',
      carries: 'phoneNumber',
    }),
    required('destinationBankCode', 'Receiving bank code, 4 digits (e.g. 0102, 0134).', { pattern: '^[0-9]{4}$' }),
    required('destinationTaxId', "Holder's cédula or RIF: V, E, J, P or G, then 6 to 9 digits (V-12345678).", {
      pattern: VE_ID,
      carries: 'taxId',
    }),
  ],
  decided('Pago Móvil addresses an account by bank code + phone + holder cédula/RIF'),
);

// SPEI transfers to a mobile number (DiMo) are resolved through Banxico's directory: the phone alone routes.
export const phoneDepositMX: PayoutRailEntry = railEntry(
  'PHONE_DEPOSIT_MX',
  'phone',
  [
    name2Plus(),
    required('destinationPhone', 'Mobile number linked to the account (DiMo): 10 digits, optionally preceded by +52.', {
      pattern: '^(\\+52)?[0-9]{10}$',
      carries: 'phoneNumber',
    }),
  ],
  decided('SPEI DiMo routes on the 10-digit mobile number registered with Banxico'),
);

// The tax id mirrors BANK_DEPOSIT_AR, where the dated change made it required for Argentine payouts.
export const phoneDepositAR: PayoutRailEntry = railEntry(
  'PHONE_DEPOSIT_AR',
  'phone',
  [
    name2Plus(),
    required('destinationPhone', 'Mobile number in E.164 form: +549, then the area code and number (10 digits).', {
      pattern: '^\\+549[0-9]{10}$',
      carries: 'phoneNumber',
    }),
    required('destinationTaxId', "Beneficiary's CUIT/CUIL: 2, 8 and 1 digits, hyphens optional (20-12345678-6).", {
      pattern: CUIT_CUIL,
      check: 'cuit',
      carries: 'taxId',
    }),
  ],
  decided('wallet addressed by +549 mobile number; CUIT/CUIL required as on BANK_DEPOSIT_AR'),
);
