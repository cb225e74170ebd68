import { digitsFor } from './bank-details.js';

// Argentine CVU/CBU: 22 digits in two blocks, each closed by a check digit (BCRA Comunicación A 2440):
// block 1 = entity (3) + branch (4) + check, weights 7 1 3 9 7 1 3; block 2 = account (13) + check, weights
// 3 9 7 1 3 9 7 1 3 9 7 1 3. Entity 000 marks a virtual account (CVU) with no real provider behind it.

function checkDigit(digits: string, weights: readonly number[]): string {
  const sum = [...digits].reduce((total, d, i) => total + Number(d) * (weights[i] ?? 0), 0);
  return String((10 - (sum % 10)) % 10);
}

export function cvuCheckDigits(first7: string, account13: string): [string, string] {
  return [checkDigit(first7, [7, 1, 3, 9, 7, 1, 3]), checkDigit(account13, [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3])];
}

export function sandboxCvu(id: string): string {
  const first7 = `0000${digitsFor(id, 'cvu-branch', 3)}`;
  const account = digitsFor(id, 'cvu-account', 13);
  const [check1, check2] = cvuCheckDigits(first7, account);
  return `${first7}${check1}${account}${check2}`;
}
