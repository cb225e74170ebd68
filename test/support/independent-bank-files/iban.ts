// IBAN (ISO 13616) and creditor reference (ISO 11649) check digits, and ABA routing check digits, written from the
// public definitions: move the first four characters to the end, letters A..Z -> 10..35, the number mod 97 must be 1.

function lettersToDigits(text: string): string {
  let out = '';
  for (const ch of text.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code >= 48 && code <= 57) out += ch;
    else if (code >= 65 && code <= 90) out += String(code - 55);
    else throw new Error(`character ${JSON.stringify(ch)} has no ISO 7064 value`);
  }
  return out;
}

/** ISO 7064 MOD 97-10 remainder of an alphanumeric string, digit by digit (no big numbers). */
export function mod97(text: string): number {
  let remainder = 0;
  for (const digit of lettersToDigits(text)) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  return remainder;
}

export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(compact)) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

/** Builds an IBAN with valid check digits from a country code and a BBAN. */
export function makeIban(country: string, bban: string): string {
  const remainder = mod97(`${bban}${country}00`);
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** ISO 11649 structured creditor reference: "RF" + 2 check digits + up to 21 alphanumerics. */
export function makeRfReference(reference: string): string {
  const remainder = mod97(`${reference}RF00`);
  return `RF${String(98 - remainder).padStart(2, '0')}${reference}`;
}

export function isValidRfReference(text: string): boolean {
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(text)) return false;
  return mod97(text.slice(4) + text.slice(0, 4)) === 1;
}

/** ABA routing number check digit: weights 3, 7, 1 over the nine digits, the sum is a multiple of 10. */
export function abaCheckDigit(firstEight: string): string {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (firstEight.charCodeAt(i) - 48) * (weights[i] ?? 0);
  return String((10 - (sum % 10)) % 10);
}

export function isValidAba(routing: string): boolean {
  return /^\d{9}$/.test(routing) && abaCheckDigit(routing.slice(0, 8)) === routing[8];
}
