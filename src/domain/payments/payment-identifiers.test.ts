import { describe, expect, it } from 'vitest';
import { abaCheckDigit, isValidAbaRouting } from './aba-routing.js';
import { isValidBic, normalizeIban } from './iban.js';
import { mod97, mod97CheckDigits } from './mod97.js';

describe('mod97', () => {
  it('reads letters as two digits', () => {
    expect(mod97('A')).toBe(10);
    expect(mod97('97')).toBe(0);
    expect(mod97('Z')).toBe(35);
    expect(mod97CheckDigits('539007547034', 'RF')).toBe('18');
  });
  it('refuses anything but uppercase letters and digits', () => {
    expect(() => mod97('ab')).toThrow(RangeError);
  });
});

describe('normalizeIban', () => {
  it.each([
    ['GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432'], // ISO 13616's example
    ['de89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['NL91ABNA0417164300', 'NL91ABNA0417164300'],
    ['GB82WEST12345698765433', undefined],
    ['DE8937040044053201300', undefined],
    ['XX', undefined],
  ])('%j → %s', (text, expected) => {
    expect(normalizeIban(text)).toBe(expected);
  });
  it('knows a BIC', () => {
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('DEUTDEFF500')).toBe(true);
    expect(isValidBic('DEUTDEF')).toBe(false);
    expect(isValidBic('deutdeff')).toBe(false);
  });
});

describe('ABA routing numbers', () => {
  it.each([
    ['021000021', true],
    ['011000015', true],
    ['111000025', true],
    ['021000022', false],
    ['02100002', false],
    ['02100002A', false],
  ])('%s → %s', (routing, valid) => {
    expect(isValidAbaRouting(routing)).toBe(valid);
  });
  it('computes the check digit of a DFI identification', () => {
    expect(abaCheckDigit('02100002')).toBe('1');
    expect(abaCheckDigit('01100001')).toBe('5');
  });
});
