import type { InstrumentCheck } from '../../catalogue/types.js';
import { isValidAbaRouting } from './aba-routing.js';
import { isValidClabe } from './clabe.js';
import { normalizeIban } from './iban.js';
import { isValidCnpj, isValidCpf, isValidCpfOrCnpj, isValidCuit, isValidRut } from './tax-ids.js';

// The check-digit schemes the catalogue's payout fields name (FieldRule.check), one table: the catalogue says which
// field gets which check, this says what each check is. Each runs after the field's pattern has passed, so it only
// has to judge the digits; its message says what failed, for the 400 that names the field.

interface Scheme {
  readonly holds: (value: string) => boolean;
  readonly message: string;
}

/** A Pix key that is a CPF or CNPJ (digits, optionally with the usual separators) is checked as one; others pass. */
function pixKeyHolds(value: string): boolean {
  if (/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value)) return isValidCpf(value);
  if (/^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/.test(value)) return isValidCnpj(value);
  return true;
}

const schemes: Readonly<Record<InstrumentCheck, Scheme>> = {
  iban: {
    holds: (value) => normalizeIban(value) === value,
    message: 'is not a valid IBAN: its check digits, or its length or format for the country, are wrong',
  },
  aba: { holds: isValidAbaRouting, message: 'is not a valid ABA routing number: its check digit is wrong' },
  clabe: { holds: isValidClabe, message: 'is not a valid CLABE: its control digit is wrong' },
  cpfCnpj: { holds: isValidCpfOrCnpj, message: 'is not a valid CPF or CNPJ: its check digits are wrong' },
  pixKey: { holds: pixKeyHolds, message: 'is a CPF or CNPJ Pix key whose check digits are wrong' },
  cuit: { holds: isValidCuit, message: 'is not a valid CUIT/CUIL: its check digit is wrong' },
  rut: { holds: isValidRut, message: 'is not a valid RUT: its check digit is wrong' },
};

/** Why `value` fails `check`, or undefined when its check digits hold. */
export function instrumentCheckProblem(check: InstrumentCheck, value: string): string | undefined {
  const scheme = schemes[check];
  return scheme.holds(value) ? undefined : scheme.message;
}
