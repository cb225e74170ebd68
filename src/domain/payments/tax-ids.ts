// Check digits of the Latin American tax ids payout rails carry as destinationTaxId. Each takes the text a partner
// sent (separators allowed, as the catalogue's patterns allow them) and says whether its check digits hold; the
// shape itself is the catalogue pattern's job, so anything that is not the right number of digits is simply false.

/** The digits of a tax id written with the usual separators (dots, hyphens, slashes, spaces) stripped. */
function digitsOf(text: string): number[] {
  return [...text.replace(/[.\-/\s]/g, '')].map((char) => char.charCodeAt(0) - 48);
}

const allDigits = (digits: readonly number[]): boolean => digits.every((d) => d >= 0 && d <= 9);

const weightedSum = (digits: readonly number[], weights: readonly number[]): number =>
  weights.reduce((sum, weight, i) => sum + weight * (digits[i] ?? 0), 0);

/** The Receita Federal's modulo-11 digit: 0 when the remainder is below 2, else 11 minus it (CPF and CNPJ). */
const receitaDigit = (sum: number): number => (sum % 11 < 2 ? 0 : 11 - (sum % 11));

/**
 * Brazilian CPF: two modulo-11 check digits over weights 10..2 and 11..2 (Receita Federal). Eleven equal digits
 * pass the arithmetic but are not issued, so they are refused.
 */
export function isValidCpf(text: string): boolean {
  const digits = digitsOf(text);
  if (digits.length !== 11 || !allDigits(digits) || digits.every((d) => d === digits[0])) return false;
  const first = receitaDigit(weightedSum(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]));
  const second = receitaDigit(weightedSum(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
  return digits[9] === first && digits[10] === second;
}

const CNPJ_FIRST = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_SECOND = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Brazilian CNPJ: two modulo-11 check digits over weights 5..2,9..2 and 6..2,9..2 (Receita Federal). */
export function isValidCnpj(text: string): boolean {
  const digits = digitsOf(text);
  if (digits.length !== 14 || !allDigits(digits) || digits.every((d) => d === digits[0])) return false;
  return (
    digits[12] === receitaDigit(weightedSum(digits, CNPJ_FIRST)) &&
    digits[13] === receitaDigit(weightedSum(digits, CNPJ_SECOND))
  );
}

/** A Brazilian tax id of either kind, told apart by its number of digits (11 for a CPF, 14 for a CNPJ). */
export function isValidCpfOrCnpj(text: string): boolean {
  return digitsOf(text).length === 11 ? isValidCpf(text) : isValidCnpj(text);
}

/**
 * Argentine CUIT/CUIL (AFIP): 11 digits, the last 11 minus the weighted sum (5,4,3,2,7,6,5,4,3,2) modulo 11, 11
 * giving 0. A remainder giving 10 has no digit: AFIP issues such a person a 23 or 33 prefix instead, so it is refused.
 */
export function isValidCuit(text: string): boolean {
  const digits = digitsOf(text);
  if (digits.length !== 11 || !allDigits(digits)) return false;
  const check = 11 - (weightedSum(digits, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  if (check === 10) return false;
  return digits[10] === check % 11;
}

/**
 * Chilean RUT (Servicio de Impuestos Internos): the body's digits from the right times 2, 3, 4, 5, 6, 7, 2, ...;
 * the check is 11 minus the sum modulo 11, with 11 written 0 and 10 written K (either case accepted).
 */
export function isValidRut(text: string): boolean {
  const compact = text.replace(/[.\-\s]/g, '').toUpperCase();
  const match = /^(\d{1,8})([0-9K])$/.exec(compact);
  if (match === null) return false;
  const [, body = '', written = ''] = match;
  const sum = [...body].reverse().reduce((total, digit, i) => total + Number(digit) * (2 + (i % 6)), 0);
  const check = 11 - (sum % 11);
  const expected = check === 11 ? '0' : check === 10 ? 'K' : String(check);
  return written === expected;
}
