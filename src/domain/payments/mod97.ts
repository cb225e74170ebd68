// ISO 7064 MOD 97-10, the check of IBANs (ISO 13616) and RF creditor references (ISO 11649): letters count as two
// digits (A = 10 … Z = 35) and the number is reduced piecewise, so that a 34-character IBAN never needs a bigint.

const ALPHANUMERIC = /^[0-9A-Z]+$/;

/** The remainder modulo 97 of an uppercase alphanumeric text read as digits (A = 10 … Z = 35). */
export function mod97(text: string): number {
  if (!ALPHANUMERIC.test(text)) throw new RangeError('mod97 reads uppercase letters and digits only');
  let remainder = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    const digits = code <= 57 ? char : String(code - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The two check digits that make `body` + `prefix` + check digits ≡ 1 (mod 97): always 02 to 98. */
export function mod97CheckDigits(body: string, prefix: string): string {
  return String(98 - mod97(`${body}${prefix}00`)).padStart(2, '0');
}
