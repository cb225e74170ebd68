// An ABA routing transit number is nine digits whose last is a check digit: 3·d1 + 7·d2 + d3 + 3·d4 + 7·d5 + d6 +
// 3·d7 + 7·d8 + d9 ≡ 0 (mod 10) (ABA Routing Number Policy). NACHA files carry the first eight digits (the DFI
// identification) and the check digit in separate fields, and the entry hash sums the eight-digit prefixes.

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7] as const;

/** The check digit of an eight-digit DFI identification. */
export function abaCheckDigit(dfiIdentification: string): string {
  if (!/^\d{8}$/.test(dfiIdentification)) throw new RangeError('a DFI identification is eight digits');
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(dfiIdentification[i]), 0);
  return String((10 - (sum % 10)) % 10);
}

/** Whether a text is a nine-digit routing number whose check digit holds. */
export function isValidAbaRouting(text: string): boolean {
  return /^\d{9}$/.test(text) && abaCheckDigit(text.slice(0, 8)) === text[8];
}
