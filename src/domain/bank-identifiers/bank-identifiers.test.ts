import { describe, expect, it } from 'vitest';
import { isValidAbaRouting, isValidBic, isValidIban, isValidSortCode } from './bank-identifiers.js';

describe('bank identifiers', () => {
  it.each([
    ['DE89370400440532013000', true],
    ['DE89 3704 0044 0532 0130 00', true],
    ['GB82WEST12345698765432', true],
    ['NL91ABNA0417164300', true],
    ['DE88370400440532013000', false],
    ['DE8937040044', false],
    ['', false],
  ])('IBAN %s is valid: %s', (iban, valid) => expect(isValidIban(iban)).toBe(valid));

  it.each([
    ['DEUTDEFF', true],
    ['DEUTDEFF500', true],
    ['deutdeff', false],
    ['DEUT1EFF', false],
  ])('BIC %s is valid: %s', (bic, valid) => expect(isValidBic(bic)).toBe(valid));

  it.each([
    ['011000015', true],
    ['021000021', true],
    ['011000016', false],
    ['01100001', false],
  ])('routing number %s is valid: %s', (routing, valid) => expect(isValidAbaRouting(routing)).toBe(valid));

  it.each([
    ['20-00-00', true],
    ['200000', false],
  ])('sort code %s is valid: %s', (code, valid) => expect(isValidSortCode(code)).toBe(valid));
});
