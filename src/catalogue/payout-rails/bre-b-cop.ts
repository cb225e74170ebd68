import { DIGITS, EMAIL } from '../reference/patterns.js';
import type { PayoutRailEntry } from '../types.js';
import { decided, name2Plus, railEntry, required } from './field-helpers.js';

// Bre-B (Banco de la República's instant payments, 2025) resolves a key ("llave") to an account. Key types: a
// Colombian mobile number (10 digits starting with 3), an identity document number, an e-mail, an alphanumeric
// key beginning with @, or a merchant code. The holder's document is asked for as on ACH_COP, because the same
// beneficiary identification applies to a cross-border payout whatever the rail.
const breBKey = ['3[0-9]{9}', '[0-9]{5,15}', EMAIL.slice(1, -1), '@[A-Za-z0-9._-]{3,20}'].join('|');

export const breBCOP: PayoutRailEntry = railEntry(
  'BRE_B_COP',
  'bank',
  [
    name2Plus(),
    required(
      'destinationBreBKey',
      'Bre-B key: mobile number (10 digits starting with 3), document number (5 to 15 digits), e-mail, @alias (3 to 20 letters, digits, . _ -) or merchant code.',
      { maxLength: 92, pattern: `^(${breBKey})$` },
    ),
    required('destinationDocumentType', "Type of the holder's identity document: CC, CE, NIT, TI or PP.", {
      enum: ['CC', 'CE', 'NIT', 'TI', 'PP'],
    }),
    required('destinationTaxId', "Holder's identity document number, 5 to 15 digits.", {
      minLength: 5,
      maxLength: 15,
      pattern: DIGITS,
      carries: 'taxId',
    }),
  ],
  decided("Colombia's Bre-B resolves a key (phone, document, e-mail, @alias, merchant code) to the account"),
);
