// CLABE (Clave Bancaria Estandarizada, Banxico): 3 digits of bank, 3 of plaza, 11 of account and a control digit.
// The control digit weighs the first 17 digits 3, 7, 1 repeated, keeps each product modulo 10, and is 10 minus the
// sum modulo 10 (0 when that is 10).

const WEIGHTS = [3, 7, 1] as const;

/** The control digit of the first 17 digits of a CLABE. */
export function clabeCheckDigit(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('a CLABE has 17 digits before its control digit');
  const sum = [...first17].reduce((total, digit, i) => total + ((Number(digit) * (WEIGHTS[i % 3] ?? 0)) % 10), 0);
  return String((10 - (sum % 10)) % 10);
}

/** Whether a text is an 18-digit CLABE whose control digit holds. */
export function isValidClabe(text: string): boolean {
  return /^\d{18}$/.test(text) && clabeCheckDigit(text.slice(0, 17)) === text[17];
}
