import { describe, expect, it } from 'vitest';
import {
  clabeCheckDigit,
  ibanCheckDigits,
  STAGE_BIC,
  STAGE_ROUTING_NUMBER,
  sandboxClabe,
  sandboxIban,
  sandboxLocalAccount,
  sandboxMobileNumber,
} from './bank-details.js';

const abaValid = (r: string) => {
  const d = [...r].map(Number);
  const w = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return d.length === 9 && d.reduce((acc, v, i) => acc + v * (w[i] ?? 0), 0) % 10 === 0;
};

describe('check digits', () => {
  it('computes published IBAN check digits', () => {
    expect(ibanCheckDigits('GB', 'WEST12345698765432')).toBe('82');
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(ibanCheckDigits('NL', 'ABNA0417164300')).toBe('91');
  });

  it('computes the CLABE control digit of a published example', () => {
    expect(clabeCheckDigit('03218000011835971')).toBe('9');
  });

  it('uses a routing number with a valid ABA checksum', () => {
    expect(abaValid('021000021')).toBe(true); // a published routing number, to check the checker
    expect(abaValid(STAGE_ROUTING_NUMBER)).toBe(true);
  });

  it('uses a syntactically valid test BIC', () => {
    expect(STAGE_BIC).toMatch(/^[A-Z]{4}NL[A-Z0-9]0([A-Z0-9]{3})?$/);
  });
});

describe('sandbox identifiers', () => {
  it('gives an 18-character Dutch IBAN whose account passes the elfproef', () => {
    const iban = sandboxIban('PREABCDEF123456');
    expect(iban).toMatch(/^NL\d{2}BRKS\d{10}$/);
    const account = iban.slice(8);
    expect([...account].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0) % 11).toBe(0);
  });

  it('gives an 18-digit CLABE on the stage bank code', () => {
    expect(sandboxClabe('PREABCDEF123456')).toMatch(/^999180\d{12}$/);
  });

  it.each([
    ['KE', /^\+2547\d{8}$/],
    ['NG', /^\+23480\d{8}$/],
    ['CI', /^\+22507\d{8}$/],
    ['BW', /^\+2677\d{7}$/],
    ['GQ', /^\+240222\d{6}$/],
  ])('writes %s wallet numbers in E.164', (country, pattern) => {
    expect(sandboxMobileNumber('PREABCDEF123456', country)).toMatch(pattern);
  });

  it('refuses a country without a numbering plan', () => {
    expect(() => sandboxMobileNumber('PREABCDEF123456', 'ZZ')).toThrow();
  });

  it('sizes local accounts per corridor', () => {
    expect(sandboxLocalAccount('PREABCDEF123456', 'NG')).toMatch(/^\d{10}$/);
    expect(sandboxLocalAccount('PREABCDEF123456', 'PE')).toMatch(/^\d{20}$/);
    expect(sandboxLocalAccount('PREABCDEF123456', 'BR')).toMatch(/^\d{12}$/);
  });
});
