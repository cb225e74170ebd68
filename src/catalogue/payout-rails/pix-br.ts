import { CNPJ, CPF, EMAIL } from '../reference/patterns.js';
import type { PayoutRailEntry } from '../types.js';
import { railEntry, required, SPEC_SOURCE } from './field-helpers.js';

const stripAnchors = (source: string): string => source.slice(1, -1);

// The spec names PIX_BR's three keys but not their formats. A Pix key is one of the five DICT key types; a payout
// may go to a company, so the tax id accepts a CNPJ besides a CPF and the name is free text.
const pixKey = [
  stripAnchors(CPF),
  stripAnchors(CNPJ),
  '\\+55[0-9]{10,11}',
  stripAnchors(EMAIL),
  '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}',
].join('|');

export const pixBR: PayoutRailEntry = railEntry(
  'PIX_BR',
  'pix',
  [
    required('destinationName', "Beneficiary's name, 2 to 100 characters.", { minLength: 2, maxLength: 100 }),
    required(
      'destinationPixCode',
      'Pix key: CPF, CNPJ, phone as +55 and 10 or 11 digits, e-mail (at most 77 characters) or random key (UUID).',
      { maxLength: 77, pattern: `^(${pixKey})$`, check: 'pixKey' },
    ),
    required('destinationTaxId', "Beneficiary's CPF (11 digits) or CNPJ (14 digits), separators optional.", {
      pattern: `^(${stripAnchors(CPF)}|${stripAnchors(CNPJ)})$`,
      check: 'cpfCnpj',
      carries: 'taxId',
    }),
  ],
  SPEC_SOURCE,
);
