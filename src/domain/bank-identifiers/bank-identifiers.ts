// Check digits of the bank identifiers an operator types into the providers file. A typo in a collection account
// would send customers' money to someone else's account, so the server refuses to start with one.

/** ISO 13616: move the country and check digits to the end, letters as 10..35, the number mod 97 must be 1. */
export function isValidIban(text: string): boolean {
  const iban = text.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const numeric = [...rearranged].map((c) => Number.parseInt(c, 36).toString()).join('');
  return BigInt(numeric) % 97n === 1n;
}

/** ISO 9362: 4 letters (institution), 2 (country), 2 alphanumeric (location), optionally 3 (branch). */
export function isValidBic(text: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(text);
}

/** ABA routing number: weights 3, 7, 1 over the nine digits; the sum is a multiple of 10. */
export function isValidAbaRouting(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...text].reduce((acc, digit, i) => acc + Number(digit) * (weights[i] ?? 0), 0);
  return sum % 10 === 0;
}

/** UK sort code written NN-NN-NN. */
export function isValidSortCode(text: string): boolean {
  return /^\d{2}-\d{2}-\d{2}$/.test(text);
}
